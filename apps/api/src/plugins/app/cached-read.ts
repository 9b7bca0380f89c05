/**
 * `read` behind a short memory: its answer is reused for `maxAgeMs` after the read began, and a
 * call made while a read is under way waits for that read rather than start another, so
 * overlapping callers (two scrapers, a slow scrape and the next) cost one query. A failed read is
 * not kept: the next call tries again. `maxAgeMs` 0 reuses nothing beyond the read in flight.
 * `now` is the clock, for tests that pass time without waiting.
 */
export function cachedRead<T>(
  read: () => Promise<T>,
  maxAgeMs: number,
  now: () => number = Date.now,
): () => Promise<T> {
  let kept: { value: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;
  return () => {
    if (kept && now() - kept.at < maxAgeMs) return Promise.resolve(kept.value);
    if (!inFlight) {
      const began = now();
      inFlight = read().then(
        (value) => {
          kept = { value, at: began };
          inFlight = undefined;
          return value;
        },
        (error: unknown) => {
          inFlight = undefined;
          throw error;
        },
      );
    }
    return inFlight;
  };
}
