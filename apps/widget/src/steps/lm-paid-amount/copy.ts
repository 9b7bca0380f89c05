export { CONTINUE_BUTTON } from '@visita/domain/messages';
export const AMOUNT_TITLE = 'Monto a Pagar';
export const AMOUNT_LABELS = {
  subtotal: 'Subtotal',
  promotion: 'Promoción / Descuento (monto)',
  iva: 'IVA',
  total: 'Total',
} as const;
/** The server's error, or this. */
export const AMOUNT_UNEXPECTED_ERROR = 'Ocurrió un error inesperado';
