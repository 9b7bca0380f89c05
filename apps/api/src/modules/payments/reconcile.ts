import * as ERRORS from '@visita/domain/contract/api-errors';
/**
 * Reconciling card payments with the gateway: a payment left 'processing' (a crash or a timeout
 * between claiming the attempt and recording the gateway's answer) and one the gateway left in
 * review ('pending') end as what the gateway says it is. Charged: recorded and the visit
 * confirmed, or refunded when the visit can no longer be confirmed. Not charged: failed, and the
 * person may pay again. Run on a schedule by every instance, on a retry of the same appointment,
 * and on MercadoPago's notification; a conditional update decides which of them acts.
 */
import { PAYMENT_STATUS } from '@visita/domain/cards';
import { localeFromCountry } from '@visita/domain/locale';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayPayment, PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import { payments, visits } from '../../db/schema.ts';
import { AppError, fail } from '../../errors.ts';
import { confirmAppointment } from '../appointments/confirmation.ts';
import { findAppointmentById } from '../appointments/queries.ts';
import { writeBookingEvents } from '../notifications/booking-events.ts';
import { quoteFromPayments, thawQuote } from './frozen-quote.ts';
import { type PaymentRow, recordCompanyBilled, updatePayment } from './queries.ts';

export interface ReconcileContext {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  /** How long a 'processing' payment is left to the request that claimed it. */
  leaseMs: number;
}

/** How often a payment in the gateway's review is read again. */
const PENDING_RECHECK_MS = 60_000;

/** A payment in review keeps its visit's block for up to this long (MercadoPago's review takes up to two days). */
const PENDING_HOLD_MS = 48 * 3_600_000;

export const REFUNDED = 'refunded:';

/** The detail of a payment the gateway has no charge for: failed, the person may pay again. */
const NOT_CHARGED = 'not_charged';

/**
 * Takes the payment for this reconciliation if no one else has since it was read (its updated_at
 * unchanged), bumping updated_at: two instances never act on one payment at once. Compared to the
 * millisecond: the row read carries a JavaScript Date, and PostgreSQL's now() (the claim's
 * updated_at) has microseconds, so an exact match would never take a payment a crash left.
 */
async function take(db: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  const taken = await db
    .update(payments)
    .set({ updatedAt: now })
    .where(
      and(
        eq(payments.id, payment.id),
        eq(payments.status, payment.status),
        sql`date_trunc('milliseconds', ${payments.updatedAt}) = ${payment.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: payments.id });
  return taken.length === 1;
}

/** While the gateway reviews the payment, the visit's block stays held (until the block begins, two days at most). */
async function keepBlockWhilePending(db: Db, appointmentId: string, now: Date = new Date()) {
  const until = new Date(now.getTime() + PENDING_HOLD_MS);
  await db
    .update(visits)
    .set({ expiresAt: sql`least(${visits.blockStart}, ${until.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(visits.appointmentId, appointmentId),
        eq(visits.status, 'hold'),
        sql`${visits.expiresAt} > now()`,
      ),
    );
}

export type Settlement = 'approved' | 'refunded' | 'rejected' | 'pending' | 'unknown';

/** Why a charged payment was refunded: the refusal the confirmation gave. */
export class RefundedCharge extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.err);
  }
}

/**
 * Records what the gateway charged for a payment: approved confirms the visit with it (the
 * split's company part recorded as owed), or refunds it when the visit can no longer be
 * confirmed; in review keeps the block; rejected (or nothing charged) fails it, retryable.
 */
