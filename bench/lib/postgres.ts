import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../scripts/throwaway-postgres.sh', import.meta.url));

export interface Postgres {
  /** Over TCP (127.0.0.1). */
  url: string;
  /**
   * Over its Unix socket, as a server on the same host connects (libpq's form, which
   * node-postgres reads: no host, the socket's folder in `host`); the given URL for yours.
   */
  socketUrl: string;
  version: string;
  stop(): void;
}

/** BENCH_DATABASE_URL when given (a server you run), else a throwaway one on 127.0.0.1. */
export function startPostgres(port = 55460): Postgres {
  if (process.env.BENCH_DATABASE_URL) {
    const url = process.env.BENCH_DATABASE_URL;
    return { url, socketUrl: url, version: 'external', stop: () => {} };
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
  const url = new URL(values.PG_THROWAWAY_URL ?? '');
  // The throwaway server puts its socket in its own folder (scripts/throwaway-postgres.sh, -k).
  const socketUrl = `postgresql://${url.pathname}?host=${encodeURIComponent(values.PG_THROWAWAY_DIR ?? '')}&port=${url.port}&user=${url.username}`;
  return {
    url: values.PG_THROWAWAY_URL ?? '',
    socketUrl,
    version: values.PG_THROWAWAY_VERSION ?? '',
    stop,
  };
}
