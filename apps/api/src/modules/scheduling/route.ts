/**
 * A sector's day as travel: each nurse's visits in block order with the distance between one and
 * the next (the routing adapter's metres), and a reassignment among the sector's nurses that
 * lowers the day's total without moving any patient's block (packages/domain's route plan).
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import { addDays } from '@visita/domain/availability';
import type { consoleRouteAnswerSchema } from '@visita/domain/contract/console-agenda';
import { dayMeters, nurseLegs, planRoutes, type RouteVisit } from '@visita/domain/route-plan';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, visits } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { Routing } from '../../adapters/routing/routing.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import { recordAudit } from '../audit/queries.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import type { ChangeAuthor } from '../console/operators.ts';
import { bookingReference, writeBookingEvents } from '../notifications/booking-events.ts';
import { lockForChange } from '../appointments/queries.ts';
import { busyBlocksOf, horizonFor, sectorRoster } from './availability.ts';
import { localParts, localToInstant } from './blocks.ts';
import { cartItemIds, neededSkills } from './cart-skills.ts';
import { findBusyNurseBlocks, findNurseNames, findSectorById, insertHoldIfFree } from './queries.ts';
import type { RosterCache } from './roster.ts';

type RouteAnswer = z.infer<typeof consoleRouteAnswerSchema>;

interface DayVisit extends RouteVisit {
  visitId: string;
  appointment: AppointmentRow;
  blockEnd: Date;
}

async function sectorOf(db: Db, sectorId: number) {
  const sector = await findSectorById(db, sectorId);
  if (!sector) throw fail(ERRORS.CONSOLE_SECTOR_NOT_FOUND);
  return sector;
}

/**
 * The sector's confirmed visits of its local day, each with the nurses who could take it in its
 * block: on the sector's roster for its cart's skills, on shift then, and not busy then with a
 * visit of another day's plan or sector (a hold, a visit elsewhere). A visit already begun keeps
 * its nurse.
 */
async function dayVisits(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  sectorId: number,
  date: string,
  now: Date,
) {
  const sector = await sectorOf(db, sectorId);
  const from = localToInstant(date, 0, sector.timeZone) ?? Date.parse(`${date}T00:00:00Z`);
  const to = localToInstant(addDays(date, 1), 0, sector.timeZone) ?? from + 86_400_000;
  const rows = await db
    .select({ visit: visits, appointment: appointments })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(appointments.sectorId, sector.id),
        eq(appointments.status, 'confirmed'),
        eq(visits.status, 'confirmed'),
        gte(visits.blockStart, new Date(from)),
        lt(visits.blockStart, new Date(to)),
      ),
    )
    .orderBy(visits.blockStart, visits.nurseId);
  const starts = [...new Set(rows.map((row) => row.visit.blockStart.getTime()))];
  const busy = busyBlocksOf(await findBusyNurseBlocks(db, sector.id, starts, now));
  const ours = new Set(rows.map((row) => `${row.visit.nurseId}|${row.visit.blockStart.getTime()}`));
  const horizon = horizonFor(sector.timeZone, now);
  const list: DayVisit[] = [];
  for (const [index, { visit, appointment }] of rows.entries()) {
    const start = visit.blockStart.getTime();
    let candidates: number[] = [visit.nurseId];
    if (start > now.getTime()) {
      const skills = neededSkills(catalogue, cartItemIds(appointment.patients), appointment.country);
      const roster = await sectorRoster(db, rosters, sector, skills, horizon);
      const day = localParts(visit.blockStart, sector.timeZone).date;
      candidates = roster
        .nursesInBlock(day, start)
        .map((nurse) => nurse.id)
        .filter((id) => id === visit.nurseId || !busy.get(id)?.has(start) || ours.has(`${id}|${start}`));
      if (!candidates.includes(visit.nurseId)) candidates.push(visit.nurseId);
    }
    list.push({
      id: appointment.id,
      visitId: visit.id,
      appointment,
      start,
      blockEnd: visit.blockEnd,
      point: index,
      nurseId: visit.nurseId,
      candidates,
    });
  }
  return { sector, list };
}

const round = (meters: number) => Math.round(meters);

