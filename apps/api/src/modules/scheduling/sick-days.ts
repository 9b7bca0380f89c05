/**
 * A nurse calls in sick: her days off from one local day to another, and for each of her visits
 * in them another nurse of the visit's sector who can do it (the cart's skills, a shift offering
 * the block, free in it): in the same block first, so the patient's time stays; else in the
 * nearest other block. Applying writes the days off and every move in one transaction, each move
 * in a savepoint of its own so one taken meanwhile stays with her and is listed, not lost.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import { addDays } from '@visita/domain/availability';
import type { consoleSickDaysAnswerSchema } from '@visita/domain/contract/console-agenda';
import { and, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, nurseDaysOff, nurses, visits } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { findAppointmentById, type AppointmentRow } from '../appointments/queries.ts';
import { recordAudit } from '../audit/queries.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import type { ChangeAuthor } from '../console/operators.ts';
import { bookingReference, writeBookingEvents } from '../notifications/booking-events.ts';
import { lockForChange } from '../appointments/queries.ts';
import { shortPatientName } from './agenda.ts';
import { busyBlocksOf, horizonFor, sectorRoster } from './availability.ts';
import { BLOCK_MINUTES, localDateTimeOf, localParts } from './blocks.ts';
import { appointmentSector, cartItemIds, neededSkills } from './cart-skills.ts';
import { deleteExpiredHolds, findBusyNurseBlocks, findNurseNames, insertHoldIfFree } from './queries.ts';
import type { RosterCache } from './roster.ts';

type SickDaysAnswer = z.infer<typeof consoleSickDaysAnswerSchema>;
type SickDayVisit = SickDaysAnswer['visits'][number];

const DAY_MS = 86_400_000;
const BLOCK_MS = BLOCK_MINUTES * 60_000;
/** How far from the visit's day another block is looked for: the nearest within three days. */
const SEARCH_DAYS = 3;

interface Proposal {
  nurseId: number;
  start: number;
}

interface Planned {
  visitId: string;
  appointment: AppointmentRow;
  sectorId: number;
  timeZone: string;
  start: number;
  proposal: Proposal | null;
}

/** Her confirmed visits still to come whose local day, in their sector, is within from..to. */
async function visitsInRange(
  db: Db,
  rosters: RosterCache,
  nurseId: number,
  range: { from: string; to: string },
  now: Date,
) {
  // Local days of any zone fit between the day before `from` and two days after `to` in UTC.
  const lower = Math.max(Date.parse(`${range.from}T00:00:00Z`) - DAY_MS, now.getTime());
  const upper = Date.parse(`${range.to}T00:00:00Z`) + 2 * DAY_MS;
  const rows = await db
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.nurseId, nurseId),
        eq(visits.status, 'confirmed'),
        gte(visits.blockStart, new Date(lower)),
        lt(visits.blockStart, new Date(upper)),
      ),
    )
    .orderBy(visits.blockStart);
  const found: Array<{
    visitId: string;
    appointment: AppointmentRow;
    start: number;
    sector: { id: number; timeZone: string };
  }> = [];
  for (const row of rows) {
    if (row.blockStart.getTime() <= now.getTime()) continue;
    const appointment = await findAppointmentById(db, row.appointmentId);
    if (!appointment || appointment.status !== 'confirmed') continue;
    const sector = await appointmentSector(db, appointment, rosters).catch(() => null);
    // A visit whose sector is gone cannot be placed anywhere; it is listed with her day's date.
    const timeZone = sector?.timeZone ?? 'UTC';
    const day = localParts(row.blockStart, timeZone).date;
    if (day < range.from || day > range.to) continue;
    found.push({
      visitId: row.id,
      appointment,
      start: row.blockStart.getTime(),
      sector: { id: sector?.id ?? 0, timeZone },
    });
  }
  return found;
}

/**
 * Where one visit can go: the blocks of its sector's roster from three days before to three days
 * after, the same block first, then by distance from it (the earlier of two as near); in each, the
 * first nurse the roster offers who is not her, not busy, not given another visit of this plan.
 */
