export const RESUME_COPY = {
  // Our wording.the resume screen of a prebuilt cart or a services link.
  title: 'Tu carrito',
  subtitle: 'Revisa los servicios que preparamos para ti y continúa con tu agendamiento.',
  loading: 'Cargando tu carrito',
  empty: 'No encontramos servicios para este enlace.',
  coupon: 'Cupón',
} as const;

/** The resume screen's coupon state, with its discount once the quote has it. */
export function resumeCouponText(
  state: 'loading' | 'pending' | 'valid' | 'invalid',
  discount: string | null,
): string {
  if (state === 'loading') return 'validando…';
  if (state === 'pending') return 'se aplicará al elegir tus servicios';
  if (state === 'invalid') return 'no es válido para estos servicios';
  return discount ? `aplicado, descuento de ${discount}` : 'aplicado';
}
