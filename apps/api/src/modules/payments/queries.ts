import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, instantPlaceholder, perDatabase } from '../../db/database.ts';
import { payments } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/** A payment still being charged, or waiting for the gateway's review. */
const OPEN_STATUSES = ['processing', 'pending'] as const;

// A retried payment, a cash payment and moving a visit read these: prepared, so neither drizzle
// nor PostgreSQL builds and plans them again for each call.
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

const preparedClaimAttempt = perDatabase((db: Db) =>
  db
    .select({
      outcome: sql<'twin' | 'not-payable' | 'in-process' | 'claimed'>`claim.outcome`,
      paymentId: sql<string | null>`claim.payment_id`,
    })
    .from(
      sql`payments_claim_attempt(${sql.placeholder('appointmentId')}::uuid, ${sql.placeholder('idempotencyKey')},
        ${sql.placeholder('gateway')}, ${sql.placeholder('method')},
        ${sql.placeholder('amount')}::double precision, ${sql.placeholder('currency')}) as claim`,
    )
    .prepare('payments_claim_attempt'),
);

export type AttemptClaim =
  | { outcome: 'claimed'; paymentId: string }
  | { outcome: 'twin'; paymentId: string }
  | { outcome: 'not-payable'; paymentId: null }
  | { outcome: 'in-process'; paymentId: null };

/**
 * A card payment's attempt claimed before the gateway is called, in one statement (the database's
 * payments_claim_attempt, migration 0012): the appointment's row locked, then the attempt's own
 * payment ('twin': a double submit got here first), the appointment no longer scheduled
 * ('not-payable'), another payment still open ('in-process'), else a 'processing' payment
 * inserted ('claimed'), whose id it answers.
 */
export async function claimPaymentAttempt(
  db: Db,
  attempt: {
    appointmentId: string;
    idempotencyKey: string;
    gateway: string;
    method: string;
    amount: number;
    currency: 'CLP' | 'MXN';
  },
): Promise<AttemptClaim> {
  const [row] = await preparedClaimAttempt(db).execute(attempt);
  if (!row) throw new Error('payments_claim_attempt answered nothing');
  if (row.outcome === 'not-payable' || row.outcome === 'in-process')
    return { outcome: row.outcome, paymentId: null };
  if (!row.paymentId) throw new Error(`payments_claim_attempt answered ${row.outcome} without a payment`);
  return { outcome: row.outcome, paymentId: row.paymentId };
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
      updatedAt: instantPlaceholder('now'),
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
/**
 * The gateway of a payment the staff recorded in the console (collected at the address, or from
 * a company): money received, but not online.
 */
export const CONSOLE_GATEWAY = 'console';

const preparedFindSettledPayments = perDatabase((db: Db) =>
  db
    .select({ status: payments.status, amount: payments.amount, gateway: payments.gateway })
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
): Promise<Array<Pick<PaymentRow, 'status' | 'amount' | 'gateway'>>> {
  return preparedFindSettledPayments(db).execute({ appointmentId });
}

/** The key of the company's part of a split: one per appointment. */
const COMPANY_BILLED_KEY = 'company';

/**
 * Records what the patient's company owes for the visit (split payment): a 'company_billed' row,
 * never an approved one, so nothing reads it as money received.
 */
export async function recordCompanyBilled(
  db: Db,
  appointmentId: string,
  amount: number,
  currency: 'CLP' | 'MXN',
): Promise<void> {
  if (amount <= 0) return;
  await insertPayment(db, {
    appointmentId,
    idempotencyKey: COMPANY_BILLED_KEY,
    gateway: 'Company',
    method: 'company',
    status: 'company_billed',
    amount,
    currency,
  });
}
