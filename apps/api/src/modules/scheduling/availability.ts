/**
 * Time availability: the horizon in the sector's zone, each nurse's blocks from her shifts, the
 * blocks already taken, and the answer per day and block.
 */
import { AVAILABILITY_HORIZON_MONTHS } from '@visita/domain/constants';
import { addDays, addMonths } from '@visita/domain/availability';
import type { AvailabilityEntry } from '@visita/domain/contract/appointments';
import type { Db } from '../../db/database.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import type { AvailabilityCache } from './availability-cache.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import {
  type Block,
  createShiftBlockCache,
  formatClock,
  isoWeekday,
  localParts,
  BLOCK_MINUTES,
} from './blocks.ts';
import {
  countBusyNurses,
  findBusyNurseBlocks,
  findSectorNurses,
  type SectorNurse,
  type ShiftPattern,
} from './queries.ts';
import { appointmentSector, cartItemIds, neededSkills } from './cart-skills.ts';
import { DAY_MS, countryMismatch } from './errors.ts';

export interface Horizon {
  today: string;
  /** Inclusive local dates. */
  from: string;
  to: string;
}

/**
 * Today and the horizon's last date per zone, for the current minute: a local date changes only
 * on a whole minute (zone offsets are whole minutes), and formatting the instant with Intl on
 * every request was the largest cost of an availability answer served from the cache.
 */
const zoneDates = new Map<string, { minute: number; today: string; to: string }>();

/** From from_date (never before today) to one month after today, in the sector's zone. */
export function horizonFor(timeZone: string, now: Date, fromDate?: string): Horizon {
  const minute = Math.floor(now.getTime() / 60_000);
  let dates = zoneDates.get(timeZone);
  if (dates?.minute !== minute) {
    const today = localParts(now, timeZone).date;
    dates = { minute, today, to: addMonths(today, AVAILABILITY_HORIZON_MONTHS) };
    zoneDates.set(timeZone, dates);
  }
  const { today, to } = dates;
  const from = fromDate && fromDate > today ? fromDate : today;
  return { today, from, to };
}

/** UTC bounds generous enough to hold every block of local dates from..to in any zone. */
function instantRange(horizon: Horizon): { from: Date; to: Date } {
  const [fy, fm, fd] = horizon.from.split('-').map(Number);
  const [ty, tm, td] = horizon.to.split('-').map(Number);
  return {
    from: new Date(Date.UTC(fy ?? 1970, (fm ?? 1) - 1, fd ?? 1) - DAY_MS),
    to: new Date(Date.UTC(ty ?? 1970, (tm ?? 1) - 1, td ?? 1) + 2 * DAY_MS),
  };
}

/** Busy blocks per nurse: block start instants (ms). */
export type BusyBlocks = ReadonlyMap<number, ReadonlySet<number>>;

function busyBlocksOf(rows: ReadonlyArray<{ blockStart: number; nurseIds: readonly number[] }>): BusyBlocks {
  const busy = new Map<number, Set<number>>();
  for (const row of rows) {
    for (const nurseId of row.nurseIds) {
      let set = busy.get(nurseId);
      if (!set) busy.set(nurseId, (set = new Set()));
      set.add(row.blockStart);
    }
  }
  return busy;
}

/** The blocks of a nurse on a local date (none on a day off or off shift). */
export function nurseBlocksOn(
  nurse: SectorNurse,
  date: string,
  weekday: number,
  blocksOf: ReturnType<typeof createShiftBlockCache>,
): Block[] {
  if (nurse.days_off.includes(date)) return [];
  const blocks: Block[] = [];
  for (const shift of nurse.shifts) {
    if (shift.weekday === weekday)
      blocks.push(...blocksOf(date, shift.starts_at, shift.ends_at, shift.time_zone));
  }
  return blocks;
}

/**
 * The blocks offered, in time order: on each date of the horizon, a block is offered when some
 * nurse (already filtered by sector, skills and activity) is on shift, not off that day, and has
 * no visit in it; blocks already begun are not offered. Dates and times are the sector's.
 */
