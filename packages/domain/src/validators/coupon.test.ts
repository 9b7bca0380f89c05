import { describe, expect, it } from 'vitest';
import {
  COUPON_EMPTY_MESSAGE,
  COUPON_NOT_VALID_MESSAGE,
  couponAppliedMessage,
  couponButtonLabel,
  couponStatusMessage,
  isCouponInputEnabled,
  isCouponValid,
  normalizeCoupon,
  validateCouponInput,
} from './coupon.ts';

describe('coupon input', () => {
  it.each([
    ['', COUPON_EMPTY_MESSAGE],
    ['   ', COUPON_EMPTY_MESSAGE],
    [null, COUPON_EMPTY_MESSAGE],
    ['bienvenida10', null],
  ])('%j -> %s', (value, message) => {
    expect(validateCouponInput(value)).toBe(message);
  });

  it('is upper-cased and trimmed', () => {
    expect(normalizeCoupon(' bienvenida10 ')).toBe('BIENVENIDA10');
  });

  it('is disabled when the cart is empty', () => {
    expect(isCouponInputEnabled(0)).toBe(false);
    expect(isCouponInputEnabled(0.5)).toBe(true);
  });

  it('spells the messages', () => {
    expect(COUPON_EMPTY_MESSAGE).toBe('No has ingresado ningún cupón');
    expect(COUPON_NOT_VALID_MESSAGE).toBe('El cupón ingresado no es válido');
    expect(couponAppliedMessage('BIENVENIDA10')).toBe('Cupón "BIENVENIDA10" aplicado correctamente.');
  });
});

describe('coupon status', () => {
  it.each([
    ['valid', 'Cupón "X" aplicado correctamente.', 'Aplicado', true],
    ['invalid', 'Este cupón no es válido', 'Inválido', false],
    ['expired', 'Este cupón ya expiró', 'Expirado', false],
    ['already_used', 'Este cupón ya fue utilizado', 'Inválido', false],
    ['no_uses', 'Este cupón ya no se puede utilizar', 'Inválido', false],
  ] as const)('%s: message %s, label %s, valid %s', (status, message, label, valid) => {
    expect(couponStatusMessage(status, 'X')).toBe(message);
    expect(couponButtonLabel(status)).toBe(label);
    expect(isCouponValid(status)).toBe(valid);
  });

  it('labels the idle and server-error states', () => {
    expect(couponButtonLabel('idle')).toBe('Aplicar');
    expect(couponButtonLabel('error')).toBe('Inválido');
  });
});
