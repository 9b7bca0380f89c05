import * as ERRORS from '@visita/domain/contract/api-errors';
/**
 * Holding a block for an appointment (20 minutes, one nurse, no double booking) and turning the
 * hold into the visit at confirmation.
 */
import { addDays } from '@visita/domain/availability';
import type { ScheduleAnswer } from '@visita/domain/contract/appointments';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { localToInstant, parseClock, BLOCK_MINUTES, formatLocalDateTime } from './blocks.ts';
import {
  confirmVisitOfAppointment,
  countLiveHoldsFrom,
  countSectorDayKeptFrom,
  holdBlockForAppointment,
  type Holder,
  setHeldFrom,
  type VisitRow,
} from './queries.ts';
import { horizonFor, sectorRoster } from './availability.ts';
import type { RosterCache } from './roster.ts';
import { appointmentSector, cartItemIds, neededSkills } from './cart-skills.ts';
import { HOLD_MINUTES, blockNotAvailable, notSchedulable } from './errors.ts';

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DD HH:mm[:ss]' into a real calendar date and minutes, or a 400. */
function parseLocalDateTime(value: string): { date: string; minutes: number } {
  const invalid = () => fail(ERRORS.INVALID_BLOCK);
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
  /**
   * The public caller holding: its network (client-address.ts's key: an IPv4 address, an IPv6
   * /64) and its browser key; null or absent for staff, whose holds are not counted.
   */
  holder?: Holder | null;
  /** The bounds on what one public caller keeps (0 or absent: no bound). */
  limits?: HoldLimits;
}

/** docs/decisions/free-confirmations.md; each 0 or absent turns its bound off. */
interface HoldLimits {
  /** Live holds per browser at one address (HOLDS_PER_BROWSER). */
  perBrowser?: number;
  /** Live holds per address (HOLDS_PER_ADDRESS). */
  perAddress?: number;
  /** The per cent of a sector-day one address may keep (ADDRESS_SHARE_OF_SECTOR_DAY). */
  sectorDayShare?: number;
}

const SCHEDULABLE: AppointmentRow['status'][] = ['pending', 'scheduled', 'expired'];

/** A block as asked for: one hour, from begin_date to end_date, in the sector's local time. */
export function parseBlock(request: Pick<HoldRequest, 'beginDate' | 'endDate'>) {
  const begin = parseLocalDateTime(request.beginDate);
  const end = parseLocalDateTime(request.endDate);
  const endsOneHourLater =
    (end.date === begin.date && end.minutes === begin.minutes + BLOCK_MINUTES) ||
    (end.date === addDays(begin.date, 1) && end.minutes === begin.minutes + BLOCK_MINUTES - 1440);
  if (!endsOneHourLater) throw fail(ERRORS.BLOCK_NOT_ONE_HOUR);
  return { begin, end };
}

/**
 * The nurses who could take the block (in the appointment's sector, with the cart's skills, on a
 * shift that offers it), after checking it is within the horizon and not begun. Who is actually
 * free is decided by the insert, under the unique index.
 */
export async function blockCandidates(
  db: Db,
  rosters: RosterCache,
  request: Pick<HoldRequest, 'appointment' | 'catalogue' | 'items' | 'now'>,
  begin: ReturnType<typeof parseLocalDateTime>,
) {
  const { appointment, now } = request;
  const skills = neededSkills(
    request.catalogue,
    request.items && request.items.length > 0 ? request.items : cartItemIds(appointment.patients),
    appointment.country,
  );
  const sector = await appointmentSector(db, appointment, rosters);
  const horizon = horizonFor(sector.timeZone, now);
  if (begin.date < horizon.today) throw fail(ERRORS.BLOCK_IN_PAST);
  if (begin.date > horizon.to) throw fail(ERRORS.BLOCK_OUT_OF_HORIZON);
  const start = localToInstant(begin.date, begin.minutes, sector.timeZone);
  if (start === null) throw fail(ERRORS.BLOCK_TIME_DOES_NOT_EXIST);
  if (start <= now.getTime()) throw fail(ERRORS.BLOCK_IN_PAST);

  // The nurses whose shift offers exactly this block: the roster availability answers from.
  const roster = await sectorRoster(db, rosters, sector, skills, horizon);
  const candidates = roster.nursesInBlock(begin.date, start);
  if (candidates.length === 0) throw fail(ERRORS.BLOCK_OUTSIDE_SHIFTS);

  const blockStart = new Date(start);
  const blockEnd = new Date(start + BLOCK_MINUTES * 60_000);
  // The sector-day's visits for these skills: its blocks times the nurses on shift in each.
  const dayCapacity = (roster.days.get(begin.date) ?? []).reduce((total, block) => total + block.working, 0);
  return { candidates, blockStart, blockEnd, sector, dayCapacity };
}

