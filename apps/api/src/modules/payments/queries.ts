import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { appointments, payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

export async function findPayment(
  db: Db,
  appointmentId: string,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/** A payment of the appointment still being charged or waiting for the gateway's review. */
export async function findOpenPayment(db: Db, appointmentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.appointmentId, appointmentId), inArray(payments.status, ['processing', 'pending'])),
    )
    .limit(1);
  return row;
}

/**
 * Locks the appointment's row until the transaction ends (SELECT … FOR UPDATE), so two payment
 * attempts on one appointment claim it one after the other. Answers its status.
 */
export async function lockAppointment(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update');
  return row?.status;
}

export async function insertPayment(db: Db, row: NewPaymentRow): Promise<PaymentRow> {
  const [created] = await db.insert(payments).values(row).returning();
  if (!created) throw new Error('payment insert returned nothing');
  return created;
}

export async function updatePayment(
  db: Db,
  id: string,
  changes: Partial<Pick<NewPaymentRow, 'status' | 'statusDetail' | 'gatewayPaymentId'>>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(payments.id, id));
}
