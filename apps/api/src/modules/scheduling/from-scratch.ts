/**
 * Availability from scratch: every nurse of the sector with the skills and every live visit
 * (confirmed, or a hold not expired) read one by one, and the rule applied to each nurse and
 * block. It is the definition the fast path (availability.ts: a roster kept in memory and the
 * visits per block from block_load) must equal; the property and concurrency tests hold them
 * to it. Too slow to answer requests with: 200 nurses and 20,000 visits cost ~15 ms of database.
 */
import type { AvailabilityEntry } from '@visita/domain/contract/appointments';
import { addDays } from '@visita/domain/availability';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import type { ServiceSkill } from '../../db/schema.ts';
import { type BusyBlocks, busyBlocksOf, type Horizon, instantRange } from './availability.ts';
import { createShiftBlockCache, isoWeekday } from './blocks.ts';
import { type ExtraShift, findSectorNurses, type SectorNurse, type ShiftPattern } from './queries.ts';
import { nurseBlocksOn, toEntry } from './roster.ts';

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
  const extraShiftsOn = new Map<string, ExtraShift[]>();
  for (const nurse of nurses)
    for (const shift of nurse.extra_shifts) {
      const list = extraShiftsOn.get(shift.date);
      if (list) list.push(shift);
      else extraShiftsOn.set(shift.date, [shift]);
    }
  for (let date = horizon.from; date <= horizon.to; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    const possible = new Set<number>();
    for (const shift of shiftsByWeekday.get(weekday)?.values() ?? []) {
      for (const block of blocksOf(date, shift.starts_at, shift.ends_at, shift.time_zone)) {
        if (block.start > nowMs) possible.add(block.start);
      }
    }
    for (const shift of extraShiftsOn.get(date) ?? []) {
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

/** The sector's answer from scratch, reading every nurse and every live visit of the horizon. */
export async function findAvailabilityFromScratch(
  db: Db,
  sector: { id: number; timeZone: string },
  skills: readonly ServiceSkill[],
  horizon: Horizon,
  now: Date,
): Promise<AvailabilityEntry[]> {
  const nurses = await findSectorNurses(db, sector.id, skills, horizon);
  const range = instantRange(horizon);
  const rows = await queryRows<{ block_start: number | string; nurse_ids: string }>(
    db,
    sql`select (extract(epoch from v.block_start) * 1000)::float8 as block_start,
               string_agg(v.nurse_id::text, ',') as nurse_ids
        from visits v
        where v.nurse_id = any(array(select ns.nurse_id from nurse_sectors ns where ns.sector_id = ${sector.id}))
          and v.block_start >= ${range.from.toISOString()}::timestamptz
          and v.block_start < ${range.to.toISOString()}::timestamptz
          and (v.status = 'confirmed' or v.expires_at > ${now.toISOString()}::timestamptz)
        group by v.block_start`,
  );
  const busy = busyBlocksOf(
    rows.map((row) => ({
      blockStart: Number(row.block_start),
      nurseIds: row.nurse_ids.split(',').map(Number),
    })),
  );
  return computeAvailability(nurses, busy, horizon, sector.timeZone, now);
}
