/**
 * Money that needs a person (docs/decisions/console-money-queue.md): the queue of what cannot
 * settle itself, and the console's ways out of it. A card payment still processing after its
 * lease is reconciled with the gateway (reconcile.ts, as the scheduled pass does); a refund the
 * gateway refused is asked again with its first idempotency key; the company's part of a split is
 * recorded as collected; what is owed may be written off with a reason. Each change and its audit
 * row are one transaction; the gateway is never called inside one.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import type {
  ConsoleMoneyItem,
  consoleReconcileAnswerSchema,
  MoneyQueueKind,
} from '@visita/domain/contract/console-money';
import { PAYMENT_STATUS } from '@visita/domain/cards';
import { parseStoredCart } from '@visita/domain/contract/patients';
import { localeFromCountry } from '@visita/domain/locale';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import { type Db, inTransaction, queryRows, sqlStateOf } from '../../db/database.ts';
import { appointments, outboxEvents, payments } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor } from '../../plugins/app/console-session.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import { findAppointmentById } from '../appointments/queries.ts';
import { findAppointmentSummary } from '../appointments/console-search.ts';
import { invalidStatus } from '../appointments/transitions.ts';
import { type AuditEntry, recordAudit } from '../audit/queries.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { bookingReference, writeBookingEvents } from '../notifications/booking-events.ts';
import { CONSOLE_GATEWAY, type PaymentRow } from './queries.ts';
import { ledgerOf } from './ledger.ts';
import { reconcilePayment, REFUNDED } from './reconcile.ts';

/** The detail reconcile.ts leaves on a charge it could not give back. */
const REFUND_FAILED = 'refund_failed:';

/** The gateway a payment written in the console names: a person decided, no gateway was asked. */

/** The key of the row that writes off what a confirmation left to collect: one per appointment. */
const WRITE_OFF_KEY = 'write-off';

const UNIQUE_VIOLATION = '23505';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface QueueRow {
  kind: MoneyQueueKind;
  appointment_id: string;
  appointment_status: ConsoleMoneyItem['appointment_status'];
  payment_status: string | null;
  client_id: string | null;
  client_name: string | null;
  country: string | null;
  patients: unknown;
  amount: number | string | null;
  currency: 'CLP' | 'MXN' | null;
  since: string;
  payment_id: string | null;
  gateway_payment_id: string | null;
}

/** The columns every kind answers, from `a` (the appointment) and `c` (its partner). */
const APPOINTMENT_COLUMNS = sql`a.id::text as appointment_id, a.status as appointment_status,
  a.payment_status, a.client_id, c.name as client_name, a.country, a.patients`;

