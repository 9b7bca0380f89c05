import type { Db } from '../../db/database.ts';
import { type ClaimedEvent, claimDueEvents, markDelivered, markFailed } from './queries.ts';
import { retryDelayMs, withinRetryWindow } from './retry.ts';

type Deliver = (event: ClaimedEvent) => Promise<void>;

export interface OutboxWorkerOptions {
  db: Db;
  deliver: Deliver;
  /** How often an idle worker looks for due events. */
  intervalMs?: number;
  /** How long a claim lasts; longer than any one delivery may take (its timeouts included). */
  leaseMs?: number;
  batchSize?: number;
  /**
   * Deliveries in flight at once. One slow SMTP answer or webhook used to hold the whole batch
   * behind it: under a booking peak the queue grew faster than one-at-a-time could drain it.
   */
  concurrency?: number;
  now?: () => Date;
  random?: () => number;
  /** Told of failures without their content: the error's message only, never addresses. */
  onError?: (error: unknown, event?: ClaimedEvent) => void;
}

export interface OutboxWorker {
  /** One pass: claims a batch and delivers it; resolves to how many were delivered. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops looking for work and waits for the pass in progress. */
  stop(): Promise<void>;
  /**
   * Started, not stopped, and still passing: its last pass ended lately, or the one under way
   * began within a lease (deliveries time out well before). Readiness reads it.
   */
  alive(): boolean;
}

export function createOutboxWorker({
  db,
  deliver,
  intervalMs = 1000,
  leaseMs = 60_000,
  batchSize = 40,
  concurrency = 8,
  now = () => new Date(),
  random = Math.random,
  onError = () => {},
}: OutboxWorkerOptions): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let lastClaimed = 0;
  /** When the pass under way began (null: none under way) and when the last one ended. */
  let passBegan: number | null = null;
  let passEnded = 0;

  async function deliverOne(event: ClaimedEvent, delivered: (id: string) => Promise<void>): Promise<boolean> {
    try {
      await deliver(event);
    } catch (error) {
      onError(error, event);
      const at = now();
      const retryAt = withinRetryWindow(event.createdAt, at)
        ? new Date(at.getTime() + retryDelayMs(event.attempts, random))
        : null;
      await markFailed(db, event.id, {
        error: error instanceof Error ? error.message : String(error),
        now: at,
        retryAt,
      });
      return false;
    }
    await delivered(event.id);
    return true;
  }

  async function runOnce(): Promise<number> {
    const events = await claimDueEvents(db, { now: now(), limit: batchSize, leaseMs });
    lastClaimed = events.length;
    const lanes = Math.max(1, Math.min(concurrency, events.length));
    let delivered = 0;
    let next = 0;
    // Delivered events are marked a few at a time, one statement for as many as there are lanes:
    // if this process dies before a mark, at most those few are delivered again after the lease
    // (at least once, as ever), and the outbox costs the database one write per few deliveries.
    let unmarked: string[] = [];
    const flush = async () => {
      const ids = unmarked;
      unmarked = [];
      try {
        await markDelivered(db, ids, now());
      } catch (error) {
        // Delivered but not marked: claimed until the lease lapses, then delivered again.
        onError(error);
      }
    };
    const markLater = async (id: string) => {
      unmarked.push(id);
      if (unmarked.length >= lanes) await flush();
    };
    // A small pool: each lane takes the next event of the batch until none is left.
    const lane = async () => {
      while (next < events.length) {
        const event = events[next];
        next += 1;
        if (event && (await deliverOne(event, markLater))) delivered += 1;
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    await flush();
    return delivered;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      passBegan = now().getTime();
      running = runOnce()
        .catch((error: unknown) => {
          onError(error);
          return 0;
        })
        .finally(() => {
          passBegan = null;
          passEnded = now().getTime();
        });
      // A full batch means more may be waiting: look again at once.
      void running.then(() => schedule(lastClaimed >= batchSize ? 0 : intervalMs));
    }, delay);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    alive() {
      if (stopped) return false;
      const at = now().getTime();
      if (passBegan !== null) return at - passBegan < leaseMs;
      return at - passEnded < Math.max(30_000, intervalMs * 10);
    },
  };
}
