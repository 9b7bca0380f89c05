import { and, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, outboxEvents, visits } from '../../db/schema.ts';
import { findAppointmentById } from '../appointments/queries.ts';
import { writeBookingEvents } from './booking-events.ts';

/** A reminder goes out this long before the visit. */
const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/**
 * Writes a reminder for every confirmed visit starting within the next 24 hours. Each is keyed by
 * the appointment and its block, so however many instances run this and however often, a visit
 * gets one reminder, and a visit moved to another day gets one for its new day. Returns how many
 * visits it looked at.
 */
export async function writeDueReminders(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ appointmentId: visits.appointmentId, begin: visits.blockStart, end: visits.blockEnd })
    .from(visits)
    .innerJoin(appointments, eq(appointments.id, visits.appointmentId))
    .where(
      and(
        eq(visits.status, 'confirmed'),
        eq(appointments.status, 'confirmed'),
        gt(visits.blockStart, now),
        lte(visits.blockStart, new Date(now.getTime() + REMINDER_BEFORE_MS)),
        // Already reminded of this block: not looked at again every minute.
        notExists(
          db
            .select({ one: sql`1` })
            .from(outboxEvents)
            .where(
              sql`${outboxEvents.dedupeKey} like ${sql`'reminder:' || ${visits.appointmentId} || ':' || ((extract(epoch from ${visits.blockStart}) * 1000)::bigint)::text || ':%'`}`,
            ),
        ),
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
    });
  }
  return due.length;
}