/** Each kind's rows, oldest first, at most `limit`. */
function kindQuery(kind: MoneyQueueKind, leaseEnd: Date, clientId: string | undefined, limit: number): SQL {
  const partner = clientId === undefined ? sql`` : sql` and a.client_id = ${clientId}`;
  const from = sql`from payments p join appointments a on a.id = p.appointment_id
    left join clients c on c.id = a.client_id`;
  const payment = sql`p.id::text as payment_id, p.gateway_payment_id, p.amount, p.currency`;
  switch (kind) {
    case 'processing':
      return sql`select 'processing' as kind, ${APPOINTMENT_COLUMNS}, ${payment},
          ${iso(sql`p.updated_at`)} as since
        ${from}
        where p.status = 'processing' and p.updated_at < ${leaseEnd.toISOString()}::timestamptz${partner}
        order by p.updated_at limit ${limit}`;
    case 'payment_pending':
      // Confirmed without a charge: until what is due at the address is collected (a part leaves
      // the rest listed, its amount what is left), or written off.
      return sql`select 'payment_pending' as kind, ${APPOINTMENT_COLUMNS},
          cash.id::text as payment_id, null as gateway_payment_id,
          coalesce((a.quote#>>'{due,at_address}')::float8 - (select coalesce(sum(c.amount), 0) from payments c
              where c.appointment_id = a.id and c.status = 'approved' and c.gateway = ${CONSOLE_GATEWAY}),
            cash.amount, (a.amounts->>'total')::float8) as amount, cash.currency,
          ${iso(sql`coalesce(a.confirmed_at, a.updated_at)`)} as since
        from appointments a left join clients c on c.id = a.client_id
        left join payments cash on cash.appointment_id = a.id and cash.status = 'cash'
        where a.status = 'confirmed' and a.payment_status = ${PAYMENT_STATUS.PAYMENT_PENDING}${partner}
          and not exists (select 1 from payments p where p.appointment_id = a.id and p.method <> 'company'
            and (p.status = 'written_off' or (p.status = 'approved' and p.gateway <> ${CONSOLE_GATEWAY})))
        order by coalesce(a.confirmed_at, a.updated_at) limit ${limit}`;
    case 'company_billed':
      return sql`select 'company_billed' as kind, ${APPOINTMENT_COLUMNS}, ${payment},
          ${iso(sql`p.created_at`)} as since
        ${from}
        where p.status = 'company_billed' and a.status = 'confirmed'${partner}
        order by p.created_at limit ${limit}`;
    case 'refund_failed':
      // A charge reconcile.ts could not give back, and a cancellation's refund the outbox gave up.
      return sql`select 'refund_failed' as kind, ${APPOINTMENT_COLUMNS}, ${payment},
          ${iso(sql`coalesce(f.failed_at, p.updated_at)`)} as since
        ${from}
        left join lateral (select max(e.failed_at) as failed_at from outbox_events e
          where e.channel = 'refund' and e.payload->>'payment_id' = p.id::text
            and e.failed_at is not null and e.delivered_at is null) f on true
        where ((p.status = 'rejected' and p.status_detail like ${`${REFUND_FAILED}%`})
            or (p.status = 'approved' and a.status = 'cancelled' and f.failed_at is not null))${partner}
        order by coalesce(f.failed_at, p.updated_at) limit ${limit}`;
  }
}

/** 'Valentina M.': the first patient's first name and the initial of the last. */
function shortName(patients: unknown): string | null {
  try {
    const [first] = parseStoredCart(typeof patients === 'string' ? JSON.parse(patients) : patients);
    if (!first?.first_name) return null;
    const initial = first.last_name?.trim().charAt(0);
    return initial ? `${first.first_name.trim()} ${initial.toUpperCase()}.` : first.first_name.trim();
  } catch {
    return null;
  }
}

/** What a confirmation left to collect: the `cash` row's amount, the frozen quote's at the address, the staff's amounts, else the quote. */
async function owedAmount(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointmentId: string,
  recorded: number | string | null,
): Promise<number> {
  if (recorded !== null) return Number(recorded);
  return (await findAppointmentSummary(db, catalogue, appointmentId))?.total ?? 0;
}

const currencyOf = (country: string | null) => localeFromCountry(country).currency as 'CLP' | 'MXN';

/**
 * The queue: each kind's items (or the one asked for), oldest first; `more` when more wait than
 * `limit`. Processing payments count once their lease is over, as the reconciliation takes them.
 */