export async function settleCharge(
  ctx: Pick<ReconcileContext, 'db' | 'gateway' | 'log'>,
  payment: Pick<PaymentRow, 'id' | 'appointmentId' | 'method' | 'amount'>,
  charge: GatewayPayment | null,
  now: Date = new Date(),
  options: { throwRefusal?: boolean } = {},
): Promise<Settlement> {
  const { db, gateway, log } = ctx;
  if (!charge) {
    await updatePayment(db, payment.id, { status: 'rejected', statusDetail: NOT_CHARGED }, now);
    // Nothing was charged: the person may change the cart and pay again.
    await thawQuote(db, payment.appointmentId);
    return 'rejected';
  }
  if (charge.status === 'rejected') {
    await updatePayment(
      db,
      payment.id,
      { status: 'rejected', statusDetail: charge.statusDetail, gatewayPaymentId: charge.id },
      now,
    );
    await thawQuote(db, payment.appointmentId);
    return 'rejected';
  }
  if (charge.status === 'in_process') {
    await updatePayment(
      db,
      payment.id,
      { status: 'pending', statusDetail: charge.statusDetail, gatewayPaymentId: charge.id },
      now,
    );
    await keepBlockWhilePending(db, payment.appointmentId, now);
    return 'pending';
  }
  try {
    await confirmAppointment(
      db,
      payment.appointmentId,
      {
        paymentMethod: payment.method,
        paymentGateway: gateway.kind === 'mercadopago' ? 'MercadoPago' : 'Sandbox',
        paymentStatus: PAYMENT_STATUS.PAYMENT_SUCCESSFUL,
        confirmedAt: now,
      },
      // The quote was frozen when the attempt was claimed. A payment claimed before quotes were
      // frozen (an upgrade mid-payment) is priced now, with what it charged as the online part.
      async (_tx, row) => ({
        quote: quoteFromPayments(
          row,
          { online: payment.amount, company: Number(row.splitPayment?.company_amount ?? 0) || 0 },
          now,
        ),
      }),
      async (tx, row) => {
        await updatePayment(
          tx,
          payment.id,
          { status: 'approved', statusDetail: charge.statusDetail, gatewayPaymentId: charge.id },
          now,
        );
        // The confirmed row holds the split the payment was claimed with: the company's part is owed.
        const companyAmount = row.splitPayment?.company_amount;
        if (typeof companyAmount === 'number' && companyAmount > 0) {
          const { currency } = localeFromCountry(row.country);
          await recordCompanyBilled(tx, row.id, companyAmount, currency as 'CLP' | 'MXN');
        }
      },
    );
    return 'approved';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Charged, but the visit cannot be confirmed any more (its hold lapsed and the block went to
    // someone else, it was cancelled, the last dose went): the money goes back.
    const why = error.err === ERRORS.INVALID_APPOINTMENT_STATUS ? fail(ERRORS.NOT_PAYABLE) : error;
    let detail = `${REFUNDED}${why.err}\n${why.msg}`;
    try {
      await gateway.refund(charge.id, `refund-${payment.id}`);
    } catch (refundError) {
      detail = `refund_failed:${why.err}`;
      log.error(
        { paymentId: payment.id, gatewayPaymentId: charge.id, reason: (refundError as Error)?.message },
        'refund of a reconciled payment failed',
      );
    }
    await inTransaction(db, async (tx) => {
      await updatePayment(
        tx,
        payment.id,
        { status: 'rejected', statusDetail: detail, gatewayPaymentId: charge.id },
        now,
      );
      // Settled after the person left (a crash, a review): they are told by e-mail, and the
      // partner by its webhook. A person still paying hears it in the payment's answer.
      const appointment =
        !options.throwRefusal && detail.startsWith(REFUNDED)
          ? await findAppointmentById(tx, payment.appointmentId)
          : undefined;
      if (appointment) {
        await writeBookingEvents(tx, appointment, 'appointment.payment_refunded', {
          visit: null,
          refunded: payment.amount,
          dedupeKey: `refund:${payment.id}`,
        });
      }
    });
    await thawQuote(db, payment.appointmentId);
    if (options.throwRefusal) throw new RefundedCharge(why);
    return 'refunded';
  }
}

/** One payment reconciled against the gateway, if this caller takes it; 'unknown' when the gateway cannot say. */
export async function reconcilePayment(
  ctx: Pick<ReconcileContext, 'db' | 'gateway' | 'log'>,
  payment: PaymentRow,
  now: Date = new Date(),
): Promise<Settlement | 'taken'> {
  if (!(await take(ctx.db, payment, now))) return 'taken';
  let charge: GatewayPayment | null;
  try {
    charge = payment.gatewayPaymentId
      ? await ctx.gateway.getCharge(payment.gatewayPaymentId)
      : await ctx.gateway.findCharge(payment.id);
  } catch (error) {
    ctx.log.warn(
      { paymentId: payment.id, reason: (error as Error)?.message },
      'payment reconciliation: gateway unavailable',
    );
    return 'unknown';
  }
  // A payment in review the gateway no longer knows stays for the next pass rather than failing.
  if (!charge && payment.status === 'pending') return 'unknown';
  return settleCharge(ctx, payment, charge, now);
}

/** The payments due a reconciliation: processing past their lease, pending not read for a minute. */
export async function duePayments(
  db: Db,
  leaseMs: number,
  now: Date = new Date(),
  appointmentId?: string,
  limit = 50,
): Promise<PaymentRow[]> {
  const leaseEnd = new Date(now.getTime() - leaseMs).toISOString();
  const recheck = new Date(now.getTime() - PENDING_RECHECK_MS).toISOString();
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['processing', 'pending']),
        or(
          and(eq(payments.status, 'processing'), lt(payments.updatedAt, sql`${leaseEnd}::timestamptz`)),
          and(eq(payments.status, 'pending'), lt(payments.updatedAt, sql`${recheck}::timestamptz`)),
        ),
        appointmentId ? eq(payments.appointmentId, appointmentId) : undefined,
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

/** A pass over every payment due a reconciliation (the scheduled job); answers how many settled. */
export async function reconcileDuePayments(ctx: ReconcileContext, now: Date = new Date()): Promise<number> {
  let settled = 0;
  for (const payment of await duePayments(ctx.db, ctx.leaseMs, now)) {
    const outcome = await reconcilePayment(ctx, payment, now);
    if (outcome !== 'taken' && outcome !== 'unknown') settled += 1;
  }
  return settled;
}
