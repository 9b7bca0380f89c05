import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, visits } from '../../db/schema.ts';
import { findAppointmentById } from '../appointments/queries.ts';
import { writeBookingEvents } from './booking-events.ts';

/** A reminder goes out this long before the visit. */
const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/**
 * Writes a reminder for every confirmed visit starting within the next 24 hours, and marks the
 * visit looked at (visits.reminded_at) in the same transaction, so each is looked at once: a
 * visit with nobody to tell is not read again every minute. Each reminder is keyed by the
 * appointment and its block, so however many instances run this at once, a visit gets one; a
 * visit moved to another day is a new row and gets one for its new day. Returns how many visits
 * it looked at.
 */
export async function writeDueReminders(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({
      id: visits.id,
      appointmentId: visits.appointmentId,
      begin: visits.blockStart,
      end: visits.blockEnd,
    })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(visits.status, 'confirmed'),
        isNull(visits.remindedAt),
        eq(appointments.status, 'confirmed'),
        gt(visits.blockStart, now),
        lte(visits.blockStart, new Date(now.getTime() + REMINDER_BEFORE_MS)),
      ),
    );
  for (const visit of due) {
    await inTransaction(db, async (tx) => {
      const appointment = await findAppointmentById(tx, visit.appointmentId);
      if (!appointment) return;
      await writeBookingEvents(tx, appointment, 'appointment.reminder', {
        visit: { begin: visit.begin, end: visit.end },
        dedupeKey: `reminder:${visit.appointmentId}:${visit.begin.getTime()}`,
      });
      await tx.update(visits).set({ remindedAt: now }).where(eq(visits.id, visit.id));
    });
  }
  return due.length;
}