export async function moneyQueue(
  db: Db,
  catalogue: CatalogueSnapshot,
  {
    kind,
    clientId,
    limit,
    leaseMs,
  }: { kind?: MoneyQueueKind; clientId?: string; limit: number; leaseMs: number },
  now: Date = new Date(),
): Promise<{ results: ConsoleMoneyItem[]; more: boolean }> {
  const leaseEnd = new Date(now.getTime() - leaseMs);
  const kinds: MoneyQueueKind[] = kind
    ? [kind]
    : ['processing', 'payment_pending', 'company_billed', 'refund_failed'];
  const rows: QueueRow[] = [];
  for (const one of kinds)
    rows.push(...(await queryRows<QueueRow>(db, kindQuery(one, leaseEnd, clientId, limit + 1))));
  rows.sort((a, b) => a.since.localeCompare(b.since));
  const page = rows.slice(0, limit);
  const results: ConsoleMoneyItem[] = [];
  for (const row of page)
    results.push({
      kind: row.kind,
      appointment_id: row.appointment_id,
      code: bookingReference(row.appointment_id),
      appointment_status: row.appointment_status,
      payment_status: row.payment_status,
      client_id: row.client_id ?? '',
      client_name: row.client_name,
      amount: await owedAmount(db, catalogue, row.appointment_id, row.amount),
      currency: row.currency ?? currencyOf(row.country),
      since: row.since,
      payment_id: row.payment_id,
      gateway_payment_id: row.gateway_payment_id,
      patient_name: shortName(row.patients),
    });
  return { results, more: rows.length > limit };
}

/** An audit row about the payment's appointment, by the operator. */
function auditOf(
  appointment: Pick<AppointmentRow, 'id' | 'clientId'>,
  by: ConsoleOperator,
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
): AuditEntry {
  return {
    actor: consoleActor(by),
    operatorId: by.operatorId,
    entityType: 'appointment',
    entityId: appointment.id,
    partnerId: appointment.clientId,
    ...entry,
  };
}

async function findPaymentById(db: Db, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw fail(ERRORS.CONSOLE_PAYMENT_NOT_FOUND);
  return row;
}

async function appointmentOf(db: Db, payment: PaymentRow): Promise<AppointmentRow> {
  const appointment = await findAppointmentById(db, payment.appointmentId);
  if (!appointment) throw fail(ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND);
  return appointment;
}

export interface MoneyContext {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  /** PAYMENT_LEASE_MS: until then a processing payment belongs to the request that claimed it. */
  leaseMs: number;
}

/**
 * A card payment left processing past its lease, asked of the gateway now (reconcilePayment, the
 * scheduled pass's own step): approved confirms the visit, charged but no longer confirmable is
 * refunded, not charged fails it. The audit row follows the settlement, which reconcile.ts writes
 * in its own transactions (the gateway is called outside any).
 */
export async function reconcileFromConsole(
  ctx: MoneyContext,
  paymentId: string,
  by: ConsoleOperator,
  now: Date = new Date(),
): Promise<z.infer<typeof consoleReconcileAnswerSchema>> {
  const payment = await findPaymentById(ctx.db, paymentId);
  if (payment.status !== 'processing' || payment.updatedAt.getTime() > now.getTime() - ctx.leaseMs)
    throw fail(ERRORS.CONSOLE_PAYMENT_NOT_STUCK);
  const outcome = await reconcilePayment(ctx, payment, now);
  if (outcome === 'taken') throw fail(ERRORS.CONSOLE_PAYMENT_BEING_SETTLED);
  if (outcome === 'unknown') throw fail(ERRORS.CONSOLE_GATEWAY_UNAVAILABLE);
  const settled = await findPaymentById(ctx.db, paymentId);
  const appointment = await appointmentOf(ctx.db, settled);
  await recordAudit(
    ctx.db,
    auditOf(appointment, by, {
      action: 'payment.reconciled',
      before: { payment_id: payment.id, status: payment.status },
      after: {
        payment_id: payment.id,
        outcome,
        status: settled.status,
        status_detail: settled.statusDetail,
        gateway_payment_id: settled.gatewayPaymentId,
        appointment_status: appointment.status,
      },
    }),
  );
  return { outcome, payment_status: settled.status, appointment_status: appointment.status };
}

/** The refund channel's events for this payment that the outbox gave up on. */
async function givenUpRefunds(db: Db, paymentId: string) {
  return db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.channel, 'refund'),
        sql`${outboxEvents.payload}->>'payment_id' = ${paymentId}`,
        sql`${outboxEvents.failedAt} is not null`,
        isNull(outboxEvents.deliveredAt),
      ),
    );
}

