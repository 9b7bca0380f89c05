import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/database.ts';

/** How often, at most, an instance deletes the counters of windows that have ended. */
const SWEEP_EVERY_MS = 60_000;

export interface RateLimitCounters {
  /** The store class for @fastify/rate-limit's `store` option. */
  Store: FastifyRateLimitStoreCtor;
  /** Waits for a sweep under way, so the database can be closed after it. */
  close(): Promise<void>;
}

/**
 * What @fastify/rate-limit really hands `child` (its index.js, `mergeParams`): the limiter's merged
 * options, with `routeInfo` the route's options for a `config.rateLimit` route and `{}` for a
 * limiter made with `app.rateLimit(…)`. Its typings call the argument a RouteOptions.
 */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Counters for @fastify/rate-limit kept in the database (table rate_limit_hits), so every instance
 * on one PostgreSQL counts the same hits. As in the library's own in-memory store, a key's window
 * of `timeWindow` ms starts at its first hit; times are the database's (never the instances' own
 * clocks, which may disagree), and each hit is one atomic `insert … on conflict do update …
 * returning`. On PGlite, one process, the same table works.
 *
 * When the database cannot count, the request goes through (the plugin is registered with
 * `skipOnError`) and a warning is logged: the limits are a guard against abuse, and turning a
 * failed count into a refusal would refuse every patient whenever the counters table is slow or
 * locked, while the database being down stops the limited calls anyway.
 */
export function createRateLimitCounters(db: Db, log: FastifyBaseLogger): RateLimitCounters {
  let lastSweepAt = 0;
  let longestWindowMs = 0;
  let sweeping: Promise<void> | undefined;

  // Opportunistic, on a hit at most once a minute: no timer to stop, and an idle instance has
  // nothing to sweep. Every instance sweeps; the delete scans a table that holds only the keys
  // counted in the last minutes. Only ended windows go: a key counted meanwhile starts afresh.
  function sweepNowAndThen(): void {
    const now = Date.now();
    if (sweeping || now - lastSweepAt < SWEEP_EVERY_MS) return;
    lastSweepAt = now;
    sweeping = db
      .execute(
        sql`delete from rate_limit_hits
            where window_start < now() - ${longestWindowMs}::bigint * interval '1 millisecond'`,
      )
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'rate-limit: the ended windows could not be deleted'),
      )
      .finally(() => {
        sweeping = undefined;
      });
  }

  async function count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const window = Math.max(1, Math.trunc(timeWindow));
    longestWindowMs = Math.max(longestWindowMs, window);
    // One statement: the conflicting row is locked and re-read, so concurrent hits from any
    // instance each add one. A window that has ended starts again at this hit.
    const [row] = await queryRows<{ hits: number; ttl: string | number }>(
      db,
      sql`insert into rate_limit_hits as counter (key, window_start, hits)
          values (${key}, now(), 1)
          on conflict (key) do update set
            hits = case when counter.window_start > now() - ${window}::bigint * interval '1 millisecond'
                        then counter.hits + 1 else 1 end,
            window_start = case when counter.window_start > now() - ${window}::bigint * interval '1 millisecond'
                                then counter.window_start else now() end
          returning hits,
                    ${window}::bigint - (extract(epoch from now() - window_start) * 1000)::bigint as ttl`,
    );
    if (!row) throw new Error('rate-limit: the counter returned no row');
    sweepNowAndThen();
    // At least 1 ms: a window that ends at this very instant still tells the client to wait.
    return { current: Number(row.hits), ttl: Math.max(1, Number(row.ttl)) };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Set by `child` for a route limited through its `config.rateLimit`, so routes count apart. */
    readonly #prefix: string;

    constructor(_options: unknown, prefix = '') {
      this.#prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      count(this.#prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => {
          log.warn({ err: error }, 'rate-limit: the request was not counted, and goes through');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Limiters made with `app.rateLimit(…)` get no route here: their key names what is counted.
      const { method, url } = (options as unknown as ChildOptions).routeInfo ?? {};
      const route = method && url ? `${[method].flat().join(',')} ${url} ` : '';
      return new DatabaseRateLimitStore(undefined, this.#prefix + route);
    }
  }

  return {
    Store: DatabaseRateLimitStore,
    async close() {
      await sweeping;
    },
  };
}
