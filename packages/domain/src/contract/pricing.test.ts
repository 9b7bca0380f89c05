import { describe, expect, it } from 'vitest';
import { cartMakerAnswerSchema } from './cart-maker.ts';
import { operativeStatusAnswerSchema } from './operative.ts';
import {
  cartPriceAnswerSchema,
  cartPriceBodySchema,
  couponValidateAnswerSchema,
  couponValidateQuerySchema,
  referralAnswerSchema,
  ZERO_CART_PRICE,
} from './pricing.ts';

describe('pricing contract', () => {
  it('accepts a cart-price body as documented', () => {
    const body = {
      coupon_code: 'BIENVENIDA10',
      country: 'cl',
      locality: 'Las Condes',
      patients: [{ is_fonasa: false, items: [1, 2], packs: [10] }],
      source: 'marketplace',
    };
    expect(cartPriceBodySchema.parse(body)).toEqual(body);
    expect(cartPriceBodySchema.safeParse({ ...body, locality: '' }).success).toBe(false);
    expect(cartPriceBodySchema.safeParse({ ...body, patients: [{ items: [] }] }).success).toBe(false);
  });

  it('answers the six price fields; zero prices without parameters', () => {
    expect(cartPriceAnswerSchema.parse(ZERO_CART_PRICE)).toEqual(ZERO_CART_PRICE);
    expect(cartPriceAnswerSchema.safeParse({ ...ZERO_CART_PRICE, net_price: -1 }).success).toBe(false);
  });

  it('upper-cases the coupon of a validation and reads its status', () => {
    expect(couponValidateQuerySchema.parse({ items: '1,2', coupon: ' usado ', country: 'cl' })).toEqual({
      items: ['1', '2'],
      coupon: 'USADO',
      country: 'cl',
    });
    expect(couponValidateAnswerSchema.parse({ status: 'no_uses' })).toEqual({ status: 'no_uses' });
    expect(couponValidateAnswerSchema.safeParse({ status: 'gone' }).success).toBe(false);
  });

  it('reads referrals, operative status and cart-maker carts', () => {
    expect(referralAnswerSchema.parse([{ referral_code: 'ABC' }])[0]?.referral_code).toBe('ABC');
    expect(operativeStatusAnswerSchema.parse({ active: false, reason: 'stock' })).toEqual({
      active: false,
      reason: 'stock',
    });
    expect(
      cartMakerAnswerSchema.parse({
        appointment: { id: 'a1', status: 'pending' },
        discount_code: null,
        patients: [{ items: [{ id: 1 }], packs: [] }],
      }).patients,
    ).toHaveLength(1);
  });
});
