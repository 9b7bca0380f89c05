import { STOCKOUT_ERROR, STOCKOUT_MESSAGE } from '@visita/domain/cards';
import { manualConfirmationPayment } from '@visita/domain/client';
import { TOAST_DURATION_MS } from '@visita/domain/constants';
import type { ManualConfirmAnswer } from '@visita/domain/contract/appointments';
import { HttpError, type RequestContext } from '../api/http.ts';
import { manualConfirm } from '../api/payments.ts';
import type { WidgetStores } from '../stores/widget-stores.tsx';
import { decodeExams } from './split-exams.ts';

/**
 * POST manual_confirm for the sources that confirm without paying: the product's payment fields
 * (method, gateway, the partner's payment status, force_confirmation), which the server records
 * only from the partner's staff; the split of the company-pays step and the coupon come from the
 * price store, which outlives the cart.
 */
export function confirmManually(
  appointmentId: string,
  stores: Pick<WidgetStores, 'price' | 'session'>,
  context: RequestContext,
): Promise<ManualConfirmAnswer> {
  const { coupon, clientSelectedExamsToPay, patientSelectedExamsToPay } = stores.price.getState();
  const { clientData, origin } = stores.session.getState();
  const splitting = clientSelectedExamsToPay.length > 0;
  return manualConfirm(
    appointmentId,
    {
      ...(clientData ? manualConfirmationPayment(clientData, origin) : {}),
      split_payment: splitting,
      client_exams_to_pay: splitting ? decodeExams(clientSelectedExamsToPay) : [],
      patient_exams_to_pay: splitting ? decodeExams(patientSelectedExamsToPay) : [],
      referral_code: coupon,
    },
    context,
  );
}

/**
 * When a confirmation failed because the last doses went to someone else, says so in the 5 s
 * stock-out toast (the same words whichever step confirmed) and answers true; otherwise false,
 * and the caller shows its own message.
 */
export function toastStockout(failure: unknown, stores: Pick<WidgetStores, 'toast'>): boolean {
  if (!(failure instanceof HttpError) || failure.slug !== STOCKOUT_ERROR) return false;
  stores.toast.getState().show('error', STOCKOUT_MESSAGE, TOAST_DURATION_MS);
  return true;
}
