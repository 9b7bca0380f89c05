import type { AvailabilityEntry } from '@visita/domain/contract/appointments';
import { LRUCache } from 'lru-cache';

/** A kept answer is served while a fresh one is computed, but never once this many TTLs old. */
export const STALE_FACTOR = 5;

interface Entry {
  value: AvailabilityEntry[];
  at: number;
  sectorId: number;
}

/**
 * Availability answers per sector, skills and horizon, kept `ttlMs` (0 turns the cache off).
 * Availability only guides the person: a hold is decided by the database's unique index, so a
 * block taken on another instance in the last seconds is refused at scheduling with the product's
 * toast. Within that bound it keeps every request from redoing the same month of shifts and
 * visits: a recent answer is served at once while one refresh runs; an older one waits for the
 * refresh; and a hold on this instance clears its sector at once, so a person never sees a block
 * as free just after it was taken here.
 */
export function createAvailabilityCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new LRUCache<string, Entry>({ max: 5000 });
  const refreshing = new Map<string, Promise<AvailabilityEntry[]>>();
  // Bumped when a sector is cleared, so a refresh that started before a hold is not kept after it.
  const generations = new Map<number, number>();

  function refresh(key: string, sectorId: number, compute: () => Promise<AvailabilityEntry[]>) {
    const running = refreshing.get(key);
    if (running) return running;
    const generation = generations.get(sectorId) ?? 0;
    const started = now();
    const promise = compute()
      .then((value) => {
        if ((generations.get(sectorId) ?? 0) === generation)
          entries.set(key, { value, at: started, sectorId });
        return value;
      })
      .finally(() => refreshing.delete(key));
    refreshing.set(key, promise);
    return promise;
  }

  return {
    async get(
      key: string,
      sectorId: number,
      compute: () => Promise<AvailabilityEntry[]>,
    ): Promise<AvailabilityEntry[]> {
      if (ttlMs === 0) return compute();
      const entry = entries.get(key);
      const age = entry ? now() - entry.at : Number.POSITIVE_INFINITY;
      if (entry && age < ttlMs) return entry.value;
      if (entry && age < ttlMs * STALE_FACTOR) {
        // A failed background refresh leaves the kept answer to age out; the next request retries.
        refresh(key, sectorId, compute).catch(() => {});
        return entry.value;
      }
      return refresh(key, sectorId, compute);
    },
    /** Forget a sector's answers (after a hold in it); null forgets everything. */
    invalidate(sectorId: number | null): void {
      for (const [key, entry] of entries.entries()) {
        if (sectorId === null || entry.sectorId === sectorId) entries.delete(key);
      }
      if (sectorId === null)
        for (const id of generations.keys()) generations.set(id, (generations.get(id) ?? 0) + 1);
      else generations.set(sectorId, (generations.get(sectorId) ?? 0) + 1);
    },
  };
}

export type AvailabilityCache = ReturnType<typeof createAvailabilityCache>;
