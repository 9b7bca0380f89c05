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

// Every payment inserts one row and updates it once or twice: prepared, as the reads above.
const preparedInsertPayment = perDatabase((db: Db) =>
  db
    .insert(payments)
    .values({
      appointmentId: sql.placeholder('appointmentId'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      gateway: sql.placeholder('gateway'),
      method: sql.placeholder('method'),
      gatewayPaymentId: sql.placeholder('gatewayPaymentId'),
      status: sql.placeholder('status'),
      statusDetail: sql.placeholder('statusDetail'),
      amount: sql.placeholder('amount'),
      currency: sql.placeholder('currency'),
    })
    .returning()
    .prepare('payments_insert'),
);

export async function insertPayment(
  db: Db,
  row: Omit<NewPaymentRow, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<PaymentRow> {
  const [created] = await preparedInsertPayment(db).execute({
    appointmentId: row.appointmentId,
    idempotencyKey: row.idempotencyKey,
    gateway: row.gateway,
    method: row.method,
    gatewayPaymentId: row.gatewayPaymentId ?? null,
    status: row.status,
    statusDetail: row.statusDetail ?? null,
    amount: row.amount,
    currency: row.currency,
  });
  if (!created) throw new Error('payment insert returned nothing');
  return created;
}

const preparedUpdatePayment = perDatabase((db: Db) =>
  db
    .update(payments)
    .set({
      // A change not given keeps what the row has (null stands for "not given").
      status: sql`coalesce(${sql.placeholder('status')}, ${payments.status})`,
      statusDetail: sql`coalesce(${sql.placeholder('statusDetail')}, ${payments.statusDetail})`,
      gatewayPaymentId: sql`coalesce(${sql.placeholder('gatewayPaymentId')}, ${payments.gatewayPaymentId})`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(eq(payments.id, sql.placeholder('id')))
    .prepare('payments_update'),
);

/** Sets the given fields of a payment (none of them to null) and its updated_at. */
export async function updatePayment(
  db: Db,
  id: string,
  changes: Partial<Pick<NewPaymentRow, 'status' | 'statusDetail' | 'gatewayPaymentId'>>,
  now: Date = new Date(),
): Promise<void> {
  await preparedUpdatePayment(db).execute({
    id,
    status: changes.status ?? null,
    statusDetail: changes.statusDetail ?? null,
    gatewayPaymentId: changes.gatewayPaymentId ?? null,
    now: now.toISOString(),
  });
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