/**
 * POST /v2/appointments/{id}/schedule/: holds one qualified nurse in the block for 20 minutes.
 * The block must be one availability would offer. The nurses who could take it, in the order they
 * are offered, are chosen here; the hold itself is one statement (holdBlockForAppointment): the
 * appointment row locked (it is updated first, so two holds of one appointment queue), the
 * block's lapsed holds and this appointment's previous hold deleted, then the first free nurse
 * held; the unique index decides who gets a nurse, never a prior read.
 */
export async function holdBlock(db: Db, rosters: RosterCache, request: HoldRequest): Promise<ScheduleAnswer> {
  const { appointment, now } = request;
  const { begin, end } = parseBlock(request);
  if (!SCHEDULABLE.includes(appointment.status)) throw notSchedulable();
  const { candidates, blockStart, blockEnd, sector, dayCapacity } = await blockCandidates(
    db,
    rosters,
    request,
    begin,
  );
  const holder = request.holder ?? null;
  // Squatting: within the per-minute limits one caller could hold a sector's whole day and keep
  // it, each hold living 20 minutes. Counted before the hold, so two racing holds from one
  // address may both pass; the per-minute limits bound by how much.
  if (holder !== null) {
    const limits = request.limits ?? {};
    // Counted only when bounded: a hold is the booking's hot path.
    if (limits.perBrowser || limits.perAddress) {
      const live = await countLiveHoldsFrom(db, { ...holder, appointmentId: appointment.id, now });
      if (limits.perBrowser && live.browser >= limits.perBrowser) throw fail(ERRORS.TOO_MANY_HOLDS);
      if (limits.perAddress && live.address >= limits.perAddress)
        throw fail(ERRORS.TOO_MANY_HOLDS_FROM_NETWORK);
    }
    if (limits.sectorDayShare) {
      const share = Math.max(1, Math.floor((dayCapacity * limits.sectorDayShare) / 100));
      const kept = await countSectorDayKeptFrom(db, {
        heldFrom: holder.heldFrom,
        sectorId: sector.id,
        timeZone: sector.timeZone,
        date: begin.date,
        appointmentId: appointment.id,
        now,
      });
      if (kept >= share) throw fail(ERRORS.SECTOR_DAY_SHARE);
    }
  }
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const outcome = await holdBlockForAppointment(db, {
    appointmentId: appointment.id,
    statuses: SCHEDULABLE,
    nurseIds: candidates.map((nurse) => nurse.id),
    blockStart,
    blockEnd,
    expiresAt,
    now,
  });
  if (outcome === 'not-schedulable') throw notSchedulable();
  // Every nurse taken: nothing changed, so the appointment keeps its state and hold.
  if (outcome === 'taken') throw blockNotAvailable();
  // Who holds it now: a staff hold of an appointment a stranger held no longer counts for them.
  if (
    (appointment.heldFrom ?? null) !== (holder?.heldFrom ?? null) ||
    (appointment.heldBy ?? null) !== (holder?.heldBy || null)
  )
    await setHeldFrom(db, appointment.id, holder);
  return {
    begin_date: formatLocalDateTime(begin.date, begin.minutes),
    end_date: formatLocalDateTime(end.date, end.minutes),
    expires_at: expiresAt.toISOString(),
    status: 'scheduled',
  };
}

/**
 * Makes the appointment's hold permanent (status confirmed, no expiry); for the lifecycle's
 * confirmation (payment or manual). A hold whose 20 minutes are up still confirms while its row
 * exists: the unique index guarantees nobody else has that nurse-block. Once someone took the
 * block, the row is gone and this fails with 409 hold-expired. Call it inside the confirmation's
 * transaction so the appointment and its visit change together.
 */
export async function confirmVisit(db: Db, appointmentId: string): Promise<VisitRow> {
  const visit = await confirmVisitOfAppointment(db, appointmentId);
  if (!visit) throw fail(ERRORS.HOLD_EXPIRED);
  return visit;
}