async function proposeOne(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  visit: { appointment: AppointmentRow; start: number },
  sickNurseId: number,
  planned: ReadonlySet<string>,
  daysOff: (nurseIds: readonly number[], dates: readonly string[]) => Promise<ReadonlySet<string>>,
  now: Date,
): Promise<Proposal | null> {
  const sector = await appointmentSector(db, visit.appointment, rosters).catch(() => null);
  if (!sector) return null;
  const skills = neededSkills(catalogue, cartItemIds(visit.appointment.patients), visit.appointment.country);
  const horizon = horizonFor(sector.timeZone, now);
  const roster = await sectorRoster(db, rosters, sector, skills, horizon);
  const day = localParts(new Date(visit.start), sector.timeZone).date;
  const blocks: Array<{ date: string; start: number }> = [];
  for (let offset = -SEARCH_DAYS; offset <= SEARCH_DAYS; offset++) {
    const date = addDays(day, offset);
    for (const block of roster.days.get(date) ?? [])
      if (block.start > now.getTime()) blocks.push({ date, start: block.start });
  }
  blocks.sort(
    (a, b) => Math.abs(a.start - visit.start) - Math.abs(b.start - visit.start) || a.start - b.start,
  );
  if (blocks.length === 0) return null;
  const busy = busyBlocksOf(
    await findBusyNurseBlocks(
      db,
      sector.id,
      blocks.map((block) => block.start),
      now,
    ),
  );
  // The kept roster may not know yet of a day off written a moment ago (this one's included):
  // the database's days off are read here as well.
  const off = await daysOff(
    roster.nurses.map((nurse) => nurse.id),
    [...new Set(blocks.map((block) => block.date))],
  );
  for (const block of blocks) {
    const nurse = roster
      .nursesInBlock(block.date, block.start)
      .find(
        (candidate) =>
          candidate.id !== sickNurseId &&
          !off.has(`${candidate.id}|${block.date}`) &&
          !busy.get(candidate.id)?.has(block.start) &&
          !planned.has(`${candidate.id}|${block.start}`),
      );
    if (nurse) return { nurseId: nurse.id, start: block.start };
  }
  return null;
}

/** The days off of some nurses on some dates, as the database holds them now ('id|date'). */
function daysOffReader(db: Db) {
  return async (nurseIds: readonly number[], dates: readonly string[]): Promise<ReadonlySet<string>> => {
    if (nurseIds.length === 0 || dates.length === 0) return new Set<string>();
    const rows = await db
      .select({ nurseId: nurseDaysOff.nurseId, day: nurseDaysOff.day })
      .from(nurseDaysOff)
      .where(and(inArray(nurseDaysOff.nurseId, [...nurseIds]), inArray(nurseDaysOff.day, [...dates])));
    return new Set(rows.map((row) => `${row.nurseId}|${String(row.day).slice(0, 10)}`));
  };
}

async function plan(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  nurseId: number,
  range: { from: string; to: string },
  now: Date,
): Promise<Planned[]> {
  const found = await visitsInRange(db, rosters, nurseId, range, now);
  const planned = new Set<string>();
  const result: Planned[] = [];
  const daysOff = daysOffReader(db);
  for (const visit of found) {
    const proposal = await proposeOne(db, rosters, catalogue, visit, nurseId, planned, daysOff, now);
    if (proposal) planned.add(`${proposal.nurseId}|${proposal.start}`);
    result.push({
      visitId: visit.visitId,
      appointment: visit.appointment,
      sectorId: visit.sector.id,
      timeZone: visit.sector.timeZone,
      start: visit.start,
      proposal,
    });
  }
  return result;
}

async function findNurse(db: Db, id: number) {
  const [row] = await db.select({ id: nurses.id, name: nurses.name }).from(nurses).where(eq(nurses.id, id));
  if (!row) throw fail(ERRORS.CONSOLE_NURSE_NOT_FOUND);
  return row;
}

async function toAnswer(
  db: Db,
  nurse: { id: number; name: string },
  range: { from: string; to: string },
  planned: readonly Planned[],
  results?: ReadonlyMap<string, { result: 'moved' | 'unplaced'; notified: boolean }>,
  holds: SickDaysAnswer['holds'] = [],
): Promise<SickDaysAnswer> {
  const ids = [...new Set(planned.flatMap((entry) => (entry.proposal ? [entry.proposal.nurseId] : [])))];
  const names = await findNurseNames(db, ids);
  return {
    nurse: { id: String(nurse.id), name: nurse.name },
    from: range.from,
    to: range.to,
    holds,
    visits: planned.map((entry): SickDayVisit => {
      const first = entry.appointment.patients[0];
      const applied = results?.get(entry.visitId);
      return {
        appointment_id: entry.appointment.id,
        code: bookingReference(entry.appointment.id),
        patient: shortPatientName(first?.first_name ?? null, first?.last_name ?? null),
        commune: entry.appointment.comuna,
        begin_date: localDateTimeOf(entry.start, entry.timeZone),
        end_date: localDateTimeOf(entry.start + BLOCK_MS, entry.timeZone),
        proposal: entry.proposal
          ? {
              nurse: { id: String(entry.proposal.nurseId), name: names.get(entry.proposal.nurseId) ?? '' },
              begin_date: localDateTimeOf(entry.proposal.start, entry.timeZone),
              end_date: localDateTimeOf(entry.proposal.start + BLOCK_MS, entry.timeZone),
              time_changed: entry.proposal.start !== entry.start,
            }
          : null,
        result: applied?.result ?? null,
        notified: applied?.notified ?? false,
      };
    }),
  };
}

