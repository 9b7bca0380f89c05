import * as endpoints from '@visita/domain/contract/endpoints';
import type {
  AppointmentAmounts,
  AppointmentSummary,
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
import type { CartPriceAnswer } from '@visita/domain/contract/pricing';
import { apiRequest, type RequestContext } from './http.ts';

/** GET /payments/appointments/{id}/payment_summary/: read loosely, the amount to charge is all we need. */
export async function getAmountToPay(appointmentId: string, context: RequestContext): Promise<number | null> {
  const answer = await apiRequest<{
    data?: { appointment?: Record<string, unknown> };
    appointment?: Record<string, unknown>;
  }>(endpoints.paymentSummary, { params: { id: appointmentId }, context });
  const appointment = answer.data?.appointment ?? answer.appointment ?? {};
  // What the card pays: the net price minus what is paid at the address (the API's rule).
  if (typeof appointment.net_price === 'number') {
    const atHome = typeof appointment.payment_at_home === 'number' ? appointment.payment_at_home : 0;
    return Math.max(0, Math.round((appointment.net_price - atHome) * 100) / 100);
  }
  const amounts = appointment.amounts as { total?: unknown } | null | undefined;
  if (typeof amounts?.total === 'number' && amounts.total > 0) return amounts.total;
  return null;
}

/** POST /payments/appointments/{id}/cash_payment/: pay at home. */
export function payAtHome(appointmentId: string, context: RequestContext): Promise<unknown> {
  return apiRequest(endpoints.cashPayment, { params: { id: appointmentId }, body: {}, context });
}

/** POST /v2/mercado-pago/{id}/card/ with the appointment's token as Bearer. */
export function payByCard(
  appointmentId: string,
  body: CardPaymentBody,
  appointmentToken: string | null,
): Promise<CardPaymentAnswer> {
  return apiRequest<CardPaymentAnswer>(endpoints.cardPayment, {
    params: { id: appointmentId },
    body,
    context: { apiToken: appointmentToken, appointmentToken },
  });
}

/** POST /v2/sandbox/card-tokens/ (sandbox gateway only). */
export function createSandboxCardToken(body: SandboxCardTokenBody): Promise<SandboxCardTokenAnswer> {
  return apiRequest<SandboxCardTokenAnswer>(endpoints.sandboxCardTokens, { body });
}

/** GET /v2/payments/config/?country=: which tokeniser and public key; absent means sandbox. */
export async function getPaymentsConfig(
  country: string,
): Promise<{ provider: 'sandbox' | 'mercadopago'; public_key: string | null }> {
  try {
    const answer = await apiRequest<{ provider?: string; gateway?: string; public_key?: string | null }>(
      endpoints.paymentsConfig,
      { query: { country } },
    );
    const provider = answer.provider ?? answer.gateway;
    return provider === 'mercadopago'
      ? { provider: 'mercadopago', public_key: answer.public_key ?? null }
      : { provider: 'sandbox', public_key: null };
  } catch {
    return { provider: 'sandbox', public_key: null };
  }
}

/** POST /appointments/{id}/manual_confirm/. */
export function manualConfirm(
  appointmentId: string,
  body: ManualConfirmBodyInput,
  context: RequestContext,
): Promise<ManualConfirmAnswer> {
  return apiRequest<ManualConfirmAnswer>(endpoints.manualConfirm, {
    params: { id: appointmentId },
    body,
    context,
  });
}

/** POST /v2/appointments/{id}/amount/ { discount, total }. */
export function setAppointmentAmount(
  appointmentId: string,
  body: SetAmountBody,
  context: RequestContext,
): Promise<AppointmentAmounts> {
  return apiRequest<AppointmentAmounts>(endpoints.appointmentAmount, {
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
    country: string;
    source: string;
    coupon: string | null;
    /** Split payment: the exams the company pays, left out of what the card pays (as the API does). */
    companyExams?: readonly { patient_index: number; item_ids: readonly number[] }[];
  },
  context: RequestContext,
): Promise<number | null> {
  const [summary, address] = await Promise.all([
    apiRequest<AppointmentSummary>(endpoints.getAppointment, { params: { id: appointmentId }, context }),
    apiRequest<{ comuna: string }>(endpoints.appointmentAddress, { params: { id: appointmentId }, context }),
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
  const quote = await apiRequest<CartPriceAnswer>(endpoints.cartPrice, {
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
