export { PAYMENT_METHOD_TITLE_DEFAULT, STOCKOUT_MESSAGE } from '@visita/domain/cards';
export { CONTINUE_BUTTON } from '@visita/domain/messages';
import type { PaymentOptionKey } from '@visita/domain/cards';

// Option titles and field labels: the product names the options, not their wording; ours.
export const PAYMENT_OPTION_TITLES: Readonly<Record<PaymentOptionKey, string>> = {
  debit: 'Tarjeta de débito',
  mercadopago: 'Tarjeta de crédito',
  home: 'Pago en domicilio',
  'mx-mercadopago': 'Tarjeta de crédito o débito',
};
export const PAY_AT_HOME_TEXT = 'Pagarás al profesional el día de la visita.';
export const CARD_LABELS = {
  cardNumber: 'Número de tarjeta',
  cardName: 'Nombre del titular',
  expDate: 'Vencimiento (MM/AA)',
  cvc: 'CVC',
  brands: 'Tarjetas aceptadas',
} as const;
export const BRAND_BADGES = { visa: 'VISA', master: 'MC', amex: 'AMEX', diners: 'DINERS' } as const;
export const AMOUNT_TO_PAY_LABEL = 'Total a pagar:';
export const PROCESSING_PAYMENT = 'Procesando el pago';
export const CONFIRMING_APPOINTMENT = 'Confirmando la cita';
