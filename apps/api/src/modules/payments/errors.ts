/** The payment answers the widget handles: each refusal's slug and the text it shows (it reads msg, or err). */
import {
  NOT_PAYABLE_SERVER_ERROR,
  PAYMENT_REJECTION_MESSAGES,
  UNEXPECTED_PAYMENT_ERROR_MESSAGE,
} from '@visita/domain/cards';
import { AppError } from '../../errors.ts';

/** Not scheduled (already paid, pending, cancelled, expired): the English text the widget maps. */
export const NOT_PAYABLE = { err: 'appointment-not-payable', msg: NOT_PAYABLE_SERVER_ERROR } as const;

/** A card payment of this appointment is being charged or reviewed (CONT): it cannot be paid twice. */
export const PAYMENT_IN_PROCESS = { err: 'payment-in-process', msg: NOT_PAYABLE_SERVER_ERROR } as const;

export const PAYMENT_IN_PROGRESS = {
  err: 'payment-in-progress',
  msg: 'Tu pago se está procesando. Espera un momento y vuelve a intentarlo.',
} as const;

export const AMOUNT_MISMATCH = {
  err: 'amount-mismatch',
  msg: 'El monto a pagar no coincide con el valor de la cita. Actualiza la página e intenta nuevamente.',
} as const;

export const NOTHING_TO_PAY = {
  err: 'nothing-to-pay',
  msg: 'La cita no tiene servicios con un monto a pagar con tarjeta.',
} as const;

export const INVALID_CARD_TOKEN = {
  err: 'invalid-card-token',
  msg: 'No pudimos validar tu tarjeta. Ingresa sus datos nuevamente.',
} as const;

export const GATEWAY_UNAVAILABLE = {
  err: 'payment-gateway-unavailable',
  msg: UNEXPECTED_PAYMENT_ERROR_MESSAGE,
} as const;

export const CASH_NOT_ALLOWED = {
  err: 'cash-payment-not-allowed',
  msg: 'Esta cita debe pagarse con tarjeta; no admite pago en domicilio.',
} as const;

export const fail = (status: number, error: { err: string; msg: string }) =>
  new AppError(status, error.err, error.msg);

/** A rejection: 402 with MercadoPago's status_detail as err and the widget's Spanish text as msg. */
export const rejection = (statusDetail: string) =>
  new AppError(
    402,
    statusDetail,
    PAYMENT_REJECTION_MESSAGES[statusDetail] ?? UNEXPECTED_PAYMENT_ERROR_MESSAGE,
  );
