import * as ERRORS from '@visita/domain/contract/api-errors';
/**
 * Card payments: one attempt per key, replayed when repeated, charged through the gateway
 * adapter for exactly the server's amount, and confirmed in the same transaction as the hold.
 */
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { createHash } from 'node:crypto';
import { detectCardBrand, validateCardNumber, validateCvc } from '@visita/domain/cards';
import type {
  CardPaymentAnswer,
  CardPaymentBody,
  SandboxCardTokenAnswer,
  SandboxCardTokenBody,
} from '@visita/domain/contract/payments';
import { localeFromCountry } from '@visita/domain/locale';
import type { FastifyBaseLogger } from 'fastify';
import {
  type GatewayPayment,
  GatewayUnavailableError,
  InvalidCardTokenError,
  type PaymentGateway,
} from '../../adapters/payments/payment-gateway.ts';
import { outcomeForCardholder, type SandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import { duePayments, reconcilePayment, REFUNDED, RefundedCharge, settleCharge } from './reconcile.ts';
import { assertConfirmable, stockUnitsOf } from '../appointments/stored-cart.ts';
import { companySplit } from '../appointments/split-payment.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { assertStockAvailable } from '../operative/stock.ts';
import { isStorableText } from '@visita/domain/contract/safe-text';
import { appointments, type FrozenQuote } from '../../db/schema.ts';
import { inTransaction } from '../../db/database.ts';
import { withGuards } from '../../db/guard-errors.ts';
import { eq } from 'drizzle-orm';
import { frozenQuoteOf, lockAppointmentRow, storedQuote, thawQuote } from './frozen-quote.ts';
import {
  claimPaymentAttempt,
  findOpenPayment,
  findPayment,
  type PaymentRow,
  updatePayment,
} from './queries.ts';

import { assertAmountWithinLimits, onlineAmount, quoteAppointment } from './quote.ts';

/**
 * POST /v2/sandbox/card-tokens/: a Luhn-valid number of a supported brand, not expired, with the
 * brand's security code. Only brand, last four, expiry and the outcome the cardholder name chose
 * are stored; the number and the code are dropped here.
 */
export async function createSandboxCardToken(
  gateway: SandboxGateway,
  body: SandboxCardTokenBody,
  now: Date = new Date(),
): Promise<SandboxCardTokenAnswer> {
  const number = body.card_number;
  const brand = detectCardBrand(number);
  if (!brand || validateCardNumber(number)) throw fail(ERRORS.INVALID_CARD_NUMBER);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (body.expiration_year < year || (body.expiration_year === year && body.expiration_month < month)) {
    throw fail(ERRORS.INVALID_EXPIRATION_DATE);
  }
  if (validateCvc(body.security_code, number)) throw fail(ERRORS.INVALID_SECURITY_CODE);
  const id = await gateway.tokenize({
    brand,
    lastFour: number.slice(-4),
    expMonth: body.expiration_month,
    expYear: body.expiration_year,
    outcome: outcomeForCardholder(body.cardholder_name),
  });
  return {
    id,
    payment_method_id: brand,
    first_six_digits: number.slice(0, 6),
    last_four_digits: number.slice(-4),
  };
}

const REPLAY_WAIT_MS = 15_000;

const REPLAY_POLL_MS = 100;

/** The gateway's idempotency key: one per appointment and attempt, never the raw card token. */
const gatewayKey = (appointmentId: string, attemptKey: string) =>
  createHash('sha256').update(`${appointmentId}\n${attemptKey}`).digest('hex');

/** The answer a recorded attempt gives again (a retry, a double submit). */
function answerOf(row: PaymentRow): CardPaymentAnswer {
  const detail = row.statusDetail ?? '';
  switch (row.status) {
    case 'approved':
      return { status: 'approved', status_detail: detail };
    case 'pending':
      return { status: 'in_process', status_detail: detail };
    case 'rejected':
      if (detail === ERRORS.INVALID_CARD_TOKEN.err) throw fail(ERRORS.INVALID_CARD_TOKEN);
      if (detail === ERRORS.GATEWAY_UNAVAILABLE.err) throw fail(ERRORS.GATEWAY_UNAVAILABLE);
      if (detail.startsWith(REFUNDED)) {
        const [err, msg] = detail.slice(REFUNDED.length).split('\n');
        throw fail(ERRORS.gatewayConflict(err, msg));
      }
      throw fail(ERRORS.paymentRejected(detail));
    default:
      throw fail(ERRORS.PAYMENT_IN_PROGRESS);
  }
}

/** A recorded attempt's answer; one still being charged by a twin request is waited for. */
async function replay(db: Db, row: PaymentRow): Promise<CardPaymentAnswer> {
  let current: PaymentRow | undefined = row;
  const deadline = Date.now() + REPLAY_WAIT_MS;
  while (current?.status === 'processing' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
    current = await findPayment(db, row.appointmentId, row.idempotencyKey);
  }
  return answerOf(current ?? row);
}

export interface CardPaymentContext {
  db: Db;
  gateway: PaymentGateway;
  catalogue: CatalogueSnapshot;
  log: FastifyBaseLogger;
  /** How long a 'processing' payment belongs to the request that claimed it (PAYMENT_LEASE_MS). */
  leaseMs: number;
}

/** The appointment's payments left processing past their lease, reconciled now; answers how many settled. */
async function reconcileStale(
  context: CardPaymentContext,
  appointmentId: string,
  now: Date,
): Promise<number> {
  let settled = 0;
  for (const payment of await duePayments(context.db, context.leaseMs, now, appointmentId)) {
    if (payment.status !== 'processing') continue;
    const outcome = await reconcilePayment(context, payment, now);
    if (outcome !== 'taken' && outcome !== 'unknown') settled += 1;
  }
  return settled;
}

type QuotedClaim =
  | { outcome: 'claimed'; paymentId: string; amount: number }
  | { outcome: 'twin' }
  | { outcome: 'not-payable' }
  | { outcome: 'in-process' };

/**
 * A card attempt quoted and claimed under the lock on the appointment's row, read afresh: the
 * cart is priced as it is now (the company's part of a split too), the amount the person was
 * shown must be that price, the quote is frozen on the row (from here on no finalize or other
 * change reaches the cart: the database refuses it) and the 'processing' payment is inserted, all
 * in one transaction. A cart changed since the person was shown its price is an amount mismatch,
 * before any charge.
 */
async function claimQuoted(
  context: CardPaymentContext,
  attempt: Parameters<typeof claimPaymentAttempt>[1],
  body: CardPaymentBody,
  now: Date,
): Promise<QuotedClaim> {
  const { db, catalogue } = context;
  return withGuards(() =>
    inTransaction(db, async (tx) => {
      const row = await lockAppointmentRow(tx, attempt.appointmentId);
      if (!row) return { outcome: 'not-payable' as const };
      if (await findPayment(tx, row.id, attempt.idempotencyKey)) return { outcome: 'twin' as const };
      if (row.status !== 'scheduled') return { outcome: 'not-payable' as const };
      if (await findOpenPayment(tx, row.id)) return { outcome: 'in-process' as const };
      assertConfirmable(row.patients);
      const split =
        body.client_exams_to_pay && body.client_exams_to_pay.some((entry) => entry.item_ids.length > 0)
          ? await companySplit(tx, catalogue, row, body.client_exams_to_pay)
          : null;
      // The company pays everything: nothing is left for the card.
      if (split && split.patientCart.length === 0) throw fail(ERRORS.NOTHING_TO_PAY);
      const whole = split?.wholeQuote ?? (await quoteAppointment(tx, catalogue, row));
      // With a split the patient's part was quoted while reading it: not quoted again.
      const amount = onlineAmount(split?.patientQuote ?? whole);
      if (amount <= 0) throw fail(ERRORS.NOTHING_TO_PAY);
      assertAmountWithinLimits(row.country, amount, body.payment_method_id);
      if (Math.abs(body.amount - amount) >= 0.005) throw fail(ERRORS.AMOUNT_MISMATCH);
      const quote = frozenQuoteOf(
        catalogue,
        row,
        whole,
        { online: amount, company: split?.companyAmount ?? 0 },
        now,
      );
      // The company's part as the confirmation will record it (also when a reconciliation confirms).
      await tx
        .update(appointments)
        .set({
          quote: storedQuote(quote) as unknown as FrozenQuote,
          splitPayment: split?.record ?? null,
          updatedAt: now,
        })
        .where(eq(appointments.id, row.id));
      const claim = await claimPaymentAttempt(tx, { ...attempt, amount });
      if (claim.outcome !== 'claimed')
        throw new Error(`a locked appointment's claim answered ${claim.outcome}`);
      return { outcome: 'claimed' as const, paymentId: claim.paymentId, amount };
    }),
  );
}

/**
 * POST /v2/mercado-pago/{id}/card/. Charges once per appointment and attempt (the Idempotency-Key
 * header, else the card token): the attempt is claimed as a 'processing' payment row under a lock
 * on the appointment before the gateway is called, so a double submit waits for the first and
 * gets its answer, and a second attempt while one is open is refused. Approval confirms the
 * appointment (visit, coupon use, stock) with the payment row in one transaction; if that
 * confirmation fails after the charge (stock or hold lost to a race), the charge is refunded.
 */
export async function payByCard(
  context: CardPaymentContext,
  appointment: AppointmentRow,
  body: CardPaymentBody,
  idempotencyHeader: string | undefined,
  now: Date = new Date(),
): Promise<CardPaymentAnswer> {
  const { db, gateway, log } = context;
  // A token PostgreSQL cannot store (NUL) is no card token; looking it up would be a 500.
  if (!isStorableText(body.token)) throw fail(ERRORS.INVALID_CARD_TOKEN);
  const attemptKey = idempotencyHeader ? `key:${idempotencyHeader}` : `token:${body.token}`;
  if (appointment.status !== 'scheduled') {
    // Paid already, perhaps by this very attempt: a retry gets its answer. While the appointment is
    // still scheduled, the attempt is looked for under the lock below (one read fewer per payment).
    const known = await findPayment(db, appointment.id, attemptKey);
    if (known) return replay(db, known);
    throw fail(ERRORS.NOT_PAYABLE);
  }

  // Refused before any charge: confirmation would refuse it after one.
  assertConfirmable(appointment.patients);
  // Checked before charging; taken for good at confirmation, where a lost race is refunded.
  await assertStockAvailable(db, stockUnitsOf(appointment.patients), appointment.salesSource);

  const { currency } = localeFromCountry(appointment.country);
  const attemptRequest = {
    appointmentId: appointment.id,
    idempotencyKey: attemptKey,
    gateway: gateway.kind,
    method: body.payment_method_id,
    amount: 0,
    currency: currency as 'CLP' | 'MXN',
  };
  let claimed = await claimQuoted(context, attemptRequest, body, now);
  if (claimed.outcome === 'in-process' && (await reconcileStale(context, appointment.id, now)) > 0) {
    // The open payment was one a crash or a timeout left behind: settled now, this attempt may go on.
    claimed = await claimQuoted(context, attemptRequest, body, now);
  }
  if (claimed.outcome === 'not-payable') throw fail(ERRORS.NOT_PAYABLE);
  if (claimed.outcome === 'in-process') throw fail(ERRORS.PAYMENT_IN_PROCESS);
  if (claimed.outcome === 'twin') {
    // Payments are never deleted while their appointment exists: the twin is there to replay.
    const twin = await findPayment(db, appointment.id, attemptKey);
    if (!twin) throw new Error('the twin payment vanished');
    return replay(db, twin);
  }
  const { amount } = claimed;
  const { paymentId } = claimed;

  let charged: GatewayPayment;
  try {
    charged = await gateway.charge({
      token: body.token,
      paymentMethodId: body.payment_method_id,
      amount,
      currency: currency as 'CLP' | 'MXN',
      idempotencyKey: gatewayKey(appointment.id, attemptKey),
      // One reference per attempt: what the gateway charged for it can be asked after a crash.
      externalReference: paymentId,
      description: 'Visita a domicilio',
      payerEmail: payerEmailOf(appointment.patients),
      customerId: body.customer_id ?? null,
    });
  } catch (error) {
    if (error instanceof InvalidCardTokenError) {
      await updatePayment(db, paymentId, {
        status: 'rejected',
        statusDetail: ERRORS.INVALID_CARD_TOKEN.err,
      });
      await thawQuote(db, appointment.id);
      throw fail(ERRORS.INVALID_CARD_TOKEN);
    }
    // The outcome is unknown (a timeout may still have charged): ask the gateway what it charged
    // for this attempt. Nothing: failed, and the appointment may be paid again. Unreachable: the
    // payment stays processing, and the reconciliation settles it after its lease.
    log.error({ paymentId, reason: (error as Error)?.message }, 'payment gateway failed');
    let found: GatewayPayment | null;
    try {
      found = await gateway.findCharge(paymentId);
    } catch {
      throw fail(ERRORS.GATEWAY_UNAVAILABLE);
    }
    if (!found) {
      await updatePayment(db, paymentId, {
        status: 'rejected',
        statusDetail: ERRORS.GATEWAY_UNAVAILABLE.err,
      });
      await thawQuote(db, appointment.id);
      if (error instanceof GatewayUnavailableError) throw fail(ERRORS.GATEWAY_UNAVAILABLE);
      throw error;
    }
    charged = found;
  }

  if (charged.status === 'rejected') {
    await updatePayment(db, paymentId, {
      status: 'rejected',
      statusDetail: charged.statusDetail,
      gatewayPaymentId: charged.id,
    });
    await thawQuote(db, appointment.id);
    throw fail(ERRORS.paymentRejected(charged.statusDetail));
  }
  // Approved: confirmed with the payment (refunded if the visit can no longer be confirmed); in
  // review: pending, the block kept. The same steps as a reconciliation's.
  try {
    const attempt = { id: paymentId, appointmentId: appointment.id, method: body.payment_method_id, amount };
    const outcome = await settleCharge({ db, gateway, log }, attempt, charged, now, { throwRefusal: true });
    if (outcome === 'pending') return { status: 'in_process', status_detail: charged.statusDetail };
  } catch (error) {
    if (error instanceof RefundedCharge) throw error.refusal;
    throw error;
  }
  return { status: 'approved', status_detail: charged.statusDetail };
}

/** The first patient's e-mail: MercadoPago asks for the payer's. */
const payerEmailOf = (patients: readonly StoredCartPatient[]): string | null =>
  patients.find((patient) => patient.email?.includes('@'))?.email ?? null;
