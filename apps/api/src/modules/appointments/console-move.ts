/**
 * Moving a confirmed visit from the console: to another nurse, another block, or both, under the
 * rules of a hold (the appointment's sector, the cart's skills, a shift that offers the block) and
 * with the database deciding who is free (the visits' unique index), as for every hold.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import type { z } from 'zod';
import type {
  consoleMoveAnswerSchema,
  consoleMoveOptionsAnswerSchema,
} from '@visita/domain/contract/console-appointments';
import { eq } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { visits } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { recordAudit } from '../audit/queries.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import type { ChangeAuthor } from '../console/operators.ts';
import { writeBookingEvents } from '../notifications/booking-events.ts';
import { busyBlocksOf, horizonFor, sectorRoster } from '../scheduling/availability.ts';
import { BLOCK_MINUTES, formatLocalDateTime, localDateTimeOf, localParts } from '../scheduling/blocks.ts';
import { appointmentSector, cartItemIds, neededSkills } from '../scheduling/cart-skills.ts';
import { blockCandidates, parseBlock } from '../scheduling/hold.ts';
import {
  deleteExpiredHolds,
  findBusyNurseBlocks,
  findNurseNames,
  findVisitOfAppointment,
  insertHoldIfFree,
} from '../scheduling/queries.ts';
import type { RosterCache } from '../scheduling/roster.ts';
import { type AppointmentRow, lockForChange } from './queries.ts';
import { invalidStatus } from './transitions.ts';

type MoveOptions = z.infer<typeof consoleMoveOptionsAnswerSchema>;
type MoveAnswer = z.infer<typeof consoleMoveAnswerSchema>;

const BLOCK_MS = BLOCK_MINUTES * 60_000;

function assertMovable(appointment: AppointmentRow) {
  if (appointment.status !== 'confirmed') throw invalidStatus(appointment.status);
}

/**
 * The blocks of a local day the visit could move to, each with the nurses free in it who could
 * take it: the same nurses and blocks a hold would be offered, less those already busy (a
 * confirmed visit or a live hold). The visit's own block and nurse are not offered: it is there.
 */
export async function moveOptions(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  asked: string | undefined,
  now: Date = new Date(),
): Promise<MoveOptions> {
  assertMovable(appointment);
  const sector = await appointmentSector(db, appointment, rosters);
  const current = await findVisitOfAppointment(db, appointment.id);
  const horizon = horizonFor(sector.timeZone, now);
  const date = asked ?? (current ? localParts(current.blockStart, sector.timeZone).date : horizon.today);
  if (date < horizon.today) throw fail(ERRORS.BLOCK_IN_PAST);
  if (date > horizon.to) throw fail(ERRORS.BLOCK_OUT_OF_HORIZON);
  const skills = neededSkills(catalogue, cartItemIds(appointment.patients), appointment.country);
  const roster = await sectorRoster(db, rosters, sector, skills, horizon);
  const blocks = (roster.days.get(date) ?? []).filter((block) => block.start > now.getTime());
  const busy = busyBlocksOf(
    await findBusyNurseBlocks(
      db,
      sector.id,
      blocks.map((block) => block.start),
      now,
    ),
  );
  const offered = blocks.map((block) => ({
    start: block.start,
    nurseIds: roster
      .nursesInBlock(date, block.start)
      .filter((nurse) => !busy.get(nurse.id)?.has(block.start))
      .map((nurse) => nurse.id),
  }));
  const names = await findNurseNames(db, [...new Set(offered.flatMap((block) => block.nurseIds))]);
  return {
    date,
    time_zone: sector.timeZone,
    blocks: offered.map((block) => ({
      begin_date: localDateTimeOf(block.start, sector.timeZone),
      end_date: localDateTimeOf(block.start + BLOCK_MS, sector.timeZone),
      nurses: block.nurseIds
        .map((id) => ({ id: String(id), name: names.get(id) ?? '' }))
        .sort((a, b) => a.name.localeCompare(b.name, 'es')),
    })),
    current: current
      ? {
          begin_date: localDateTimeOf(current.blockStart.getTime(), sector.timeZone),
          nurse_id: String(current.nurseId),
        }
      : null,
  };
}

/**
 * Moves the visit to the nurse and block asked for, in one transaction: the current visit freed,
 * the new one taken under the unique index (a nurse who was taken in the meantime leaves the
 * visit where it was), the patient told and the partner's webhook written, the move audited.
 * A console move is not bound by the partner's cut-off (the people who run the visits move them
 * when a nurse cannot go), only by the visit not having begun.
 */
export async function moveVisit(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  request: { beginDate: string; endDate: string; nurseId: number; version?: number | undefined },
  author: ChangeAuthor,
  now: Date = new Date(),
): Promise<MoveAnswer> {
  const { begin, end } = parseBlock(request);
  assertMovable(appointment);
  const { candidates, blockStart, blockEnd } = await blockCandidates(
    db,
    rosters,
    { appointment, catalogue, now },
    begin,
  );
  const nurse = candidates.find((candidate) => candidate.id === request.nurseId);
  if (!nurse) throw fail(ERRORS.CONSOLE_NURSE_NOT_AVAILABLE);
  const notified = await inTransaction(db, async (tx) => {
    const status = await lockForChange(tx, appointment.id, request.version ?? appointment.version);
    if (status !== 'confirmed') throw invalidStatus(status ?? 'cancelled');
    const current = await findVisitOfAppointment(tx, appointment.id);
    if (!current) throw invalidStatus('expired');
    if (current.blockStart.getTime() <= now.getTime()) throw fail(ERRORS.VISIT_STARTED);
    const sameBlock = current.blockStart.getTime() === blockStart.getTime();
    if (sameBlock && current.nurseId === nurse.id) throw fail(ERRORS.CONSOLE_MOVE_UNCHANGED);
    await tx.delete(visits).where(eq(visits.id, current.id));
    // A lapsed hold of someone else's on the new block gives way, as it does to a new hold.
    await deleteExpiredHolds(tx, blockStart, now);
    const taken = await insertHoldIfFree(tx, {
      appointmentId: appointment.id,
      nurseId: nurse.id,
      blockStart,
      blockEnd,
      expiresAt: now,
    });
    // Taken since the options were read: the transaction rolls back, the visit stays.
    if (!taken) throw fail(ERRORS.CONSOLE_NURSE_NOT_AVAILABLE);
    await tx.update(visits).set({ status: 'confirmed', expiresAt: null }).where(eq(visits.id, taken.id));
    // The e-mails never name the nurse: a new nurse in the same block is told as such, not as a
    // new date. The partner learns of every move by its webhook.
    const written = await writeBookingEvents(tx, appointment, 'appointment.rescheduled', {
      visit: { begin: blockStart, end: blockEnd },
      ...(sameBlock ? { emailKind: 'nurse_changed' as const } : {}),
    });
    await recordAudit(tx, {
      actor: author.actor,
      operatorId: author.operatorId,
      action: 'appointment.moved',
      entityType: 'appointment',
      entityId: appointment.id,
      partnerId: appointment.clientId,
      before: { nurse_id: String(current.nurseId), begin: current.blockStart.toISOString() },
      after: { nurse_id: String(nurse.id), begin: blockStart.toISOString() },
    });
    return written.emails > 0;
  });
  const names = await findNurseNames(db, [nurse.id]);
  return {
    begin_date: formatLocalDateTime(begin.date, begin.minutes),
    end_date: formatLocalDateTime(end.date, end.minutes),
    nurse: { id: String(nurse.id), name: names.get(nurse.id) ?? '' },
    notified,
  };
}
