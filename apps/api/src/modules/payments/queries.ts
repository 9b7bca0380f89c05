import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { appointments, payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/** A payment still being charged, or waiting for the gateway's review. */
const OPEN_STATUSES = ['processing', 'pending'] as const;

// Every card payment reads these three several times (before the charge and under the lock):
// prepared, so neither drizzle nor PostgreSQL builds and plans them again for each call.
const preparedFindPayment = perDatabase((db: Db) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, sql.placeholder('appointmentId')),
        eq(payments.idempotencyKey, sql.placeholder('idempotencyKey')),
      ),
    )
    .limit(1)
    .prepare('payments_find'),
);

export async function findPayment(
  db: Db,
  appointmentId: string,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await preparedFindPayment(db).execute({ appointmentId, idempotencyKey });
  return row;
}

const preparedFindOpenPayment = perDatabase((db: Db) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, sql.placeholder('appointmentId')),
        inArray(payments.status, [...OPEN_STATUSES]),
      ),
    )
    .limit(1)
    .prepare('payments_find_open'),
);

/** A payment of the appointment still being charged or waiting for the gateway's review. */
export async function findOpenPayment(db: Db, appointmentId: string): Promise<PaymentRow | undefined> {
  const [row] = await preparedFindOpenPayment(db).execute({ appointmentId });
  return row;
}

const preparedLockAppointment = perDatabase((db: Db) =>
  db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, sql.placeholder('id')))
    .for('update')
    .prepare('appointments_lock'),
);

/**
 * Locks the appointment's row until the transaction ends (SELECT … FOR UPDATE), so two payment
 * attempts on one appointment claim it one after the other. Answers its status.
 */
export async function lockAppointment(db: Db, id: string): Promise<string | undefined> {
  const [row] = await preparedLockAppointment(db).execute({ id });
  return row?.status;
}

const preparedFindAttempts = perDatabase((db: Db) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, sql.placeholder('appointmentId')),
        or(
          eq(payments.idempotencyKey, sql.placeholder('idempotencyKey')),
          inArray(payments.status, [...OPEN_STATUSES]),
        ),
      ),
    )
    .prepare('payments_find_attempts'),
);

/**
 * findPayment and findOpenPayment in one read, for a transaction that holds the appointment's
 * lock: the payment of this attempt (its twin, when a double submit got here first) and one still
 * open. Read after the lock, never joined to it: a statement that waited for the lock sees only
 * what had committed when it began, and would miss the twin it waited for.
 */
export async function findAttempts(
  db: Db,
  appointmentId: string,
  idempotencyKey: string,
): Promise<{ twin?: PaymentRow; open?: PaymentRow }> {
  const rows = await preparedFindAttempts(db).execute({ appointmentId, idempotencyKey });
  return {
    twin: rows.find((payment) => payment.idempotencyKey === idempotencyKey),
    open: rows.find((payment) => (OPEN_STATUSES as readonly string[]).includes(payment.status)),
  };
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

// Read for every confirmation e-mail: prepared.
const preparedFindSettledPayments = perDatabase((db: Db) =>
  db
    .select({ status: payments.status, amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, sql.placeholder('appointmentId')),
        inArray(payments.status, ['approved', 'cash']),
      ),
    )
    .prepare('payments_settled_of_appointment'),
);

/** What the appointment has settled: a card payment approved, or cash to be paid at home. */
export async function findSettledPayments(
  db: Db,
  appointmentId: string,
): Promise<Array<Pick<PaymentRow, 'status' | 'amount'>>> {
  return preparedFindSettledPayments(db).execute({ appointmentId });
}
