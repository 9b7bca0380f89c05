import {
  NOT_PAYABLE_SERVER_ERROR,
  PAYMENT_REJECTION_MESSAGES,
  paymentErrorMessage,
  STOCKOUT_ERROR,
  UNEXPECTED_PAYMENT_ERROR_MESSAGE,
} from '@visita/domain/cards';
import { HttpError } from '../../api/http.ts';

export type PaymentFailure = { kind: 'stockout' } | { kind: 'message'; message: string };

/**
 * A failed payment's text: stockout is its own toast; a rejection code, or the
 * not-payable server text, gets its Spanish message; other errors their first element or text.
 */
export function paymentFailure(error: unknown): PaymentFailure {
  if (error instanceof HttpError) {
    const body = error.error as { err?: unknown; msg?: unknown } | unknown[] | string | null;
    if (Array.isArray(body) || typeof body === 'string')
      return { kind: 'message', message: paymentErrorMessage(body) };
    const err = typeof body?.err === 'string' ? body.err : null;
    const msg = typeof body?.msg === 'string' ? body.msg : null;
    if (err === STOCKOUT_ERROR || msg === STOCKOUT_ERROR) return { kind: 'stockout' };
    if (err && PAYMENT_REJECTION_MESSAGES[err])
      return { kind: 'message', message: PAYMENT_REJECTION_MESSAGES[err] };
    if (msg === NOT_PAYABLE_SERVER_ERROR) return { kind: 'message', message: paymentErrorMessage(msg) };
    if (err && /^(cc_rejected|rejected)/.test(err))
      return { kind: 'message', message: UNEXPECTED_PAYMENT_ERROR_MESSAGE };
    return {
      kind: 'message',
      message: msg ?? (err ? paymentErrorMessage(err) : UNEXPECTED_PAYMENT_ERROR_MESSAGE),
    };
  }
  return { kind: 'message', message: UNEXPECTED_PAYMENT_ERROR_MESSAGE };
}