/**
 * A refund the gateway refused, asked again with the key of the first attempt (so the gateway
 * gives it back once however often it is asked): a charge reconcile.ts could not return
 * (`refund_failed:`), or a cancelled visit's card payment whose outbox refund was given up.
 * Refused again, nothing changes and the item stays in the queue.
 */
export async function retryRefund(
  ctx: Omit<MoneyContext, 'leaseMs'>,
  paymentId: string,
  by: ConsoleOperator,
  now: Date = new Date(),
): Promise<{ status: 'refunded'; amount: number }> {
  const payment = await findPaymentById(ctx.db, paymentId);
  const appointment = await appointmentOf(ctx.db, payment);
  const failedAtReconcile =
    payment.status === 'rejected' && (payment.statusDetail ?? '').startsWith(REFUND_FAILED);
  const givenUp =
    payment.status === 'approved' && appointment.status === 'cancelled'
      ? await givenUpRefunds(ctx.db, payment.id)
      : [];
  if (!failedAtReconcile && givenUp.length === 0) throw fail(ERRORS.CONSOLE_REFUND_NOT_OWED);
  // The keys reconcile.ts and the outbox's refund asked with.
  const key = failedAtReconcile ? `refund-${payment.id}` : `cancel-${payment.id}`;
  if (payment.gatewayPaymentId) {
    try {
      await ctx.gateway.refund(payment.gatewayPaymentId, key);
    } catch (error) {
      ctx.log.warn(
        { paymentId: payment.id, reason: (error as Error)?.message },
        'console refund retry: the gateway refused it again',
      );
      throw fail(ERRORS.CONSOLE_REFUND_REFUSED);
    }
  }
  const detail = failedAtReconcile
    ? `${REFUNDED}${(payment.statusDetail ?? '').slice(REFUND_FAILED.length)}`
    : `${REFUNDED}cancelled`;
  await inTransaction(ctx.db, async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({ status: 'refunded', statusDetail: detail, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
      .returning({ id: payments.id });
    // Another operator's retry got there first.
    if (!updated) throw fail(ERRORS.CONSOLE_REFUND_NOT_OWED);
    if (failedAtReconcile) {
      // As reconcile.ts tells a refund made after the person left: the patient by e-mail, the partner by webhook.
      await writeBookingEvents(tx, appointment, 'appointment.payment_refunded', {
        visit: null,
        refunded: payment.amount,
        dedupeKey: `refund:${payment.id}`,
      });
    } else {
      // Delivered by a person: the outbox's list of given-up refunds no longer shows it.
      await tx
        .update(outboxEvents)
        .set({ deliveredAt: now, lockedUntil: null })
        .where(
          inArray(
            outboxEvents.id,
            givenUp.map((event) => event.id),
          ),
        );
    }
    await recordAudit(
      tx,
      auditOf(appointment, by, {
        action: 'appointment.refunded',
        before: { payment_id: payment.id, status: payment.status, status_detail: payment.statusDetail },
        after: { payment_id: payment.id, status: 'refunded', status_detail: detail, amount: payment.amount },
      }),
    );
  });
  return { status: 'refunded', amount: payment.amount };
}

/** The company's part of a split collected from the company: `company_paid`, with its reference. */
export async function settleCompanyPayment(
  db: Db,
  paymentId: string,
  by: ConsoleOperator,
  reference: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw fail(ERRORS.CONSOLE_PAYMENT_NOT_FOUND);
    if (payment.status !== 'company_billed') throw fail(ERRORS.CONSOLE_NOT_COMPANY_BILLED);
    const [appointment] = await tx
      .select()
      .from(appointments)
      .where(eq(appointments.id, payment.appointmentId))
      .for('update');
    if (!appointment) throw fail(ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND);
    // A cancelled visit's company owes nothing.
    if (appointment.status !== 'confirmed') throw invalidStatus(appointment.status);
    await tx
      .update(payments)
      .set({ status: 'company_paid', statusDetail: reference || null, updatedAt: now })
      .where(eq(payments.id, payment.id));
    await recordAudit(
      tx,
      auditOf(appointment, by, {
        action: 'appointment.payment_recorded',
        before: { payment_id: payment.id, status: 'company_billed', amount: payment.amount },
        after: {
          payment_id: payment.id,
          status: 'company_paid',
          amount: payment.amount,
          reference: reference || null,
        },
      }),
    );
  });
}