/** What marking her off would do, without doing it. */
export async function proposeSickDays(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  nurseId: number,
  range: { from: string; to: string },
  now: Date = new Date(),
): Promise<SickDaysAnswer> {
  const nurse = await findNurse(db, nurseId);
  const holds = (await holdsInRange(db, rosters, nurseId, range, now)).map((hold) => ({
    ...hold.shown,
    result: null,
  }));
  return toAnswer(
    db,
    nurse,
    range,
    await plan(db, rosters, catalogue, nurseId, range, now),
    undefined,
    holds,
  );
}

/** Her live holds (bookings in progress) whose block falls on a day of the range. */
async function holdsInRange(
  db: Db,
  rosters: RosterCache,
  nurseId: number,
  range: { from: string; to: string },
  now: Date,
) {
  const rows = await db
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.nurseId, nurseId),
        eq(visits.status, 'hold'),
        gte(visits.localDay, range.from),
        lte(visits.localDay, range.to),
        gt(visits.expiresAt, now),
      ),
    )
    .orderBy(visits.blockStart);
  const found = [];
  for (const row of rows) {
    const appointment = await findAppointmentById(db, row.appointmentId);
    if (!appointment) continue;
    const sector = await appointmentSector(db, appointment, rosters).catch(() => null);
    found.push({
      row,
      appointment,
      shown: {
        appointment_id: appointment.id,
        code: bookingReference(appointment.id),
        begin_date: localDateTimeOf(row.blockStart.getTime(), sector?.timeZone ?? 'UTC'),
      },
    });
  }
  return found;
}

/**
 * Her holds in the range, before she is marked off: each given to another qualified nurse free in
 * the same block (the person's time stays; what they pay confirms with that nurse), else released
 * (the booking can no longer confirm onto her: the person picks another time, and the database
 * refuses a confirmation onto a nurse off that day either way).
 */
async function reassignHolds(
  tx: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  nurseId: number,
  range: { from: string; to: string },
  now: Date,
): Promise<SickDaysAnswer['holds']> {
  const answered: SickDaysAnswer['holds'] = [];
  for (const hold of await holdsInRange(tx, rosters, nurseId, range, now)) {
    // The appointment's row first, as a payment confirming it locks it first (so the two queue
    // rather than deadlock): confirmed meanwhile, its visit is hers and is moved below with her
    // other confirmed visits; no longer held, there is nothing to move.
    const [locked] = await tx
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, hold.appointment.id))
      .for('update');
    if (locked?.status !== 'scheduled') continue;
    const [still] = await tx
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.id, hold.row.id), eq(visits.status, 'hold'), eq(visits.nurseId, nurseId)));
    if (!still) continue;
    const start = hold.row.blockStart.getTime();
    const proposal = await proposeOne(
      tx,
      rosters,
      catalogue,
      { appointment: hold.appointment, start },
      nurseId,
      new Set(),
      daysOffReader(tx),
      now,
    ).catch(() => null);
    const moved =
      proposal !== null && proposal.start === start
        ? await tx
            .transaction(async (savepoint) => {
              const db = savepoint as unknown as Db;
              await db.delete(visits).where(and(eq(visits.id, hold.row.id), eq(visits.status, 'hold')));
              const taken = await insertHoldIfFree(db, {
                appointmentId: hold.appointment.id,
                nurseId: proposal.nurseId,
                blockStart: hold.row.blockStart,
                blockEnd: hold.row.blockEnd,
                expiresAt: hold.row.expiresAt ?? now,
              });
              if (!taken) throw new Unplaced();
              return true;
            })
            .catch((error: unknown) => {
              if (error instanceof Unplaced) return false;
              throw error;
            })
        : false;
    if (!moved) await tx.delete(visits).where(and(eq(visits.id, hold.row.id), eq(visits.status, 'hold')));
    answered.push({ ...hold.shown, result: moved ? 'moved' : 'released' });
  }
  return answered;
}

/**
 * Marks her off and moves her visits as proposed, in one transaction (the proposal made again
 * inside it, so it answers what the database holds now). A visit whose new nurse was taken in the
 * meantime stays with her, listed as unplaced. Only the patients whose time changed are e-mailed;
 * the partner's webhook tells of every move.
 */
