import * as ERRORS from '@visita/domain/contract/api-errors';
/** Confirming an appointment: with a payment, or by hand where the partner's rules allow it and to whom. */
import { type PartnerRules, readPartnerProfile } from '@visita/domain/partner-profile';
import { PAYMENT_STATUS, type PaymentStatus } from '@visita/domain/cards';
import { DEFAULT_PAYMENT_GATEWAY, DEFAULT_PAYMENT_METHOD } from '@visita/domain/constants';
import type {
  ManualConfirmAnswer,
  ManualConfirmBody,
  PaymentSummaryAnswer,
} from '@visita/domain/contract/appointments';
import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import { localeFromCountry } from '@visita/domain/locale';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, type FrozenQuote } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { withGuards } from '../../db/guard-errors.ts';
import { frozenQuoteOf, lockAppointmentRow, moneyInFlight, storedQuote } from '../payments/frozen-quote.ts';
import { quoteAppointment } from '../payments/quote.ts';
import { fail } from '../../errors.ts';
import { keptClient } from '../clients/kept-clients.ts';
import { couponPeople, recordCouponUse } from '../coupons/service.ts';
import { takeStock } from '../operative/stock.ts';
import { writeBookingEvents } from '../notifications/booking-events.ts';
import { confirmVisit } from '../scheduling/hold.ts';
import type { AppointmentRow } from './queries.ts';
import { type CompanySplit, companySplit } from './split-payment.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { CONSOLE_GATEWAY, insertPayment, recordCompanyBilled } from '../payments/queries.ts';

import { assertConfirmable, stockUnitsOf } from './stored-cart.ts';
import { applyTransition, refusal } from './transitions.ts';
import { assertUnpaidConfirmationAllowed, type UnpaidConfirmationLimits } from './unpaid-confirmations.ts';

/** How a confirmation prices a booking not frozen yet: the quote, and any changes that go with it. */
export type ConfirmationPricing = (
  tx: Db,
  row: AppointmentRow,
) => Promise<{ quote: FrozenQuote; changes?: Partial<typeof appointments.$inferInsert> }>;

/**
 * scheduled → confirmed with everything a confirmation means, in one transaction: the row locked
 * and read afresh, its quote frozen (the one a card payment froze when it was claimed, else
 * `pricing`'s of the locked row), the visit made permanent, the coupon's use counted (once:
 * coupon_uses is unique per appointment), the limited stock taken (409 stockout when too little is
 * left), and `alsoInTransaction` (the payment row of a card or cash payment). The database checks
 * at commit that what was recorded adds up to the frozen quote (migration 0024). Manual
 * confirmation, card approval and pay-at-home all come here, and none confirms a visit without a
 * patient with a service (409 appointment-without-patients). Any failure rolls all of it back; an
 * appointment no longer scheduled answers the 409 of its status.
 */
export async function confirmAppointment(
  db: Db,
  id: string,
  changes: Partial<typeof appointments.$inferInsert>,
  pricing: ConfirmationPricing,
  alsoInTransaction?: (tx: Db, row: AppointmentRow) => Promise<void>,
): Promise<AppointmentRow> {
  const confirmed = await withGuards(() =>
    inTransaction(db, async (tx) => {
      const locked = await lockAppointmentRow(tx, id);
      if (!locked || locked.status !== 'scheduled') return undefined;
      // Read from the row being confirmed, so a finalise racing this call cannot slip past it.
      assertConfirmable(locked.patients);
      // The quote a card claim froze is the one confirmed; one left by an attempt that came to
      // nothing (refused, refunded) prices nothing any more and is priced afresh.
      const frozen = locked.quote !== null && (await moneyInFlight(tx, id));
      const priced = frozen ? undefined : await pricing(tx, locked);
      if (priced) {
        await tx
          .update(appointments)
          .set({ quote: storedQuote(priced.quote) as unknown as FrozenQuote })
          .where(eq(appointments.id, id));
      }
      const row = await applyTransition(tx, id, 'confirm', { ...changes, ...priced?.changes });
      if (!row) return undefined;
      const visit = await confirmVisit(tx, id);
      if (row.couponCode) {
        const use = await recordCouponUse(tx, row.couponCode, row.id, couponPeople(row.patients));
        // An unknown or switched-off coupon is not counted; one with no uses left cannot be honoured,
        // nor a once-per-person one a patient of this appointment already used.
        if (use === 'no-uses') throw fail(ERRORS.COUPON_NO_USES);
        if (use === 'used-by-person') throw fail(ERRORS.couponRefused('already_used'));
      }
      await takeStock(tx, stockUnitsOf(row.patients), row.salesSource);
      if (alsoInTransaction) await alsoInTransaction(tx, row);
      // The e-mails and the partner's webhook exist exactly when the confirmation does.
      await writeBookingEvents(tx, row, 'appointment.confirmed', {
        visit: { begin: visit.blockStart, end: visit.blockEnd },
        client: row.clientId ? await keptClient(db, row.clientId, tx) : undefined,
      });
      return row;
    }),
  );
  if (!confirmed) throw await refusal(db, id);
  return confirmed;
}

