import { COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import type { Db } from '../../db/database.ts';
import type { AppointmentRow } from './queries.ts';
import { formatLocalDateTime, isKnownTimeZone, localParts } from '../scheduling/blocks.ts';
import { findSectorById, findVisitOfAppointment, type VisitRow } from '../scheduling/queries.ts';
import type { RosterCache } from '../scheduling/roster.ts';

export interface VisitTimes {
  localBeginDate: string | null;
  localWorkPeriodMaxLateness: string | null;
}

const NO_VISIT: VisitTimes = { localBeginDate: null, localWorkPeriodMaxLateness: null };

const local = (instant: Date, timeZone: string) => {
  const parts = localParts(instant, timeZone);
  return formatLocalDateTime(parts.date, parts.minutes);
};

/**
 * The summary's local_begin_date and local_work_period_max_lateness: the start and end
 * of the held or confirmed block, as the wall clock of the appointment's sector reads them (the
 * same 'YYYY-MM-DD HH:MM:SS' the availability offered). A lapsed hold no longer reserves anything:
 * null, as before scheduling.
 */
export async function visitTimesOf(
  db: Db,
  rosters: RosterCache,
  appointment: AppointmentRow,
  now = new Date(),
): Promise<VisitTimes> {
  return timesOfVisit(db, rosters, appointment, await findVisitOfAppointment(db, appointment.id), now);
}

/** visitTimesOf for a visit the caller has already read. */
export async function timesOfVisit(
  db: Db,
  rosters: RosterCache,
  appointment: AppointmentRow,
  visit: VisitRow | undefined,
  now = new Date(),
): Promise<VisitTimes> {
  if (!visit) {
    // A cancelled visit's row is gone; the booking keeps the block it had.
    const { cancelledBlockStart: start, cancelledBlockEnd: end } = appointment;
    if (!start || !end) return NO_VISIT;
    const zone = await appointmentTimeZone(db, rosters, appointment);
    return { localBeginDate: local(start, zone), localWorkPeriodMaxLateness: local(end, zone) };
  }
  if (visit.status === 'hold' && visit.expiresAt && visit.expiresAt.getTime() <= now.getTime())
    return NO_VISIT;
  const timeZone = await appointmentTimeZone(db, rosters, appointment);
  return {
    localBeginDate: local(visit.blockStart, timeZone),
    localWorkPeriodMaxLateness: local(visit.blockEnd, timeZone),
  };
}

/**
 * The wall clock of the appointment's sector, as the instance's roster cache keeps the sector
 * (told of every change to sectors); the country's when it has none or an unknown one.
 */
export async function appointmentTimeZone(
  db: Db,
  rosters: RosterCache,
  appointment: Pick<AppointmentRow, 'sectorId' | 'country'>,
): Promise<string> {
  const { sectorId } = appointment;
  const sectorZone =
    sectorId === null
      ? undefined
      : (await rosters.sector(sectorId, () => findSectorById(db, sectorId)))?.timeZone;
  return sectorZone && isKnownTimeZone(sectorZone) ? sectorZone : COUNTRY_TIME_ZONES[appointment.country];
}
