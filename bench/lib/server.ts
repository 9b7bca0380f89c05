import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The compiled server, as `npm start` runs it in production.
const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
let built = false;

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** From the spawn to the first healthy answer (the database already migrated and seeded). */
  startupMs: number;
  /** Resident memory now: the spawned process, and its workers when it is a cluster primary. */
  memory(): ServerMemory;
  stop(): Promise<void>;
}

interface ServerMemory {
  /** The spawned process: the server itself, or with WEB_CONCURRENCY > 1 the cluster primary. */
  mainRssMb: number;
  /** The cluster's workers (empty for one process). */
  workerRssMb: number[];
}

/** VmRSS of a process in MB (Linux /proc); 0 when it is gone or /proc is not there. */
function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/**
 * The child processes of a process: those naming it as parent in /proc/<pid>/stat (the kernel's
 * per-task `children` lists are not built into every kernel).
 */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // After the command name in parentheses: the state, then the parent's pid.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The real server in its own process, so the load generator never shares its event loop. Without
 * a database URL it runs on PGlite in a fresh data directory. `env` adds to or overrides its
 * environment (the bench sends e-mail to its own SMTP sink with MAIL=smtp).
 */
export async function startServer(
  databaseUrl: string | undefined,
  port: number,
  env: Record<string, string> = {},
  /** Node's own flags before the script (a CPU profile's, for one). */
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  if (!built) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@visita/api'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the API did not build');
    built = true;
  }
  const spawned = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'visita-bench-')),
      // Not NODE_ENV=production: production refuses the demo seed and the sandbox payments the
      // bench books with (nothing else in the API reads NODE_ENV).
      // The load comes from one address: the per-address limits would measure themselves.
      RATE_LIMIT_SEARCH_PER_MINUTE: '0',
      RATE_LIMIT_COUPONS_PER_MINUTE: '0',
      RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE: '0',
      RATE_LIMIT_REGISTER_PER_MINUTE: '0',
      RATE_LIMIT_FUND_CHECKS_PER_MINUTE: '0',
      RATE_LIMIT_PERSON_LOOKUPS_PER_APPOINTMENT: '0',
      RATE_LIMIT_APPOINTMENTS_PER_MINUTE: '0',
      RATE_LIMIT_HOLDS_PER_MINUTE: '0',
      RATE_LIMIT_HOLDS_PER_APPOINTMENT: '0',
      HOLDS_PER_ADDRESS: '0',
      HOLDS_PER_BROWSER: '0',
      ADDRESS_SHARE_OF_SECTOR_DAY: '0',
      UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY: '0',
      UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '0',
      RATE_LIMIT_ERROR_REPORTS_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Never leave the server behind, whatever ends this process (an error, Ctrl-C, a timeout).
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      kill();
      process.exit(130);
    });
  const url = `http://127.0.0.1:${port}`;
  // Migrating and seeding PGlite takes a while on a busy machine.
  const deadline = Date.now() + 180_000;
  let startupMs: number;
  try {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) {
          startupMs = Math.round(performance.now() - spawned);
          break;
        }
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('server did not start within 180 s');
      // Polled often: the start-up time is read from it.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } catch (error) {
    kill();
    throw error;
  }
  return {
    url,
    process: child,
    startupMs,
    memory: () => ({
      mainRssMb: child.pid ? rssMb(child.pid) : 0,
      workerRssMb: child.pid ? childrenOf(child.pid).map(rssMb) : [],
    }),
    stop: () =>
      new Promise((resolve) => {
        process.off('exit', kill);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
