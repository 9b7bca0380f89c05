/**
 * Who works when in a sector, for a cart's skills: the nurses, and for every date of the horizon
 * the blocks their shifts offer with how many of them are on shift, not off that day. It is
 * configuration (shifts, extra shifts, days off, sector membership), not bookings, so an instance keeps it in
 * memory; the database tells every instance when any of it changes (the roster triggers,
 * migration 0008), and it is rebuilt at least once a minute and on every new day anyway.
 */
import type { AvailabilityEntry } from '@visita/domain/contract/appointments';
import { addDays } from '@visita/domain/availability';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import { readSectorsOfSource, type SectorRow, type SectorsOfSource } from '../coverage/service.ts';
import {
  type Block,
  BLOCK_MINUTES,
  createShiftBlockCache,
  formatClock,
  isoWeekday,
  localParts,
} from './blocks.ts';
import type { SectorNurse, ShiftPattern } from './queries.ts';

/** A block some nurse's shift offers on a date, and how many nurses are on shift in it that date. */
interface RosterBlock {
  start: number;
  entry: AvailabilityEntry;
  /** Nurses on shift in this block from this date (not off that day). */
  working: number;
}

export interface Roster {
  nurses: readonly SectorNurse[];
  /** Local dates from the horizon's first day (today) to its last, each with its blocks by start. */
  days: ReadonlyMap<string, readonly RosterBlock[]>;
  /** The same, in date order. */
  dayList: ReadonlyArray<{ date: string; blocks: readonly RosterBlock[] }>;
  /**
   * The nurses whose shift offers the block starting at `start` (epoch ms) on a local date, not
   * off that day: a hold's candidates. Worked out once per block while the roster is kept.
   */
  nursesInBlock(date: string, start: number): readonly SectorNurse[];
}

/**
 * The blocks of a nurse on a local date (none on a day off or off shift): her weekly shifts' and
 * her extra shifts' on that date, each block once.
 */
export function nurseBlocksOn(
  nurse: Pick<SectorNurse, 'days_off' | 'shifts' | 'extra_shifts'>,
  date: string,
  weekday: number,
  blocksOf: ReturnType<typeof createShiftBlockCache>,
): Block[] {
  if (nurse.days_off.includes(date)) return [];
  const blocks = new Map<number, Block>();
  for (const shift of nurse.shifts) {
    if (shift.weekday !== weekday) continue;
    for (const block of blocksOf(date, shift.starts_at, shift.ends_at, shift.time_zone))
      if (!blocks.has(block.start)) blocks.set(block.start, block);
  }
  for (const shift of nurse.extra_shifts) {
    if (shift.date !== date) continue;
    for (const block of blocksOf(date, shift.starts_at, shift.ends_at, shift.time_zone))
      if (!blocks.has(block.start)) blocks.set(block.start, block);
  }
  return [...blocks.values()].sort((a, b) => a.start - b.start);
}

export function toEntry(block: Block, timeZone: string): AvailabilityEntry {
  if (block.timeZone === timeZone) {
    // Shifts are kept in the sector's zone; their wall-clock strings are the answer.
    return { date: block.date, begin_time: block.beginTime, end_time: block.endTime };
  }
  const begin = localParts(block.start, timeZone);
  return { date: begin.date, begin_time: begin.time, end_time: formatClock(begin.minutes + BLOCK_MINUTES) };
}

/**
 * Counts, per date and block, the nurses on shift: nurses with the same weekly shifts are counted
 * together (a few groups, not one step per nurse and block), then each extra shift on its date.
 * `from`..`to` are local dates.
 */