/**
 * The pricing of a confirmation nobody pays online: the locked row's cart at today's prices (the
 * quote the person was shown), all of it due at the address, or `company` of it from the company.
 */
export const pricedAtConfirmation =
  (catalogue: CatalogueSnapshot, now: Date): ConfirmationPricing =>
  async (tx, row) => ({
    quote: frozenQuoteOf(
      catalogue,
      row,
      await quoteAppointment(tx, catalogue, row),
      { online: 0, company: 0 },
      now,
    ),
  });

export interface ManualConfirmationRule {
  /** Whether this caller may confirm the visit without a card payment. */
  allowed: boolean;
  /** The payment status such a confirmation records; the caller never chooses it. */
  paymentStatus: PaymentStatus;
  /** The payment options the client's profile narrows the country's to (null: the country's). */
  paymentMethods: PartnerRules['payment_methods'];
}

/**
 * The client's stored rule for confirming without a card payment, for whoever is asking: the
 * staff mode's (laas_config_v2) when the client's API token was presented, else the partner
 * embed's (sdk_config_v2). The widget reads the same flag, so both agree on who confirms by hand.
 * Nothing was charged, so the visit is 'Payment Pending', unless the partner's staff (its API
 * token) confirm under a staff mode that records otherwise: an anonymous caller never records a
 * successful payment, whatever the partner's embed config says.
 */
export async function manualConfirmationRule(
  db: Db,
  appointment: AppointmentRow,
  viaStaffToken: boolean,
): Promise<ManualConfirmationRule> {
  const client = appointment.clientId ? await keptClient(db, appointment.clientId) : undefined;
  const mode = (viaStaffToken ? client?.laasConfig : client?.sdkConfig) ?? {};
  return {
    allowed: mode.manual_confirmation === true,
    paymentStatus: viaStaffToken
      ? (mode.manual_confirmation_payment_status ?? PAYMENT_STATUS.PAYMENT_PENDING)
      : PAYMENT_STATUS.PAYMENT_PENDING,
    paymentMethods: readPartnerProfile(client?.profile).rules.payment_methods,
  };
}

const manualConfirmationNotAllowed = () => fail(ERRORS.MANUAL_CONFIRMATION_NOT_ALLOWED);

/**
 * POST /appointments/{id}/manual_confirm/: scheduled → confirmed, in one transaction with the
 * visit made permanent, the coupon's use counted and the stock taken (confirmAppointment); any
 * failure rolls all of it back.
 * force_confirmation (always true) does not confirm an appointment without a block: a confirmed
 * visit always has its nurse. With a split, the company's part is checked against its roster and
 * rules and recorded as owed by it ('Company Billed' when it owes the whole visit); whoever may
 * not confirm by hand may still confirm a visit the company pays whole.
 */
