import { AVAILABILITY_HORIZON_MONTHS } from '@visita/domain/constants';
import { addDays, addMonths } from '@visita/domain/availability';
import type { AvailabilityEntry, ScheduleAnswer } from '@visita/domain/contract/appointments';
import { BLOCK_SELECTION_FAILED_MESSAGE } from '@visita/domain/messages';
import { type Db, inTransaction } from '../../db/database.ts';
import type { ServiceSkill } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import { updateAppointmentWhileStatus } from '../appointments/queries.ts';
import type { AvailabilityCache } from './availability-cache.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { findCoveringSector } from '../coverage/service.ts';
import {
  type Block,
  createShiftBlockCache,
  formatClock,
  isKnownTimeZone,
  isoWeekday,
  localParts,
  localToInstant,
  parseClock,
  BLOCK_MINUTES,
  formatLocalDateTime,
} from './blocks.ts';
import {
  confirmVisitOfAppointment,
  countBusyNurses,
  deleteExpiredHolds,
  deleteHoldOfAppointment,
  findBusyNurseBlocks,
  findBusyNursesInBlock,
  findSectorById,
  findSectorNurses,
  insertHoldIfFree,
  type SectorNurse,
  type ShiftPattern,
  type SectorRow,
  type VisitRow,
} from './queries.ts';

/** A hold keeps its nurse-block for 20 minutes. */
const HOLD_MINUTES = 20;

const DAY_MS = 86_400_000;

const BLOCK_NOT_AVAILABLE = 'block-not-available';

export const blockNotAvailable = () => new AppError(409, BLOCK_NOT_AVAILABLE, BLOCK_SELECTION_FAILED_MESSAGE);

const noSector = () =>
  new AppError(409, 'no-nurses-for-given-location', 'No hay enfermeras disponibles para la dirección dada');

const invalidItems = () =>
  badRequest('invalid-items', 'Alguno de los servicios indicados no existe o no se ofrece en este país.');

// ---- Skills ----

/** Accepts the ids a query or a stored cart carries: numbers or numeric strings. */
function toItemId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value)) return Number(value) || null;
  if (value && typeof value === 'object' && 'id' in value) return toItemId((value as { id: unknown }).id);
  return null;
}

/**
 * The skills a nurse needs for a cart: the union of its items' skills, a pack counting through
 * its sub-items (the pack row's own skill only when it lists none). Unknown ids, or items of
 * another country, are a 400 rather than a silently wider availability.
 */
export function neededSkills(
  snapshot: CatalogueSnapshot,
  itemIds: readonly unknown[],
  country: 'cl' | 'mx',
): ServiceSkill[] {
  const skills = new Set<ServiceSkill>();
  for (const raw of itemIds) {
    const id = toItemId(raw);
    const item = id === null ? undefined : snapshot.byId.get(id);
    if (!item || item.country !== country) throw invalidItems();
    const subItems = item.resourcetype === null ? (snapshot.subItems.get(item.id) ?? []) : [];
    if (subItems.length === 0) skills.add(item.skill);
    for (const sub of subItems) {
      const subItem = snapshot.byId.get(sub.id);
      if (subItem) skills.add(subItem.skill);
    }
  }
  return [...skills].sort();
}

/** The item ids of a stored cart (appointments.patients: items and packs per patient). */
function cartItemIds(patients: readonly unknown[]): unknown[] {
  const ids: unknown[] = [];
  for (const patient of patients) {
    if (!patient || typeof patient !== 'object') continue;
    const { items, packs } = patient as { items?: unknown; packs?: unknown };
    if (Array.isArray(items)) ids.push(...items);
    if (Array.isArray(packs)) ids.push(...packs);
  }
  return ids;
}

// ---- Sector and horizon ----

