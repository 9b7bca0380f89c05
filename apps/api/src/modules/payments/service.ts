import { createHash } from 'node:crypto';
import {
  AMOUNT_OUT_OF_RANGE_ERROR,
  amountLimitMessage,
  CARD_CVC_MESSAGE,
  CARD_EXPIRY_MESSAGE,
  CARD_NUMBER_MESSAGE,
  detectCardBrand,
  NOT_PAYABLE_SERVER_ERROR,
  PAYMENT_REJECTION_MESSAGES,
  PAYMENT_STATUS,
  paymentOptionsFor,
  paymentTypeOf,
  UNEXPECTED_PAYMENT_ERROR_MESSAGE,
  validateCardNumber,
  validateCvc,
} from '@visita/domain/cards';
import { DEFAULT_PAYMENT_GATEWAY, DEFAULT_PAYMENT_METHOD } from '@visita/domain/constants';
import type {
  CardPaymentAnswer,
  CardPaymentBody,
  CashPaymentAnswer,
  PaymentsConfigAnswer,
  SandboxCardTokenAnswer,
  SandboxCardTokenBody,
} from '@visita/domain/contract/payments';
import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import { type CountryCode, localeFromCountry } from '@visita/domain/locale';
import type { FastifyBaseLogger } from 'fastify';
import {
  type GatewayPayment,
  GatewayUnavailableError,
  InvalidCardTokenError,
  type PaymentGateway,
} from '../../adapters/payments/payment-gateway.ts';
import { outcomeForCardholder, type SandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import {
  appointmentCart,
  type AppointmentCartPatient,
  assertConfirmable,
  confirmAppointment,
  hasPatientWithServices,
  INVALID_APPOINTMENT_STATUS,
  manualConfirmationRule,
  type ManualConfirmationRule,
  stockUnitsOf,
} from '../appointments/lifecycle.ts';
import { assertClientSplits, splitCart } from '../appointments/split-payment.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { assertStockAvailable } from '../operative/stock.ts';
import { quoteCartPrice } from '../pricing/service.ts';
import { isStorableText } from '../../text-guards.ts';
import {
  findOpenPayment,
  findPayment,
  insertPayment,
  lockAppointment,
  type PaymentRow,
  updatePayment,
} from './queries.ts';

// ---- Errors the widget handles (it reads msg, or err) ----

/** Not scheduled (already paid, pending, cancelled, expired): the English text the widget maps. */
const NOT_PAYABLE = { err: 'appointment-not-payable', msg: NOT_PAYABLE_SERVER_ERROR } as const;
/** A card payment of this appointment is being charged or reviewed (CONT): it cannot be paid twice. */
const PAYMENT_IN_PROCESS = { err: 'payment-in-process', msg: NOT_PAYABLE_SERVER_ERROR } as const;
const PAYMENT_IN_PROGRESS = {
  err: 'payment-in-progress',
  msg: 'Tu pago se está procesando. Espera un momento y vuelve a intentarlo.',
} as const;
const AMOUNT_MISMATCH = {
  err: 'amount-mismatch',
  msg: 'El monto a pagar no coincide con el valor de la cita. Actualiza la página e intenta nuevamente.',
} as const;
const NOTHING_TO_PAY = {
  err: 'nothing-to-pay',
  msg: 'La cita no tiene servicios con un monto a pagar con tarjeta.',
} as const;
const INVALID_CARD_TOKEN = {
  err: 'invalid-card-token',
  msg: 'No pudimos validar tu tarjeta. Ingresa sus datos nuevamente.',
} as const;
const GATEWAY_UNAVAILABLE = {
  err: 'payment-gateway-unavailable',
  msg: UNEXPECTED_PAYMENT_ERROR_MESSAGE,
} as const;
const CASH_NOT_ALLOWED = {
  err: 'cash-payment-not-allowed',
  msg: 'Esta cita debe pagarse con tarjeta; no admite pago en domicilio.',
} as const;

const fail = (status: number, error: { err: string; msg: string }) =>
  new AppError(status, error.err, error.msg);

/** A rejection: 402 with MercadoPago's status_detail as err and the widget's Spanish text as msg. */
const rejection = (statusDetail: string) =>
  new AppError(
    402,
    statusDetail,
    PAYMENT_REJECTION_MESSAGES[statusDetail] ?? UNEXPECTED_PAYMENT_ERROR_MESSAGE,
  );

// ---- The amount ----

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * What the patient pays online: the quote's net_price minus payment_at_home. For most sources
 * payment_at_home is 0 and that is the whole net price; for the sources whose exams are paid at
 * the address (their partners' profile rule exams_paid_at_home) it is the service fee alone
 * (pricing/service.ts).
 */
const onlineAmount = (quote: CartPriceAnswer): number =>
  Math.max(0, round2(quote.net_price - quote.payment_at_home));

/** The server's own quote of the appointment's stored cart, with its coupon, source and commune. */
async function quoteAppointment(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  cart: AppointmentCartPatient[] = appointmentCart(appointment.patients),
): Promise<CartPriceAnswer> {
  return quoteCartPrice(db, catalogue, {
    coupon_code: appointment.couponCode,
    country: appointment.country,
    locality: appointment.comuna,
    patients: cart,
    source: appointment.salesSource,
  });
}

/**
 * The quote a payment summary shows: the one a card payment charges against. Null while there is
 * nothing to quote, or when the stored cart no longer prices (an item withdrawn since).
 */
export async function summaryQuote(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
): Promise<CartPriceAnswer | null> {
  if (!hasPatientWithServices(appointment.patients)) return null;
  try {
    return await quoteAppointment(db, catalogue, appointment);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * The payment method catalogue's limits (credit 1 to 11.000.000, debit 1 to 3.000.000, webpay 50
 * to 3.000.000): the gateway would refuse such a charge with a code no person can act on. They
 * are the Chilean catalogue's, in pesos; Mexico's gateway has its own.
 */
function assertAmountWithinLimits(
  country: CountryCode,
  amount: number,
  methodId: CardPaymentBody['payment_method_id'],
): void {
  if (country !== 'cl') return;
  const type = paymentTypeOf(methodId);
  const message = type ? amountLimitMessage(amount, type) : null;
  if (message) throw new AppError(400, AMOUNT_OUT_OF_RANGE_ERROR, message);
}

// ---- Sandbox card tokens ----

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
  if (!brand || validateCardNumber(number)) throw badRequest('invalid-card-number', CARD_NUMBER_MESSAGE);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (body.expiration_year < year || (body.expiration_year === year && body.expiration_month < month)) {
    throw badRequest('invalid-expiration-date', CARD_EXPIRY_MESSAGE);
  }
  if (validateCvc(body.security_code, number)) throw badRequest('invalid-security-code', CARD_CVC_MESSAGE);
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

export function paymentsConfig(gateway: PaymentGateway, country: CountryCode): PaymentsConfigAnswer {
  return { gateway: gateway.kind, public_key: gateway.publicKey(country) };
}

// ---- Card payment ----

const REPLAY_WAIT_MS = 15_000;
const REPLAY_POLL_MS = 100;
const REFUNDED = 'refunded:';

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
      if (detail === INVALID_CARD_TOKEN.err) throw fail(400, INVALID_CARD_TOKEN);
      if (detail === GATEWAY_UNAVAILABLE.err) throw fail(502, GATEWAY_UNAVAILABLE);
      if (detail.startsWith(REFUNDED)) {
        const [err, msg] = detail.slice(REFUNDED.length).split('\n');
        throw new AppError(409, err ?? GATEWAY_UNAVAILABLE.err, msg ?? GATEWAY_UNAVAILABLE.msg);
      }
      throw rejection(detail);
    default:
      throw fail(409, PAYMENT_IN_PROGRESS);
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
  { db, gateway, catalogue, log }: CardPaymentContext,
  appointment: AppointmentRow,
  body: CardPaymentBody,
  idempotencyHeader: string | undefined,
  now: Date = new Date(),
): Promise<CardPaymentAnswer> {
  // A token PostgreSQL cannot store (NUL) is no card token; looking it up would be a 500.
  if (!isStorableText(body.token)) throw fail(400, INVALID_CARD_TOKEN);
  const attemptKey = idempotencyHeader ? `key:${idempotencyHeader}` : `token:${body.token}`;
  const known = await findPayment(db, appointment.id, attemptKey);
  if (known) return replay(db, known);
  if (appointment.status !== 'scheduled') throw fail(409, NOT_PAYABLE);

  // Refused before any charge: confirmation would refuse it after one.
  assertConfirmable(appointment.patients);
  const cart = appointmentCart(appointment.patients);
  let chargedCart = cart;
  let splitPayment: Record<string, unknown> | null = null;
  if (body.client_exams_to_pay && body.client_exams_to_pay.length > 0) {
    await assertClientSplits(db, appointment);
    const split = splitCart(cart, body.client_exams_to_pay);
    // The company pays everything: nothing is left for the card.
    if (split.cart.length === 0) throw fail(409, NOTHING_TO_PAY);
    chargedCart = split.cart;
    splitPayment = split.split;
  }
  const amount = onlineAmount(await quoteAppointment(db, catalogue, appointment, chargedCart));
  if (amount <= 0) throw fail(409, NOTHING_TO_PAY);
  assertAmountWithinLimits(appointment.country, amount, body.payment_method_id);
  if (Math.abs(body.amount - amount) >= 0.005) throw fail(400, AMOUNT_MISMATCH);
  // Checked before charging; taken for good at confirmation, where a lost race is refunded.
  await assertStockAvailable(db, stockUnitsOf(appointment.patients));

  const { currency } = localeFromCountry(appointment.country);
  const claimed = await inTransaction(db, async (tx) => {
    const status = await lockAppointment(tx, appointment.id);
    const twin = await findPayment(tx, appointment.id, attemptKey);
    if (twin) return { twin, row: null };
    if (status !== 'scheduled') throw fail(409, NOT_PAYABLE);
    if (await findOpenPayment(tx, appointment.id)) throw fail(409, PAYMENT_IN_PROCESS);
    const row = await insertPayment(tx, {
      appointmentId: appointment.id,
      idempotencyKey: attemptKey,
      gateway: gateway.kind,
      method: body.payment_method_id,
      status: 'processing',
      amount,
      currency: currency as 'CLP' | 'MXN',
    });
    return { twin: null, row };
  });
  if (claimed.twin) return replay(db, claimed.twin);
  const payment = claimed.row;

  let charged: GatewayPayment;
  try {
    charged = await gateway.charge({
      token: body.token,
      paymentMethodId: body.payment_method_id,
      amount,
      currency: currency as 'CLP' | 'MXN',
      idempotencyKey: gatewayKey(appointment.id, attemptKey),
      externalReference: appointment.id,
      description: 'Visita a domicilio',
      payerEmail: payerEmailOf(appointment.patients),
      customerId: body.customer_id ?? null,
    });
  } catch (error) {
    if (error instanceof InvalidCardTokenError) {
      await updatePayment(db, payment.id, { status: 'rejected', statusDetail: INVALID_CARD_TOKEN.err });
      throw fail(400, INVALID_CARD_TOKEN);
    }
    // The outcome is unknown (a timeout may still have charged): the row keeps the attempt for
    // reconciliation with the gateway, and the appointment may be paid again.
    log.error({ paymentId: payment.id, reason: (error as Error)?.message }, 'payment gateway failed');
    await updatePayment(db, payment.id, { status: 'rejected', statusDetail: GATEWAY_UNAVAILABLE.err });
    if (error instanceof GatewayUnavailableError) throw fail(502, GATEWAY_UNAVAILABLE);
    throw error;
  }

  if (charged.status === 'rejected') {
    await updatePayment(db, payment.id, {
      status: 'rejected',
      statusDetail: charged.statusDetail,
      gatewayPaymentId: charged.id,
    });
    throw rejection(charged.statusDetail);
  }
  if (charged.status === 'in_process') {
    await updatePayment(db, payment.id, {
      status: 'pending',
      statusDetail: charged.statusDetail,
      gatewayPaymentId: charged.id,
    });
    return { status: 'in_process', status_detail: charged.statusDetail };
  }

  try {
    await confirmAppointment(
      db,
      appointment.id,
      {
        paymentMethod: body.payment_method_id,
        paymentGateway: gateway.kind === 'mercadopago' ? 'MercadoPago' : 'Sandbox',
        paymentStatus: PAYMENT_STATUS.PAYMENT_SUCCESSFUL,
        confirmedAt: now,
        ...(splitPayment ? { splitPayment } : {}),
      },
      (tx) =>
        updatePayment(tx, payment.id, {
          status: 'approved',
          statusDetail: charged.statusDetail,
          gatewayPaymentId: charged.id,
        }),
    );
  } catch (error) {
    // Charged but not confirmable (the last dose or the block went to someone else meanwhile):
    // give the money back and say why, as the same attempt will say again.
    const reason = error instanceof AppError ? error : fail(409, NOT_PAYABLE);
    const why = reason.err === INVALID_APPOINTMENT_STATUS ? fail(409, NOT_PAYABLE) : reason;
    let detail = `${REFUNDED}${why.err}\n${why.msg}`;
    try {
      await gateway.refund(charged.id, `refund-${gatewayKey(appointment.id, attemptKey)}`);
    } catch (refundError) {
      detail = `refund_failed:${why.err}`;
      log.error(
        { paymentId: payment.id, gatewayPaymentId: charged.id, reason: (refundError as Error)?.message },
        'refund after a failed confirmation failed',
      );
    }
    await updatePayment(db, payment.id, {
      status: 'rejected',
      statusDetail: detail,
      gatewayPaymentId: charged.id,
    });
    if (!(error instanceof AppError)) throw error;
    throw why;
  }
  return { status: 'approved', status_detail: charged.statusDetail };
}

/** The first patient's e-mail: MercadoPago asks for the payer's. */
function payerEmailOf(patients: readonly unknown[]): string | null {
  for (const patient of patients) {
    const email = (patient as { email?: unknown } | null)?.email;
    if (typeof email === 'string' && email.includes('@')) return email;
  }
  return null;
}

// ---- Pay at home ----

/**
 * Who may confirm by paying at home: where the 'home' option is offered (Mexico), and
 * whoever the client's rule lets confirm without a card (partners collecting themselves, the
 * compensation fund, staff with their client's token). Anyone else must pay by card: the call is
 * not a way around it.
 */
function mayPayAtHome(
  appointment: AppointmentRow,
  rule: Pick<ManualConfirmationRule, 'allowed' | 'paymentMethods'>,
): boolean {
  return (
    rule.allowed ||
    paymentOptionsFor(appointment.country, rule.paymentMethods).some((option) => option.key === 'home')
  );
}

const CASH_KEY = 'cash';

/**
 * POST /payments/appointments/{id}/cash_payment/: scheduled → confirmed with payment_method
 * 'In address', gateway 'Partner' and the source's payment status label, and one 'cash' payment
 * row for the whole net price, in the confirmation's transaction. A repeated call answers the
 * same confirmation.
 */
export async function payInCash(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  viaStaffToken: boolean,
  now: Date = new Date(),
): Promise<CashPaymentAnswer> {
  const rule = await manualConfirmationRule(db, appointment, viaStaffToken);
  if (!mayPayAtHome(appointment, rule)) throw fail(403, CASH_NOT_ALLOWED);
  const previous = await findPayment(db, appointment.id, CASH_KEY);
  if (previous && appointment.status === 'confirmed') return cashAnswer(appointment, rule.paymentStatus);
  if (appointment.status !== 'scheduled') throw fail(409, NOT_PAYABLE);
  assertConfirmable(appointment.patients);
  const amount = (await quoteAppointment(db, catalogue, appointment)).net_price;
  const { currency } = localeFromCountry(appointment.country);
  try {
    const confirmed = await confirmAppointment(
      db,
      appointment.id,
      {
        paymentMethod: DEFAULT_PAYMENT_METHOD,
        paymentGateway: DEFAULT_PAYMENT_GATEWAY,
        paymentStatus: rule.paymentStatus,
        confirmedAt: now,
      },
      async (tx) => {
        if (await findOpenPayment(tx, appointment.id)) throw fail(409, PAYMENT_IN_PROCESS);
        await insertPayment(tx, {
          appointmentId: appointment.id,
          idempotencyKey: CASH_KEY,
          gateway: DEFAULT_PAYMENT_GATEWAY,
          method: DEFAULT_PAYMENT_METHOD,
          status: 'cash',
          amount,
          currency: currency as 'CLP' | 'MXN',
        });
      },
    );
    return cashAnswer(confirmed, rule.paymentStatus);
  } catch (error) {
    if (error instanceof AppError && error.err === INVALID_APPOINTMENT_STATUS) {
      // A twin call confirmed it first: answer as it did.
      const twin = await findPayment(db, appointment.id, CASH_KEY);
      if (twin)
        return cashAnswer(
          { ...appointment, status: 'confirmed', confirmedAt: twin.createdAt },
          rule.paymentStatus,
        );
      throw fail(409, NOT_PAYABLE);
    }
    throw error;
  }
}

function cashAnswer(
  row: AppointmentRow,
  paymentStatus: CashPaymentAnswer['payment_status'],
): CashPaymentAnswer {
  return {
    id: row.id,
    status: 'confirmed',
    payment_method: row.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
    payment_gateway: row.paymentGateway ?? DEFAULT_PAYMENT_GATEWAY,
    payment_status: (row.paymentStatus as CashPaymentAnswer['payment_status'] | null) ?? paymentStatus,
    confirmed_at: (row.confirmedAt ?? new Date()).toISOString(),
  };
}
