/**
 * The real server as a process of its own (tsx on server.ts), for the tests that need what only a
 * process has: several workers sharing a port, a kill mid-payment, a restart on the same database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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

/** The booking limits off: a race test sends everything from one address, and the limits would answer first. */
export const BOOKING_LIMITS_OFF: Readonly<Record<string, string>> = {
  HOLDS_PER_ADDRESS: '0',
  HOLDS_PER_BROWSER: '0',
  ADDRESS_SHARE_OF_SECTOR_DAY: '0',
  UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY: '0',
  UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '0',
  RATE_LIMIT_APPOINTMENTS_PER_MINUTE: '0',
  RATE_LIMIT_HOLDS_PER_MINUTE: '0',
  RATE_LIMIT_PERSON_LOOKUPS_PER_APPOINTMENT: '0',
};

/**
 * A PostgreSQL database of its own on the server at `adminUrl`, and a data folder, for a server
 * process: `drop` removes both (the database even with connections left open).
 */
export async function freshServerDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; dataDir: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
