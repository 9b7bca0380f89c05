/**
 * When the supervisor (server.ts) replaces a dead worker, and when it stops trying. Pure, so the
 * rule is tested without processes: the supervisor tells it each death and obeys the verdict.
 */

interface RespawnPolicyOptions {
  /** The wait before replacing a worker after a first quick death; doubled for each next one. */
  baseDelayMs: number;
  /** The longest wait between replacements, so a service that recovers is back soon after. */
  maxDelayMs: number;
  /** A worker that lived this long was healthy: its death starts the back-off over. */
  stableAfterMs: number;
  /** Deaths are counted over this window… */
  windowMs: number;
  /** …and more than this many in it is a crash loop that respawning will not fix. */
  maxDeathsInWindow: number;
}

export type RespawnVerdict =
  { kind: 'respawn'; delayMs: number } | { kind: 'give-up'; deaths: number; windowMs: number };

interface RespawnPolicy {
  /** A worker died at `now` after living `livedMs`: replace it after a wait, or give up. */
  onDeath(now: number, livedMs: number): RespawnVerdict;
}

/**
 * The defaults for `workers` workers. Killing them all at once costs one death each, so the
 * limit is three rounds of that in five minutes: more is a crash loop (a bad release, a database
 * that refuses every worker), and a process manager restarting the whole service (migrations
 * included) is then the better next step than a supervisor spinning on its own.
 */
export function defaultRespawnOptions(workers: number): RespawnPolicyOptions {
  return {
    baseDelayMs: 1000,
    maxDelayMs: 30_000,
    stableAfterMs: 60_000,
    windowMs: 5 * 60_000,
    maxDeathsInWindow: 3 * workers,
  };
}

export function createRespawnPolicy(options: RespawnPolicyOptions): RespawnPolicy {
  const deaths: number[] = [];
  let quickDeaths = 0;
  return {
    onDeath(now, livedMs) {
      deaths.push(now);
      while (deaths.length > 0 && (deaths[0] ?? now) <= now - options.windowMs) deaths.shift();
      if (deaths.length > options.maxDeathsInWindow)
        return { kind: 'give-up', deaths: deaths.length, windowMs: options.windowMs };
      quickDeaths = livedMs >= options.stableAfterMs ? 1 : quickDeaths + 1;
      const delayMs = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (quickDeaths - 1));
      return { kind: 'respawn', delayMs };
    },
  };
}
