/** How long after its first attempt a delivery is retried before it is left to the operator. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 10_000;
const MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * Exponential backoff: 10 s after the first failure, doubling up to an hour, with up to 20 %
 * random spread so deliveries that failed together (a partner's endpoint down) do not all come
 * back at the same instant. `random` is injectable for tests.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  return Math.round(base * (1 + 0.2 * random()));
}

/** Whether a delivery that failed at `now` still has time for another attempt. */
export const withinRetryWindow = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() < RETRY_WINDOW_MS;