export async function manualConfirm(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  viaStaffToken: boolean,
  body: ManualConfirmBody,
  now: Date = new Date(),
  /** Bounds on visits a public caller confirms without payment (not staff). */
  unpaidLimits: UnpaidConfirmationLimits = {},
): Promise<ManualConfirmAnswer> {
  const rule = await manualConfirmationRule(db, appointment, viaStaffToken);
  const companyPays =
    body.split_payment && body.client_exams_to_pay.some((entry) => entry.item_ids.length > 0);
  if (!rule.allowed && !companyPays) throw manualConfirmationNotAllowed();
  // Staff (the partner's API token) record how the visit was settled, its payment status too;
  // anyone else gets the partner defaults and never a successful payment.
  const staffStatus = viaStaffToken ? body.payment_status : undefined;
  const paymentMethod = viaStaffToken ? body.payment_method : DEFAULT_PAYMENT_METHOD;
  const paymentGateway = viaStaffToken ? body.payment_gateway : DEFAULT_PAYMENT_GATEWAY;
  const referral = body.referral_code?.trim() ? body.referral_code.trim().toUpperCase() : undefined;
  const { currency } = localeFromCountry(appointment.country);
  // The split is the server's reading of the cart being confirmed (the locked row), not of the
  // body's lists nor of a cart read before: a finalize racing this cannot put a stranger on the
  // company.
  let split: CompanySplit | null = null;
  let paymentStatus: PaymentStatus = staffStatus ?? rule.paymentStatus;
  const confirmed = await confirmAppointment(
    db,
    appointment.id,
    {
      paymentMethod,
      paymentGateway,
      confirmedAt: now,
      ...(referral ? { referralCode: referral } : {}),
    },
    async (tx, row) => {
      split = companyPays ? await companySplit(tx, catalogue, row, body.client_exams_to_pay) : null;
      const companyPaysAll = split !== null && split.patientCart.length === 0;
      if (!rule.allowed && !companyPaysAll) throw manualConfirmationNotAllowed();
      if (companyPaysAll) paymentStatus = PAYMENT_STATUS.COMPANY_BILLED;
      const whole = split?.wholeQuote ?? (await quoteAppointment(tx, catalogue, row));
      const quote = frozenQuoteOf(
        catalogue,
        row,
        whole,
        { online: 0, company: split?.companyAmount ?? 0 },
        now,
      );
      if (!viaStaffToken) await assertUnpaidConfirmationAllowed(tx, row, quote, unpaidLimits, now);
      return { quote, changes: { splitPayment: split?.record ?? null, paymentStatus } };
    },
    async (tx, row) => {
      const owed = split as CompanySplit | null;
      if (owed && owed.companyAmount > 0)
        await recordCompanyBilled(tx, appointment.id, owed.companyAmount, currency as 'CLP' | 'MXN');
      // Staff who record the visit as paid collected it: the ledger has the collection, so the
      // booking owes nothing at the address and no report counts it twice.
      const atAddress = row.quote?.due.at_address ?? 0;
      if (paymentStatus === PAYMENT_STATUS.PAYMENT_SUCCESSFUL && atAddress > 0)
        await insertPayment(tx, {
          appointmentId: appointment.id,
          idempotencyKey: `${CONSOLE_GATEWAY}:confirmation`,
          gateway: CONSOLE_GATEWAY,
          method: paymentMethod ?? DEFAULT_PAYMENT_METHOD,
          status: 'approved',
          statusDetail: 'staff',
          amount: atAddress,
          currency: currency as 'CLP' | 'MXN',
        });
    },
  );
  return {
    id: confirmed.id,
    status: 'confirmed',
    payment_method: paymentMethod,
    payment_gateway: paymentGateway,
    payment_status: paymentStatus,
    confirmed_at: now.toISOString(),
  };
}

export function toPaymentSummary(
  row: AppointmentRow,
  quote: Pick<CartPriceAnswer, 'net_price' | 'payment_at_home'> | null,
): PaymentSummaryAnswer {
  return {
    data: {
      appointment: {
        id: row.id,
        status: row.status,
        payment_method: row.paymentMethod,
        payment_gateway: row.paymentGateway,
        payment_status: row.paymentStatus,
        amounts: row.amounts ?? null,
        split_payment: row.splitPayment ?? null,
        currency: localeFromCountry(row.country).currency,
        confirmed_at: row.confirmedAt ? row.confirmedAt.toISOString() : null,
        net_price: quote?.net_price ?? null,
        payment_at_home: quote?.payment_at_home ?? null,
      },
    },
  };
}
