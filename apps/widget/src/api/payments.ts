import * as endpoints from '@visita/domain/contract/endpoints';
import type {
  AppointmentAmounts,
  ManualConfirmAnswer,
  ManualConfirmBodyInput,
  SetAmountBody,
} from '@visita/domain/contract/appointments';
import type {
  CardPaymentAnswer,
  CardPaymentBody,
  SandboxCardTokenAnswer,
  SandboxCardTokenBody,
} from '@visita/domain/contract/payments';
import type { CountryCode } from '@visita/domain/locale';
import { pathFor } from '@visita/domain/contract/endpoint';
import { apiRequest, type RequestContext } from './http.ts';
import { reportUnlessRefused } from './report-error.ts';

/** GET /payments/appointments/{id}/payment_summary/: the amount the card is to charge, when priced. */
export async function getAmountToPay(appointmentId: string, context: RequestContext): Promise<number | null> {
  const { appointment } = (
    await apiRequest(endpoints.paymentSummary, { params: { id: appointmentId }, context })
  ).data;
  // What the card pays: the net price minus what is paid at the address (the API's rule).
  if (typeof appointment.net_price === 'number') {
    return Math.max(0, Math.round((appointment.net_price - (appointment.payment_at_home ?? 0)) * 100) / 100);
  }
  // Not priced from a cart: the amount the client's staff set, when there is one.
  return appointment.amounts && appointment.amounts.total > 0 ? appointment.amounts.total : null;
}

/** POST /payments/appointments/{id}/cash_payment/: pay at home. */
export function payAtHome(appointmentId: string, context: RequestContext): Promise<unknown> {
  return apiRequest(endpoints.cashPayment, { params: { id: appointmentId }, body: {}, context }).catch(
    (error: unknown) =>
      reportUnlessRefused('payment', pathFor(endpoints.cashPayment, { id: appointmentId }), error),
  );
}

/** POST /v2/mercado-pago/{id}/card/ with the appointment's token as Bearer. */
export function payByCard(
  appointmentId: string,
  body: CardPaymentBody,
  appointmentToken: string | null,
): Promise<CardPaymentAnswer> {
  return apiRequest(endpoints.cardPayment, {
    params: { id: appointmentId },
    body,
    context: { apiToken: appointmentToken, appointmentToken },
  }).catch((error: unknown) =>
    reportUnlessRefused('payment', pathFor(endpoints.cardPayment, { id: appointmentId }), error),
  );
}

/** POST /v2/sandbox/card-tokens/ (sandbox gateway only). */
export function createSandboxCardToken(body: SandboxCardTokenBody): Promise<SandboxCardTokenAnswer> {
  return apiRequest(endpoints.sandboxCardTokens, { body });
}

/** POST /appointments/{id}/manual_confirm/. */
export function manualConfirm(
  appointmentId: string,
  body: ManualConfirmBodyInput,
  context: RequestContext,
): Promise<ManualConfirmAnswer> {
  return apiRequest(endpoints.manualConfirm, {
    params: { id: appointmentId },
    body,
    context,
  }).catch((error: unknown) =>
    reportUnlessRefused('payment', pathFor(endpoints.manualConfirm, { id: appointmentId }), error),
  );
}

/** POST /v2/appointments/{id}/amount/ { discount, total }. */
export function setAppointmentAmount(
  appointmentId: string,
  body: SetAmountBody,
  context: RequestContext,
): Promise<AppointmentAmounts> {
  return apiRequest(endpoints.appointmentAmount, {
    params: { id: appointmentId },
    body,
    context,
  });
}

/**
 * What the card pays, quoted from the appointment as the API stores it (its patients, commune,
 * source and coupon) when the payment summary does not say: the confirmation has cleared the
 * cart by then, and the API charges exactly this (net price minus what is paid at home).
 */
export async function quoteAppointmentAmount(
  appointmentId: string,
  params: {
    country: CountryCode;
    source: string;
    coupon: string | null;
    /** Split payment: the exams the company pays, left out of what the card pays (as the API does). */
    companyExams?: readonly { patient_index: number; item_ids: readonly number[] }[];
  },
  context: RequestContext,
): Promise<number | null> {
  const [summary, address] = await Promise.all([
    apiRequest(endpoints.getAppointment, { params: { id: appointmentId }, context }),
    apiRequest(endpoints.appointmentAddress, { params: { id: appointmentId }, context }),
  ]);
  const paidByCompany = (index: number, id: string | number) =>
    (params.companyExams ?? []).some(
      (entry) => entry.patient_index === index && entry.item_ids.some((paid) => String(paid) === String(id)),
    );
  const patients = summary.patients
    .map((patient, index) => ({
      is_fonasa: patient.is_fonasa,
      items: patient.items.filter((id) => !paidByCompany(index, id)),
      packs: patient.packs.filter((id) => !paidByCompany(index, id)),
    }))
    .filter((patient) => patient.items.length + patient.packs.length > 0);
  if (patients.length === 0) return null;
  const quote = await apiRequest(endpoints.cartPrice, {
    body: {
      coupon_code: params.coupon,
      country: params.country,
      locality: address.comuna,
      patients,
      source: params.source,
    },
    context,
  });
  return Math.max(0, Math.round((quote.net_price - quote.payment_at_home) * 100) / 100);
}
