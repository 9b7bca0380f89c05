export const COUPON_EMPTY_MESSAGE = 'No has ingresado ningún cupón';
/** Shown when the validation status is anything but valid. */
export const COUPON_NOT_VALID_MESSAGE = 'El cupón ingresado no es válido';

export const COUPON_STATUSES = ['valid', 'invalid', 'expired', 'already_used', 'no_uses'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** Error catalogue texts per status. */
export const COUPON_STATUS_MESSAGES: Readonly<Record<Exclude<CouponStatus, 'valid'>, string>> = {
  invalid: 'Este cupón no es válido',
  expired: 'Este cupón ya expiró',
  already_used: 'Este cupón ya fue utilizado',
  no_uses: 'Este cupón ya no se puede utilizar',
};

/** 'Cupón "X" aplicado correctamente.' */
export function couponAppliedMessage(code: string): string {
  return `Cupón "${code}" aplicado correctamente.`;
}

/** The text for a validation answer: success with the code, or the status's own error. */
export function couponStatusMessage(status: CouponStatus, code: string): string {
  return status === 'valid' ? couponAppliedMessage(code) : COUPON_STATUS_MESSAGES[status];
}

/** Coupons are stored and sent upper-cased and without surrounding spaces. */
export function normalizeCoupon(value: string): string {
  return value.trim().toUpperCase();
}

/** The coupon box rule: a non-empty code. */
export function validateCouponInput(value: string | null | undefined): string | null {
  return !value || value.trim() === '' ? COUPON_EMPTY_MESSAGE : null;
}

/** The coupon box is disabled while the cart is empty. */
export function isCouponInputEnabled(itemsAmount: number): boolean {
  return itemsAmount > 0;
}

export type CouponButtonState = 'idle' | CouponStatus | 'error';

/** Aplicar, then Aplicado (valid), Inválido (invalid, already used, no uses, server error) or Expirado. */
export function couponButtonLabel(
  state: CouponButtonState,
): 'Aplicar' | 'Aplicado' | 'Inválido' | 'Expirado' {
  switch (state) {
    case 'idle':
      return 'Aplicar';
    case 'valid':
      return 'Aplicado';
    case 'expired':
      return 'Expirado';
    default:
      return 'Inválido';
  }
}

/** The session's valid flag: true only on valid. */
export function isCouponValid(status: CouponStatus): boolean {
  return status === 'valid';
}
