/**
 * The real server as a process of its own (tsx on server.ts), for the tests that need what only a
 * process has: several workers sharing a port, a kill mid-payment, a restart on the same database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));

export interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  address: string;
  output: () => string;
  /** SIGKILL to the primary and its workers at once (their process group). */
  kill(): Promise<void>;
}

export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server with WEB_CONCURRENCY workers, once every one of them is ready. */
export async function startServer(env: Record<string, string>, workers: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: one signal reaches the primary and every worker it forked.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let signalled = false;
  const kill = async () => {
    // Once: a process group id is not signalled again after it is gone (it could be reused).
    if (!signalled && child.pid) {
      signalled = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await exited;
  };
  try {
    await waitFor(
      'the server to start',
      () => {
        if (child.exitCode !== null) throw new Error('the server exited');
        return (output.match(/"msg":"ready"/g) ?? []).length >= workers;
      },
      120_000,
    );
  } catch (error) {
    await kill();
    throw new Error(`the server did not start (${(error as Error).message}):\n${output}`, { cause: error });
  }
  const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  if (!address) throw new Error(`no address in the log:\n${output}`);
  return { child, exited, address, output: () => output, kill };
}
