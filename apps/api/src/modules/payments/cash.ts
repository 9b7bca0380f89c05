import * as ERRORS from '@visita/domain/contract/api-errors';
/** Paying at home: allowed where the client's payment options say so; confirms without a card. */
import { paymentOptionsFor } from '@visita/domain/cards';
import { DEFAULT_PAYMENT_GATEWAY, DEFAULT_PAYMENT_METHOD } from '@visita/domain/constants';
import type { CashPaymentAnswer } from '@visita/domain/contract/payments';
import { localeFromCountry } from '@visita/domain/locale';
import type { Db } from '../../db/database.ts';
import { AppError, fail } from '../../errors.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import {
  confirmAppointment,
  manualConfirmationRule,
  pricedAtConfirmation,
  type ManualConfirmationRule,
} from '../appointments/confirmation.ts';
import { assertConfirmable } from '../appointments/stored-cart.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { findOpenPayment, findPayment, insertPayment } from './queries.ts';

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
  if (!mayPayAtHome(appointment, rule)) throw fail(ERRORS.CASH_NOT_ALLOWED);
  const previous = await findPayment(db, appointment.id, CASH_KEY);
  if (previous && appointment.status === 'confirmed') return cashAnswer(appointment, rule.paymentStatus);
  if (appointment.status !== 'scheduled') throw fail(ERRORS.NOT_PAYABLE);
  assertConfirmable(appointment.patients);
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
      pricedAtConfirmation(catalogue, now),
      async (tx, row) => {
        if (await findOpenPayment(tx, appointment.id)) throw fail(ERRORS.PAYMENT_IN_PROCESS);
        // What is to be collected is what the frozen quote leaves due at the address.
        const amount = row.quote?.due.at_address ?? 0;
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
    if (error instanceof AppError && error.err === ERRORS.INVALID_APPOINTMENT_STATUS) {
      // A twin call confirmed it first: answer as it did.
      const twin = await findPayment(db, appointment.id, CASH_KEY);
      if (twin)
        return cashAnswer(
          { ...appointment, status: 'confirmed', confirmedAt: twin.createdAt },
          rule.paymentStatus,
        );
      throw fail(ERRORS.NOT_PAYABLE);
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