/** The appointment's sector: the one stored at creation, else the one covering its point now. */
async function appointmentSector(
  db: Db,
  appointment: AppointmentRow,
  cache?: AvailabilityCache,
): Promise<SectorRow> {
  const { sectorId } = appointment;
  const sector = sectorId
    ? await (cache
        ? cache.sector(sectorId, () => findSectorById(db, sectorId))
        : findSectorById(db, sectorId))
    : await findCoveringSector(
        db,
        { lat: appointment.targetLat, lng: appointment.targetLng },
        { country: appointment.country, salesSource: appointment.salesSource },
      );
  if (!sector || !sector.active || !isKnownTimeZone(sector.timeZone)) throw noSector();
  return sector;
}

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

// ---- Availability (in memory) ----

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
function nurseBlocksOn(
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

const countryMismatch = () =>
  badRequest('country-mismatch', 'El país indicado no corresponde al de la dirección de la cita.');

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

// ---- Holding a block ----

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DD HH:mm[:ss]' into a real calendar date and minutes, or a 400. */
function parseLocalDateTime(value: string): { date: string; minutes: number } {
  const invalid = () => badRequest('invalid-block', 'La fecha u hora del bloque no es válida.');
  const match = DATE_TIME.exec(value);
  if (!match) throw invalid();
  const [, date = '', clock = '', seconds] = match;
  const minutes = parseClock(clock);
  if (minutes === null || minutes >= 1440 || (seconds !== undefined && seconds !== '00')) throw invalid();
  // Rejects 2026-02-30 and the like: the date must survive a round trip.
  if (addDays(date, 0) !== date) throw invalid();
  return { date, minutes };
}

export interface HoldRequest {
  appointment: AppointmentRow;
  catalogue: CatalogueSnapshot;
  beginDate: string;
  endDate: string;
  /** Items of the cart when the widget sends them; else the appointment's stored cart. */
  items?: readonly string[];
  now: Date;
}

const SCHEDULABLE: AppointmentRow['status'][] = ['pending', 'scheduled', 'expired'];

const notSchedulable = () =>
  new AppError(
    409,
    'appointment-not-schedulable',
    'La cita ya está confirmada, cancelada o expirada y no se puede agendar.',
  );

/**
 * POST /v2/appointments/{id}/schedule/: holds one qualified nurse in the block for 20 minutes.
 * The block must be one availability would offer. In one transaction: the appointment row is
 * locked (it is updated first, so two holds of one appointment queue), expired holds of the
 * block and this appointment's previous hold are deleted, then a hold is inserted for the first
 * free nurse; the unique index decides who gets a nurse, never a prior read.
 */
/** A block as asked for: one hour, from begin_date to end_date, in the sector's local time. */
export function parseBlock(request: Pick<HoldRequest, 'beginDate' | 'endDate'>) {
  const begin = parseLocalDateTime(request.beginDate);
  const end = parseLocalDateTime(request.endDate);
  const endsOneHourLater =
    (end.date === begin.date && end.minutes === begin.minutes + BLOCK_MINUTES) ||
    (end.date === addDays(begin.date, 1) && end.minutes === begin.minutes + BLOCK_MINUTES - 1440);
  if (!endsOneHourLater)
    throw badRequest('invalid-block', 'El bloque horario debe durar una hora, de begin_date a end_date.');
  return { begin, end };
}

/**
 * The nurses who could take the block (in the appointment's sector, with the cart's skills, on a
 * shift that offers it), after checking it is within the horizon and not begun. Who is actually
 * free is decided by the insert, under the unique index.
 */
export async function blockCandidates(
  db: Db,
  request: Pick<HoldRequest, 'appointment' | 'catalogue' | 'items' | 'now'>,
  begin: ReturnType<typeof parseLocalDateTime>,
) {
  const { appointment, now } = request;
  const skills = neededSkills(
    request.catalogue,
    request.items && request.items.length > 0 ? request.items : cartItemIds(appointment.patients),
    appointment.country,
  );
  const sector = await appointmentSector(db, appointment);
  const horizon = horizonFor(sector.timeZone, now);
  if (begin.date < horizon.today)
    throw badRequest('block-in-past', 'El bloque horario elegido ya pasó. Por favor, elige otro.');
  if (begin.date > horizon.to)
    throw badRequest('block-out-of-horizon', 'Solo se puede agendar hasta un mes desde hoy.');
  const start = localToInstant(begin.date, begin.minutes, sector.timeZone);
  if (start === null)
    throw badRequest('invalid-block', 'La hora del bloque no existe en la zona horaria de la dirección.');
  if (start <= now.getTime())
    throw badRequest('block-in-past', 'El bloque horario elegido ya pasó. Por favor, elige otro.');

  // The nurses whose shift offers exactly this block (the same rules as availability).
  const nurses = await findSectorNurses(db, sector.id, skills, { from: begin.date, to: begin.date });
  const blocksOf = createShiftBlockCache();
  const weekday = isoWeekday(begin.date);
  const candidates = nurses.filter((nurse) =>
    nurseBlocksOn(nurse, begin.date, weekday, blocksOf).some((block) => block.start === start),
  );
  if (candidates.length === 0)
    throw badRequest(
      'block-outside-shifts',
      'El bloque horario elegido no se ofrece. Por favor, elige otro.',
    );

  const blockStart = new Date(start);
  const blockEnd = new Date(start + BLOCK_MINUTES * 60_000);
  return { candidates, blockStart, blockEnd };
}

export async function holdBlock(db: Db, request: HoldRequest): Promise<ScheduleAnswer> {
  const { appointment, now } = request;
  const { begin, end } = parseBlock(request);
  if (!SCHEDULABLE.includes(appointment.status)) throw notSchedulable();
  const { candidates, blockStart, blockEnd } = await blockCandidates(db, request, begin);
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  await inTransaction(db, async (tx) => {
    const updated = await updateAppointmentWhileStatus(tx, appointment.id, SCHEDULABLE, {
      status: 'scheduled',
    });
    if (!updated) throw notSchedulable();
    await deleteExpiredHolds(tx, blockStart, now);
    await deleteHoldOfAppointment(tx, appointment.id);
    // A read only to try likely-free nurses first; the insert's unique index is what decides.
    const busy = await findBusyNursesInBlock(
      tx,
      candidates.map((nurse) => nurse.id),
      blockStart,
      now,
    );
    for (const nurse of candidates) {
      if (busy.has(nurse.id)) continue;
      const hold = await insertHoldIfFree(tx, {
        appointmentId: appointment.id,
        nurseId: nurse.id,
        blockStart,
        blockEnd,
        expiresAt,
      });
      if (hold) return;
    }
    // Every nurse taken: the transaction rolls back, so the appointment keeps its state and hold.
    throw blockNotAvailable();
  });
  return {
    begin_date: formatLocalDateTime(begin.date, begin.minutes),
    end_date: formatLocalDateTime(end.date, end.minutes),
    expires_at: expiresAt.toISOString(),
    status: 'scheduled',
  };
}

// ---- Confirmation ----

const HOLD_EXPIRED = 'hold-expired';

/**
 * Makes the appointment's hold permanent (status confirmed, no expiry); for the lifecycle's
 * confirmation (payment or manual). A hold whose 20 minutes are up still confirms while its row
 * exists: the unique index guarantees nobody else has that nurse-block. Once someone took the
 * block, the row is gone and this fails with 409 hold-expired. Call it inside the confirmation's
 * transaction so the appointment and its visit change together.
 */
export async function confirmVisit(db: Db, appointmentId: string): Promise<VisitRow> {
  const visit = await confirmVisitOfAppointment(db, appointmentId);
  if (!visit)
    throw new AppError(
      409,
      HOLD_EXPIRED,
      'La reserva del bloque horario expiró y el bloque ya fue tomado. Por favor, elige otro bloque horario.',
    );
  return visit;
}