export async function applySickDays(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  nurseId: number,
  range: { from: string; to: string },
  author: ChangeAuthor,
  now: Date = new Date(),
): Promise<{ answer: SickDaysAnswer; sectorIds: number[] }> {
  const nurse = await findNurse(db, nurseId);
  return inTransaction(db, async (tx) => {
    // One absence applied at a time: two nurses off at once must not each be given the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('visita:sick-days'))`);
    const days: string[] = [];
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
    // Bookings in progress on her blocks first: a hold is never kept with her, nor confirmed onto her.
    const holds = await reassignHolds(tx, rosters, catalogue, nurseId, range, now);
    // The roster guard refuses a day off over a visit of hers: the person applying this has seen
    // each visit with who takes it or that nobody can, so hers are kept with her until moved
    // below; those nobody takes stay kept, listed as unplaced.
    await tx
      .update(visits)
      .set({ keptOffRoster: true })
      .where(
        and(
          eq(visits.nurseId, nurseId),
          eq(visits.status, 'confirmed'),
          gte(visits.localDay, range.from),
          lte(visits.localDay, range.to),
          gt(visits.blockEnd, now),
        ),
      );
    await tx
      .insert(nurseDaysOff)
      .values(days.map((day) => ({ nurseId, day })))
      .onConflictDoNothing();
    const planned = await plan(tx, rosters, catalogue, nurseId, range, now);
    const results = new Map<string, { result: 'moved' | 'unplaced'; notified: boolean }>();
    for (const entry of planned) {
      const { proposal } = entry;
      if (!proposal) {
        results.set(entry.visitId, { result: 'unplaced', notified: false });
        continue;
      }
      const moved = await tx
        .transaction(async (savepoint) => {
          const db = savepoint as unknown as Db;
          if ((await lockForChange(db, entry.appointment.id)) !== 'confirmed') throw new Unplaced();
          const gone = await db
            .delete(visits)
            .where(and(eq(visits.id, entry.visitId), eq(visits.nurseId, nurseId)))
            .returning({ id: visits.id });
          if (gone.length === 0) throw new Unplaced();
          const blockStart = new Date(proposal.start);
          const blockEnd = new Date(proposal.start + BLOCK_MS);
          await deleteExpiredHolds(db, blockStart, now);
          const taken = await insertHoldIfFree(db, {
            appointmentId: entry.appointment.id,
            nurseId: proposal.nurseId,
            blockStart,
            blockEnd,
            expiresAt: now,
          });
          if (!taken) throw new Unplaced();
          await db
            .update(visits)
            .set({ status: 'confirmed', expiresAt: null })
            .where(eq(visits.id, taken.id));
          const timeChanged = proposal.start !== entry.start;
          const written = await writeBookingEvents(db, entry.appointment, 'appointment.rescheduled', {
            visit: { begin: blockStart, end: blockEnd },
            emailPatient: timeChanged,
          });
          await recordAudit(db, {
            actor: author.actor,
            operatorId: author.operatorId,
            action: 'appointment.moved',
            entityType: 'appointment',
            entityId: entry.appointment.id,
            partnerId: entry.appointment.clientId,
            before: { nurse_id: String(nurseId), begin: new Date(entry.start).toISOString() },
            after: {
              nurse_id: String(proposal.nurseId),
              begin: blockStart.toISOString(),
              reason: 'sick_days',
            },
          });
          return written.emails > 0;
        })
        .then(
          (notified) => ({ result: 'moved' as const, notified }),
          (error: unknown) => {
            if (error instanceof Unplaced) return { result: 'unplaced' as const, notified: false };
            throw error;
          },
        );
      results.set(entry.visitId, moved);
    }
    const answer = await toAnswer(tx, nurse, range, planned, results, holds);
    await recordAudit(tx, {
      actor: author.actor,
      operatorId: author.operatorId,
      action: 'nurse.days_off_applied',
      entityType: 'nurse',
      entityId: String(nurseId),
      partnerId: null,
      after: {
        from: range.from,
        to: range.to,
        moved: answer.visits.filter((visit) => visit.result === 'moved').map((visit) => visit.appointment_id),
        unplaced: answer.visits
          .filter((visit) => visit.result === 'unplaced')
          .map((visit) => visit.appointment_id),
        holds_moved: holds.filter((hold) => hold.result === 'moved').map((hold) => hold.appointment_id),
        holds_released: holds.filter((hold) => hold.result === 'released').map((hold) => hold.appointment_id),
      },
    });
    return { answer, sectorIds: [...new Set(planned.map((entry) => entry.sectorId).filter((id) => id > 0))] };
  });
}

/** A move the database refused (taken meanwhile, or no longer hers): its savepoint rolled back. */
class Unplaced extends Error {}
