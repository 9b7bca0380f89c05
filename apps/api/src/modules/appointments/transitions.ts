import * as ERRORS from '@visita/domain/contract/api-errors';
/** An appointment's statuses and the events that move it (schedule, confirm, cancel, expire). */
import { and, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, type AppointmentStatusValue, visits } from '../../db/schema.ts';
import { type AppError, fail } from '../../errors.ts';
import { type AppointmentRow, findAppointmentById, updateAppointmentWhileStatus } from './queries.ts';

export type AppointmentEvent = 'schedule' | 'confirm' | 'cancel' | 'expire';

/**
 * Which status each event may leave from, and where it goes. Scheduling again keeps a scheduled
 * appointment scheduled (a new hold replaces the first); everything else only moves forward.
 */
const TRANSITIONS: Readonly<
  Record<AppointmentEvent, { from: readonly AppointmentStatusValue[]; to: AppointmentStatusValue }>
> = {
  // An expired appointment may pick a block again: the person came back after the hold lapsed.
  schedule: { from: ['pending', 'scheduled', 'expired'], to: 'scheduled' },
  confirm: { from: ['scheduled'], to: 'confirmed' },
  cancel: { from: ['pending', 'scheduled'], to: 'cancelled' },
  expire: { from: ['scheduled'], to: 'expired' },
};

export const invalidStatus = (status: AppointmentStatusValue) =>
  fail(ERRORS.invalidAppointmentStatus(status));

/** The pure transition: the next status, or the 409 an illegal transition answers. */
export function transition(status: AppointmentStatusValue, event: AppointmentEvent): AppointmentStatusValue {
  const rule = TRANSITIONS[event];
  if (!rule.from.includes(status)) throw invalidStatus(status);
  return rule.to;
}

/**
 * Applies an event with one conditional UPDATE (status still one it may leave from), never a
 * read-then-write: of two concurrent calls, one changes the row and the other finds it changed.
 * Undefined when the row was not in such a status (the caller reads why).
 */
export async function applyTransition(
  db: Db,
  id: string,
  event: AppointmentEvent,
  changes: Partial<typeof appointments.$inferInsert> = {},
): Promise<AppointmentRow | undefined> {
  const rule = TRANSITIONS[event];
  return updateAppointmentWhileStatus(db, id, rule.from, { ...changes, status: rule.to });
}

/** The 409 for an event that did not apply, from the status the row has now. */
export async function refusal(db: Db, id: string): Promise<AppError> {
  const current = await findAppointmentById(db, id);
  return current ? invalidStatus(current.status) : invalidStatus('cancelled');
}

/** pending|scheduled → cancelled; a held block is freed at once. */
export async function cancelAppointment(db: Db, id: string, now: Date = new Date()): Promise<AppointmentRow> {
  const row = await inTransaction(db, async (tx) => {
    const cancelled = await applyTransition(tx, id, 'cancel', { cancelledAt: now });
    if (cancelled)
      await tx.delete(visits).where(and(eq(visits.appointmentId, id), eq(visits.status, 'hold')));
    return cancelled;
  });
  if (!row) throw await refusal(db, id);
  return row;
}

/**
 * scheduled → expired, only when the appointment no longer has a live hold: its hold's time is
 * up, or the block was taken and the hold deleted. One statement, so a confirmation cannot slip
 * in between the check and the change.
 */
export async function expireAppointment(db: Db, id: string, now: Date = new Date()): Promise<AppointmentRow> {
  const [row] = await db
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(appointments.id, id),
        inArray(appointments.status, [...TRANSITIONS.expire.from]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(visits)
            .where(
              and(
                eq(visits.appointmentId, id),
                or(
                  eq(visits.status, 'confirmed'),
                  isNull(visits.expiresAt),
                  sql`${visits.expiresAt} > ${now}`,
                ),
              ),
            ),
        ),
      ),
    )
    .returning();
  if (row) return row;
  const current = await findAppointmentById(db, id);
  if (current?.status === 'scheduled') {
    throw fail(ERRORS.HOLD_NOT_EXPIRED);
  }
  throw current ? invalidStatus(current.status) : invalidStatus('cancelled');
}

/**
 * The sweep the server runs every minute: holds past their 20 minutes are deleted, freeing their
 * blocks, and every scheduled appointment left without a visit becomes expired. Both in one
 * transaction, and each a single statement, so a confirmation (which needs the hold's row) either
 * wins before the delete or finds the row gone. Stateless: any number of instances may run it.
 * It never waits: rows another transaction holds (a hold or a confirmation under way) are left
 * for the next sweep, so it cannot deadlock with them.
 */
export async function expireLapsedHolds(db: Db, now: Date = new Date()): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.delete(visits).where(
      inArray(
        visits.id,
        sql`(select ${visits.id} from ${visits} where ${visits.status} = 'hold' and ${visits.expiresAt} < ${now}
             for update skip locked)`,
      ),
    );
    const expired = await tx
      .update(appointments)
      .set({ status: 'expired', updatedAt: now })
      .where(
        inArray(
          appointments.id,
          sql`(select a.id from ${appointments} a where a.status = 'scheduled'
                 and not exists (select 1 from ${visits} v where v.appointment_id = a.id)
               for update skip locked)`,
        ),
      )
      .returning({ id: appointments.id });
    return expired.length;
  });
}