/**
 * What is owed given up, with the reason: the company's part (its row `written_off`), or what a
 * confirmation left to collect (the `cash` row `written_off`, or a `written_off` row of the amount
 * when there was none). The visit's payment status stays as it was: nothing was paid
 * (docs/decisions/money-states.md).
 */
export async function writeOff(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointmentId: string,
  by: ConsoleOperator,
  { kind, reason }: { kind: 'payment_pending' | 'company_billed'; reason: string },
  now: Date = new Date(),
): Promise<{ status: 'written_off'; amount: number }> {
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(appointments)
        .where(eq(appointments.id, appointmentId))
        .for('update');
      if (!row) throw fail(ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND);
      if (row.status !== 'confirmed') throw invalidStatus(row.status);
      let before: PaymentRow | undefined;
      let writtenId: string | undefined;
      let amount: number;
      if (kind === 'company_billed') {
        [before] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.appointmentId, row.id), eq(payments.status, 'company_billed')));
        if (!before) throw fail(ERRORS.CONSOLE_NOTHING_TO_WRITE_OFF);
        amount = before.amount;
        writtenId = before.id;
        await tx
          .update(payments)
          .set({ status: 'written_off', statusDetail: reason, updatedAt: now })
          .where(eq(payments.id, before.id));
      } else {
        const own = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.appointmentId, row.id), ne(payments.method, 'company')));
        if (
          row.paymentStatus !== PAYMENT_STATUS.PAYMENT_PENDING ||
          own.some(
            (one) =>
              (one.status === 'approved' && one.gateway !== CONSOLE_GATEWAY) || one.status === 'written_off',
          )
        )
          throw fail(ERRORS.CONSOLE_NOTHING_TO_WRITE_OFF);
        before = own.find((one) => one.status === 'cash');
        // What is left after any collection at the address: the account's, once frozen.
        const ledger = ledgerOf(row, own);
        amount = ledger
          ? ledger.outstandingAtAddress
          : await owedAmount(tx, catalogue, row.id, before?.amount ?? row.amounts?.total ?? null);
        if (amount <= 0) throw fail(ERRORS.CONSOLE_NOTHING_TO_WRITE_OFF);
        if (before) {
          writtenId = before.id;
          await tx
            .update(payments)
            .set({ status: 'written_off', statusDetail: reason, amount, updatedAt: now })
            .where(eq(payments.id, before.id));
        } else {
          const [inserted] = await tx
            .insert(payments)
            .values({
              appointmentId: row.id,
              idempotencyKey: WRITE_OFF_KEY,
              gateway: CONSOLE_GATEWAY,
              method: 'write_off',
              status: 'written_off',
              statusDetail: reason,
              amount,
              currency: currencyOf(row.country),
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: payments.id });
          writtenId = inserted?.id;
        }
      }
      await recordAudit(
        tx,
        auditOf(row, by, {
          action: 'appointment.written_off',
          before: {
            kind,
            payment_status: row.paymentStatus,
            ...(before ? { payment_id: before.id, status: before.status, amount: before.amount } : {}),
          },
          after: { kind, payment_id: writtenId, status: 'written_off', amount, reason },
        }),
      );
      return { status: 'written_off' as const, amount };
    });
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw fail(ERRORS.CONSOLE_NOTHING_TO_WRITE_OFF);
    throw error;
  }
}
