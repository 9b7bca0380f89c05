import * as ERRORS from '@visita/domain/contract/api-errors';
/** What an appointment costs as the server reads it: the quote a payment is checked against, and its limits. */
import { amountLimitMessage, paymentTypeOf } from '@visita/domain/cards';
import type { CardPaymentBody, PaymentsConfigAnswer } from '@visita/domain/contract/payments';
import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import type { CountryCode } from '@visita/domain/locale';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import type { Db } from '../../db/database.ts';
import { AppError, fail } from '../../errors.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import {
  appointmentCart,
  type AppointmentCartPatient,
  hasPatientWithServices,
} from '../appointments/stored-cart.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { quoteCartPrice } from '../pricing/service.ts';
import { frozenPrice } from './frozen-quote.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * What the patient pays online: the quote's net_price minus payment_at_home. For most sources
 * payment_at_home is 0 and that is the whole net price; for the sources whose exams are paid at
 * the address (their partners' profile rule exams_paid_at_home) it is the service fee alone
 * (pricing/service.ts).
 */
export const onlineAmount = (quote: CartPriceAnswer): number =>
  Math.max(0, round2(quote.net_price - quote.payment_at_home));

/** The server's own quote of the appointment's stored cart, with its coupon, source and commune. */
export async function quoteAppointment(
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
 * The quote a payment summary shows: the frozen one once money moved (a card payment claimed, the
 * booking confirmed), else the stored cart at today's prices, the one a card payment would charge.
 * Null while there is nothing to quote, or when the stored cart no longer prices (an item withdrawn since).
 */
export async function summaryQuote(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
): Promise<CartPriceAnswer | null> {
  // Frozen once money moved: what the booking was quoted at, never today's prices.
  if (appointment.quote) return frozenPrice(appointment.quote);
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
export function assertAmountWithinLimits(
  country: CountryCode,
  amount: number,
  methodId: CardPaymentBody['payment_method_id'],
): void {
  if (country !== 'cl') return;
  const type = paymentTypeOf(methodId);
  const message = type ? amountLimitMessage(amount, type) : null;
  if (message) throw fail(ERRORS.amountOutOfRange(message));
}

export function paymentsConfig(gateway: PaymentGateway, country: CountryCode): PaymentsConfigAnswer {
  return { gateway: gateway.kind, public_key: gateway.publicKey(country) };
}
