/**
 * Time availability: the horizon in the sector's zone, each nurse's blocks from her shifts, the
 * blocks already taken, and the answer per day and block.
 */
import { AVAILABILITY_HORIZON_MONTHS } from '@visita/domain/constants';
import { addMonths } from '@visita/domain/availability';
import type { AvailabilityEntry } from '@visita/domain/contract/appointments';
import type { Db } from '../../db/database.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import type { ServiceSkill } from '../../db/schema.ts';
import type { AvailabilityCache } from './availability-cache.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import type { SectorRow } from '../coverage/service.ts';
import { localParts } from './blocks.ts';
import { countBusyFromLoad, findBusyNurseBlocks, findSectorNurses } from './queries.ts';
import { appointmentSector, cartItemIds, neededSkills } from './cart-skills.ts';
import { DAY_MS, countryMismatch } from './errors.ts';
import { buildRoster, type Roster, type RosterCache } from './roster.ts';

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
export function instantRange(horizon: Horizon): { from: Date; to: Date } {
  const [fy, fm, fd] = horizon.from.split('-').map(Number);
  const [ty, tm, td] = horizon.to.split('-').map(Number);
  return {
    from: new Date(Date.UTC(fy ?? 1970, (fm ?? 1) - 1, fd ?? 1) - DAY_MS),
    to: new Date(Date.UTC(ty ?? 1970, (tm ?? 1) - 1, td ?? 1) + 2 * DAY_MS),
  };
}

/** Busy blocks per nurse: block start instants (ms). */
export type BusyBlocks = ReadonlyMap<number, ReadonlySet<number>>;

export function busyBlocksOf(
  rows: ReadonlyArray<{ blockStart: number; nurseIds: readonly number[] }>,
): BusyBlocks {
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

/**
 * The sector's roster for the skills over the horizon (from today), as this instance keeps it
 * (roster.ts): who works when changes seldom and every instance is told when it does.
 */
export function sectorRoster(
  db: Db,
  rosters: RosterCache,
  sector: Pick<SectorRow, 'id' | 'timeZone'>,
  skills: readonly ServiceSkill[],
  horizon: Horizon,
): Promise<Roster> {
  const window = { from: horizon.today, to: horizon.to };
  return rosters.roster(`${sector.id}|${skills.join(',')}|${window.from}|${window.to}`, async () =>
    buildRoster(await findSectorNurses(db, sector.id, skills, window), window, sector.timeZone),
  );
}

/** A block the counts cannot settle: its nurses on shift are not more than the visits in it. */
interface Contested {
  date: string;
  start: number;
  entry: AvailabilityEntry;
}

/**
 * The blocks offered, from the roster and the visits per block (block_load: visits of the
 * sector's nurses with the skills, confirmed or held, an unswept expired hold included, so the
 * count is never low). Where more nurses are on shift than there are visits, one of them is free
 * whoever the busy ones are; elsewhere `exact` must say which nurses are busy (the contested
 * blocks it returns). Equal to computeAvailability over every visit (the property tests).
 */
export function settleAvailability(
  roster: Roster,
  visitsPerBlock: ReadonlyMap<number, number>,
  horizon: Horizon,
  now: Date,
  exact?: BusyBlocks,
): { offered: AvailabilityEntry[]; contested: Contested[] } {
  const nowMs = now.getTime();
  const offered = new Map<number, AvailabilityEntry>();
  const contested: Contested[] = [];
  for (const { date, blocks } of roster.dayList) {
    if (date < horizon.from || date > horizon.to) continue;
    for (const block of blocks) {
      if (block.start <= nowMs || offered.has(block.start)) continue;
      if (block.working > (visitsPerBlock.get(block.start) ?? 0)) offered.set(block.start, block.entry);
      else if (!exact) contested.push({ date, start: block.start, entry: block.entry });
      else if (
        roster.nursesInBlock(date, block.start).some((nurse) => !exact.get(nurse.id)?.has(block.start))
      )
        offered.set(block.start, block.entry);
    }
  }
  return {
    offered: [...offered.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry),
    contested,
  };
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
 * GET /v2/time-availability/: the sector and its roster (kept in memory), one indexed read of the
 * visits per block (block_load, a few hundred rows for a month whatever the number of visits),
 * and, only for blocks nearly or fully taken, which nurses are busy in them.
 */
export async function findAvailability(
  db: Db,
  context: AvailabilityRequestContext,
  rosters: RosterCache,
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
  const sector = await appointmentSector(db, appointment, rosters);
  const horizon = horizonFor(sector.timeZone, now, context.fromDate);
  if (horizon.from > horizon.to) return [];
  const compute = async () => {
    const [roster, visitsPerBlock] = await Promise.all([
      sectorRoster(db, rosters, sector, skills, horizon),
      countBusyFromLoad(db, sector.id, skills, instantRange(horizon)),
    ]);
    const settled = settleAvailability(roster, visitsPerBlock, horizon, now);
    if (settled.contested.length === 0) return settled.offered;
    const starts = [...new Set(settled.contested.map((block) => block.start))];
    const busy = busyBlocksOf(await findBusyNurseBlocks(db, sector.id, starts, now));
    return settleAvailability(roster, visitsPerBlock, horizon, now, busy).offered;
  };
  if (!cache) return compute();
  const key = `${sector.id}|${skills.join(',')}|${horizon.from}|${horizon.to}`;
  return cache.get(key, sector.id, compute);
}