export function computeAvailability(
  nurses: readonly SectorNurse[],
  busy: BusyBlocks,
  horizon: Horizon,
  timeZone: string,
  now: Date,
): AvailabilityEntry[] {
  const blocksOf = createShiftBlockCache();
  const offered = new Map<number, AvailabilityEntry>();
  const nowMs = now.getTime();
  // The distinct shifts per weekday, once: most nurses share a few, so the blocks a date can
  // offer at all are known before trying nurses, and trying stops once all are offered (with
  // hundreds of nurses, the first few free ones usually cover the whole day).
  const shiftsByWeekday = new Map<number, Map<string, ShiftPattern>>();
  for (const nurse of nurses) {
    for (const shift of nurse.shifts) {
      let shifts = shiftsByWeekday.get(shift.weekday);
      if (!shifts) shiftsByWeekday.set(shift.weekday, (shifts = new Map()));
      shifts.set(`${shift.starts_at}|${shift.ends_at}|${shift.time_zone}`, shift);
    }
  }
  for (let date = horizon.from; date <= horizon.to; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    const possible = new Set<number>();
    for (const shift of shiftsByWeekday.get(weekday)?.values() ?? []) {
      for (const block of blocksOf(date, shift.starts_at, shift.ends_at, shift.time_zone)) {
        if (block.start > nowMs) possible.add(block.start);
      }
    }
    let offeredToday = 0;
    for (const nurse of nurses) {
      if (offeredToday === possible.size) break;
      const taken = busy.get(nurse.id);
      for (const block of nurseBlocksOn(nurse, date, weekday, blocksOf)) {
        if (block.start <= nowMs || offered.has(block.start) || taken?.has(block.start)) continue;
        offered.set(block.start, toEntry(block, timeZone));
        offeredToday += 1;
      }
    }
  }
  return [...offered.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}

function toEntry(block: Block, timeZone: string): AvailabilityEntry {
  if (block.timeZone === timeZone) {
    // Shifts are kept in the sector's zone; their wall-clock strings are the answer.
    return { date: block.date, begin_time: block.beginTime, end_time: block.endTime };
  }
  const begin = localParts(block.start, timeZone);
  return { date: begin.date, begin_time: begin.time, end_time: formatClock(begin.minutes + BLOCK_MINUTES) };
}

/** A start counted by nursesOnShift that is not a plain count (see there). */
export const UNCOUNTED = -1;

/**
 * How many nurses are on shift, and not off that day, in each block of the horizon, by block
 * start (ms), by the rules of computeAvailability. Nurses with the same weekly shifts are counted
 * together: a few hundred steps for a month, not one per nurse and block. A start that one group
 * of shifts reaches from two dates (only shifts in another zone than their dates could) is marked
 * UNCOUNTED rather than counted twice.
 */
export function nursesOnShift(nurses: readonly SectorNurse[], horizon: Horizon): Map<number, number> {
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
  const counts = new Map<number, number>();
  for (const group of groups.values()) {
    const offOn = new Map<string, number>();
    for (const nurse of group.nurses)
      for (const date of new Set(nurse.days_off)) offOn.set(date, (offOn.get(date) ?? 0) + 1);
    const reached = new Set<number>();
    for (let date = horizon.from; date <= horizon.to; date = addDays(date, 1)) {
      const weekday = isoWeekday(date);
      const starts = new Set<number>();
      for (const shift of group.shifts) {
        if (shift.weekday !== weekday) continue;
        for (const block of blocksOf(date, shift.starts_at, shift.ends_at, shift.time_zone))
          starts.add(block.start);
      }
      const working = group.nurses.length - (offOn.get(date) ?? 0);
      for (const start of starts) {
        if (reached.has(start)) counts.set(start, UNCOUNTED);
        reached.add(start);
        const counted = counts.get(start) ?? 0;
        if (counted !== UNCOUNTED) counts.set(start, counted + working);
      }
    }
  }
  return counts;
}

/**
 * The blocks whose busy nurses must be known one by one: those with a visit where the nurses on
 * shift do not outnumber the busy ones. Elsewhere a free nurse exists whoever the busy are (or
 * nobody is on shift), so computeAvailability needs no busy nurses there.
 */
export function contestedBlocks(
  onShift: ReadonlyMap<number, number>,
  busyCounts: ReadonlyMap<number, number>,
): number[] {
  const contested: number[] = [];
  for (const [start, busy] of busyCounts) {
    const working = onShift.get(start) ?? 0;
    if (busy > 0 && working !== 0 && !(working > busy)) contested.push(start);
  }
  return contested;
}

export interface AvailabilityRequestContext {
  appointment: AppointmentRow;
  catalogue: CatalogueSnapshot;
  items: readonly string[];
  country: 'cl' | 'mx';
  fromDate?: string;
  now: Date;
}

/**
 * GET /v2/time-availability/: the sector lookup, then two queries (nurses with their shifts and
 * days off, and the count of busy nurses per block), a third for the busy nurses of the blocks
 * the counts leave open (none while most blocks have free nurses), then everything in memory.
 */
export async function findAvailability(
  db: Db,
  context: AvailabilityRequestContext,
  cache?: AvailabilityCache,
): Promise<AvailabilityEntry[]> {
  const { appointment, now } = context;
  if (context.country !== appointment.country) throw countryMismatch();
  // No items asked about (moving a confirmed visit): the skills of the cart the visit is for, as a hold takes them.
  const skills = neededSkills(
    context.catalogue,
    context.items.length > 0 ? context.items : cartItemIds(appointment.patients),
    appointment.country,
  );
  const sector = await appointmentSector(db, appointment, cache);
  const horizon = horizonFor(sector.timeZone, now, context.fromDate);
  if (horizon.from > horizon.to) return [];
  const compute = async () => {
    const [nurses, busyCounts] = await Promise.all([
      findSectorNurses(db, sector.id, skills, horizon),
      countBusyNurses(db, sector.id, skills, instantRange(horizon), now),
    ]);
    // Counts settle most blocks (the bench's month: 20,000 visits, 240 blocks with a visit, none
    // open); which nurses are busy is read only for the blocks nearly or fully taken.
    const contested = contestedBlocks(nursesOnShift(nurses, horizon), busyCounts);
    const busyRows = await findBusyNurseBlocks(db, sector.id, contested, now);
    return computeAvailability(nurses, busyBlocksOf(busyRows), horizon, sector.timeZone, now);
  };
  if (!cache) return compute();
  const key = `${sector.id}|${[...skills].sort().join(',')}|${horizon.from}|${horizon.to}`;
  return cache.get(key, sector.id, compute);
}
