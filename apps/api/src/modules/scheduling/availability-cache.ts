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
 * refresh; and a hold on this instance clears at once every sector its nurse serves (a nurse often
 * serves several sectors, of several sources), so a person never sees a block as free just after
 * it was taken here.
 */
export function createAvailabilityCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new LRUCache<string, Entry>({ max: 5000 });
  const refreshing = new Map<string, Promise<AvailabilityEntry[]>>();
  // Bumped when a sector (or every sector) is cleared, so a refresh that started before a hold is
  // not kept after it.
  const generations = new Map<number, number>();
  let everything = 0;
  const generationOf = (sectorId: number) => `${everything}:${generations.get(sectorId) ?? 0}`;

  function refresh(key: string, sectorId: number, compute: () => Promise<AvailabilityEntry[]>) {
    const running = refreshing.get(key);
    if (running) return running;
    const generation = generationOf(sectorId);
    const started = now();
    const promise = compute()
      .then((value) => {
        if (generationOf(sectorId) === generation) entries.set(key, { value, at: started, sectorId });
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
    /** Forget these sectors' answers (after a hold of a nurse who serves them); null forgets everything. */
    invalidate(sectorIds: readonly number[] | null): void {
      if (sectorIds === null) {
        entries.clear();
        everything += 1;
        return;
      }
      const forgotten = new Set(sectorIds);
      for (const [key, entry] of entries.entries()) if (forgotten.has(entry.sectorId)) entries.delete(key);
      for (const id of forgotten) generations.set(id, (generations.get(id) ?? 0) + 1);
    },
  };
}

export type AvailabilityCache = ReturnType<typeof createAvailabilityCache>;