export function buildRoster(
  nurses: readonly SectorNurse[],
  window: { from: string; to: string },
  timeZone: string,
): Roster {
  const blocksOf = createShiftBlockCache();
  const groups = new Map<string, { shifts: readonly ShiftPattern[]; nurses: SectorNurse[] }>();
  for (const nurse of nurses) {
    const key = nurse.shifts
      .map((shift) => `${shift.weekday}|${shift.starts_at}|${shift.ends_at}|${shift.time_zone}`)
      .sort()
      .join(';');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { shifts: nurse.shifts, nurses: [] }));
    group.nurses.push(nurse);
  }
  const offOn = new Map<string, Map<string, number>>();
  for (const [key, group] of groups) {
    const counts = new Map<string, number>();
    for (const nurse of group.nurses)
      for (const date of new Set(nurse.days_off)) counts.set(date, (counts.get(date) ?? 0) + 1);
    offOn.set(key, counts);
  }
  const withExtras = new Map<string, SectorNurse[]>();
  for (const nurse of nurses)
    for (const date of new Set(nurse.extra_shifts.map((shift) => shift.date))) {
      const list = withExtras.get(date);
      if (list) list.push(nurse);
      else withExtras.set(date, [nurse]);
    }
  const days = new Map<string, RosterBlock[]>();
  for (let date = window.from; date <= window.to; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    const byStart = new Map<number, RosterBlock>();
    for (const [key, group] of groups) {
      const working = group.nurses.length - (offOn.get(key)?.get(date) ?? 0);
      // A group's overlapping shifts may offer a block twice on a date: its nurses count once.
      const starts = new Map<number, Block>();
      for (const shift of group.shifts) {
        if (shift.weekday !== weekday) continue;
        for (const block of blocksOf(date, shift.starts_at, shift.ends_at, shift.time_zone))
          if (!starts.has(block.start)) starts.set(block.start, block);
      }
      for (const [start, block] of starts) {
        const known = byStart.get(start);
        if (known) known.working += working;
        else byStart.set(start, { start, entry: toEntry(block, timeZone), working });
      }
    }
    // Extra shifts are few and per nurse: each adds her to the blocks her weekly shifts do not
    // already offer that date (where she is counted in her group).
    for (const nurse of withExtras.get(date) ?? []) {
      if (nurse.days_off.includes(date)) continue;
      const weekly = new Set<number>();
      for (const shift of nurse.shifts) {
        if (shift.weekday !== weekday) continue;
        for (const block of blocksOf(date, shift.starts_at, shift.ends_at, shift.time_zone))
          weekly.add(block.start);
      }
      for (const block of nurseBlocksOn(nurse, date, weekday, blocksOf)) {
        if (weekly.has(block.start)) continue;
        const known = byStart.get(block.start);
        if (known) known.working += 1;
        else byStart.set(block.start, { start: block.start, entry: toEntry(block, timeZone), working: 1 });
      }
    }
    days.set(
      date,
      [...byStart.values()].filter((block) => block.working > 0).sort((a, b) => a.start - b.start),
    );
  }
  const inBlock = new Map<string, readonly SectorNurse[]>();
  return {
    nurses,
    days,
    dayList: [...days].map(([date, blocks]) => ({ date, blocks })),
    nursesInBlock(date, start) {
      const key = `${date}|${start}`;
      let found = inBlock.get(key);
      if (!found) {
        const weekday = isoWeekday(date);
        found = nurses.filter((nurse) =>
          nurseBlocksOn(nurse, date, weekday, blocksOf).some((block) => block.start === start),
        );
        inBlock.set(key, found);
      }
      return found;
    },
  };
}

interface Kept<T> {
  value: T;
  at: number;
  /** A background reload of an entry past its age is under way. */
  refreshing?: boolean;
}

/**
 * Rosters per sector, skills and horizon, the sectors' rows (by id and by sales source) and which
 * sectors share nurses, kept
 * `ttlMs` at most and forgotten at once when told (a roster change on any instance, or a lost
 * notification channel). Requests that arrive while one is loaded share that load. An entry past
 * its age (nothing changed that anyone was told of: the age is only a backstop) keeps answering
 * while it is reloaded in the background, so no request waits for a reload (under load, the
 * requests of a whole reload queued behind it were the availability's slowest hundredth).
 */
export function createRosterCache(ttlMs: number, now: () => number = Date.now) {
  const rosters = new LRUCache<string, Kept<Promise<Roster>>>({ max: 2000 });
  const sectors = new LRUCache<number, Kept<Promise<SectorRow | undefined>>>({ max: 2000 });
  const sourceSectors = new LRUCache<string, Kept<Promise<SectorRow[]>>>({ max: 500 });
  const sharingSectors = new LRUCache<number, Kept<Promise<number[]>>>({ max: 2000 });
  // Bumped by every invalidation: a reload begun before one must not bring its answer back.
  let generation = 0;

  function kept<K extends string | number, T>(
    cache: LRUCache<K, Kept<Promise<T>>>,
    key: K,
    load: () => Promise<T>,
  ): Promise<T> {
    const found = cache.get(key);
    if (found && now() - found.at < ttlMs) return found.value;
    if (found) {
      if (!found.refreshing) {
        found.refreshing = true;
        const begun = generation;
        load().then(
          (value) => {
            if (generation === begun && cache.get(key) === found)
              cache.set(key, { value: Promise.resolve(value), at: now() });
          },
          () => {
            // Kept as it was; the next request tries again.
            found.refreshing = false;
          },
        );
      }
      return found.value;
    }
    const entry: Kept<Promise<T>> = { value: load(), at: now() };
    cache.set(key, entry);
    // A failed load is not kept: the next request tries again.
    entry.value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return entry.value;
  }

  return {
    roster: (key: string, load: () => Promise<Roster>) => kept(rosters, key, load),
    sector: (id: number, load: () => Promise<SectorRow | undefined>) => kept(sectors, id, load),
    /** A sales source's active sectors in a country (coverage), as `load` reads them. */
    sectorsOfSource: (source: string, country: string, load: () => Promise<SectorRow[]>) =>
      kept(sourceSectors, `${country}\n${source}`, load),
    /**
     * The sectors that share a nurse with `id` (itself included), as `load` reads them: who serves
     * where changes only with nurse_sectors, whose triggers invalidate this cache on every instance.
     */
    sectorsSharingNurses: (id: number, load: () => Promise<number[]>) => kept(sharingSectors, id, load),
    /** Forgets everything: who works when (or a sector) changed somewhere. */
    invalidate(): void {
      generation += 1;
      rosters.clear();
      sectors.clear();
      sourceSectors.clear();
      sharingSectors.clear();
    },
  };
}

export type RosterCache = ReturnType<typeof createRosterCache>;

/** Coverage's sectors of a source as this instance keeps them (sectors changed: forgotten). */
export function keptSectorsOfSource(db: Db, rosters: RosterCache): SectorsOfSource {
  const read = readSectorsOfSource(db);
  return (source, country) => rosters.sectorsOfSource(source, country, () => read(source, country));
}