/** The day's travel per nurse, and the plan that lowers it. */
export async function consoleRoute(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  routing: Routing,
  query: { sectorId: number; date: string },
  now: Date = new Date(),
): Promise<RouteAnswer> {
  const { list } = await dayVisits(db, rosters, catalogue, query.sectorId, query.date, now);
  const matrix = await routing.matrix(
    list.map((visit) => ({ lat: visit.appointment.targetLat, lng: visit.appointment.targetLng })),
  );
  const current = new Map(list.map((visit) => [visit.id, visit.nurseId]));
  const plan = planRoutes(list, matrix);
  const moved = list.filter((visit) => plan.get(visit.id) !== visit.nurseId);
  const names = await findNurseNames(db, [
    ...new Set([...list.map((visit) => visit.nurseId), ...moved.map((visit) => plan.get(visit.id) ?? 0)]),
  ]);
  const nurse = (id: number) => ({ id: String(id), name: names.get(id) ?? '' });
  const meters = dayMeters(list, current, matrix);
  const planned = dayMeters(list, plan, matrix);
  const code = (visit: RouteVisit) => bookingReference(visit.id);
  return {
    date: query.date,
    nurses: [...nurseLegs(list, current, matrix)]
      .map(([id, legs]) => ({
        ...nurse(id),
        visits: list.filter((visit) => visit.nurseId === id).map(code),
        legs: legs.map((leg) => ({ from: code(leg.from), to: code(leg.to), meters: round(leg.meters) })),
        meters: round(legs.reduce((sum, leg) => sum + leg.meters, 0)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'es')),
    meters: round(meters),
    plan: {
      meters: round(planned),
      saved_meters: round(meters - planned),
      moves: moved.map((visit) => ({
        appointment_id: visit.id,
        code: code(visit),
        start: new Date(visit.start).toISOString(),
        from_nurse: nurse(visit.nurseId),
        to_nurse: nurse(plan.get(visit.id) ?? visit.nurseId),
      })),
    },
  };
}

/**
 * The plan applied in one transaction, as it was read: every visit still with the nurse it had
 * and the new nurse still one who may take it, or nothing changes (409). The moved visits are
 * freed first and taken again under the unique index, so two visits may trade nurses. The
 * patients keep their time and are not e-mailed; the partners' webhooks tell of each move.
 */
export async function applyRoute(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  request: {
    sectorId: number;
    date: string;
    moves: ReadonlyArray<{ appointmentId: string; fromNurseId: number; toNurseId: number }>;
  },
  author: ChangeAuthor,
  now: Date = new Date(),
): Promise<{ moved: number }> {
  const changed = () => fail(ERRORS.CONSOLE_ROUTE_CHANGED);
  return inTransaction(db, async (tx) => {
    const { list } = await dayVisits(tx, rosters, catalogue, request.sectorId, request.date, now);
    const byId = new Map(list.map((visit) => [visit.id, visit]));
    const moves = request.moves.map((move) => {
      const visit = byId.get(move.appointmentId);
      if (!visit || visit.nurseId !== move.fromNurseId || !visit.candidates.includes(move.toNurseId))
        throw changed();
      return { visit, to: move.toNurseId };
    });
    if (new Set(moves.map((move) => move.visit.id)).size !== moves.length) throw changed();
    for (const { visit } of moves) {
      if ((await lockForChange(tx, visit.id)) !== 'confirmed') throw changed();
      const gone = await tx
        .delete(visits)
        .where(and(eq(visits.id, visit.visitId), eq(visits.nurseId, visit.nurseId)))
        .returning({ id: visits.id });
      if (gone.length === 0) throw changed();
    }
    for (const { visit, to } of moves) {
      const blockStart = new Date(visit.start);
      const taken = await insertHoldIfFree(tx, {
        appointmentId: visit.id,
        nurseId: to,
        blockStart,
        blockEnd: visit.blockEnd,
        expiresAt: now,
      });
      if (!taken) throw changed();
      await tx.update(visits).set({ status: 'confirmed', expiresAt: null }).where(eq(visits.id, taken.id));
      await writeBookingEvents(tx, visit.appointment, 'appointment.rescheduled', {
        visit: { begin: blockStart, end: visit.blockEnd },
        emailPatient: false,
      });
      await recordAudit(tx, {
        actor: author.actor,
        operatorId: author.operatorId,
        action: 'appointment.moved',
        entityType: 'appointment',
        entityId: visit.id,
        partnerId: visit.appointment.clientId,
        before: { nurse_id: String(visit.nurseId), begin: blockStart.toISOString() },
        after: { nurse_id: String(to), begin: blockStart.toISOString(), reason: 'route_plan' },
      });
    }
    return { moved: moves.length };
  });
}
