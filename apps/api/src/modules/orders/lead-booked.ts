import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cartMakers, medicalOrders } from '../../db/schema.ts';
import { recordAudit } from '../audit/queries.ts';

/** Who the audit log names when the person's own booking changed the lead. */
const BOOKING_ACTOR = 'booking:cart-maker';

/**
 * A confirmed appointment booked through a lead's cart link: the lead becomes 'booked' with it,
 * in the confirmation's own transaction (writeBookingEvents calls this for
 * 'appointment.confirmed'). A lead already booked is left as it is, so a confirmation e-mail
 * written again changes nothing.
 */
export async function markLeadBooked(
  tx: Db,
  appointment: { id: string; status: string },
  now: Date = new Date(),
): Promise<number> {
  if (appointment.status !== 'confirmed') return 0;
  const carts = tx
    .select({ id: cartMakers.id })
    .from(cartMakers)
    .where(eq(cartMakers.appointmentId, appointment.id));
  const changed = await tx
    .update(medicalOrders)
    .set({
      status: 'booked',
      appointmentId: appointment.id,
      statusChangedAt: now,
      statusChangedBy: 'Reserva del paciente',
    })
    .where(and(inArray(medicalOrders.cartMakerId, carts), ne(medicalOrders.status, 'booked')))
    .returning({ id: medicalOrders.id, clientId: medicalOrders.clientId });
  for (const lead of changed)
    await recordAudit(tx, {
      actor: BOOKING_ACTOR,
      action: 'lead.status_changed',
      entityType: 'lead',
      entityId: lead.id,
      partnerId: lead.clientId,
      after: { status: 'booked', appointment_id: appointment.id },
    });
  return changed.length;
}
