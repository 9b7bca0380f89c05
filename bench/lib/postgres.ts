import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../scripts/throwaway-postgres.sh', import.meta.url));

export interface Postgres {
  url: string;
  version: string;
  stop(): void;
}

/** BENCH_DATABASE_URL when given (a server you run), else a throwaway one on 127.0.0.1. */
export function startPostgres(port = 55460): Postgres {
  if (process.env.BENCH_DATABASE_URL) {
    return { url: process.env.BENCH_DATABASE_URL, version: 'external', stop: () => {} };
  }
  const output = execFileSync('bash', [SCRIPT, 'start', String(port)], { encoding: 'utf8' });
  const values = Object.fromEntries(
    output
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    execFileSync('bash', [SCRIPT, 'stop', values.PG_THROWAWAY_DIR ?? '']);
  };
  // Stopped however this process ends (an error, Ctrl-C: startServer exits on the signal).
  process.once('exit', stop);
  return { url: values.PG_THROWAWAY_URL ?? '', version: values.PG_THROWAWAY_VERSION ?? '', stop };
}
