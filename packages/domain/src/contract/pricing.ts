import { z } from 'zod';
import { FONASA_TIERS } from '../insurance.ts';
import { COUPON_STATUSES } from '../validators/coupon.ts';
import { itemIdSchema } from './catalogue.ts';
import { amountSchema, countryCodeSchema, queryListSchema } from './common.ts';

/** One patient of a quote: service ids (sub-items excluded) and pack ids; empty patients are left out. */
export const cartPricePatientSchema = z.object({
  is_fonasa: z.boolean(),
  /** The patient's Fonasa tier; A is priced as particular, B-D (or none) with the Fonasa copay. */
  fonasa_tier: z.enum(FONASA_TIERS, { error: 'El tramo de Fonasa debe ser A, B, C o D.' }).nullish(),
  items: z.array(itemIdSchema).max(100),
  packs: z.array(itemIdSchema).max(100),
});
export type CartPricePatient = z.infer<typeof cartPricePatientSchema>;

/** POST /v2/cart-price/. */
export const cartPriceBodySchema = z.object({
  coupon_code: z.string().trim().max(100).nullish(),
  country: countryCodeSchema,
  locality: z.string().trim().min(1).max(100),
  patients: z.array(cartPricePatientSchema).max(50),
  source: z.string().trim().max(100).nullish(),
});
export type CartPriceBody = z.infer<typeof cartPriceBodySchema>;

export const cartPriceAnswerSchema = z.object({
  base_price: amountSchema,
  service_fee: amountSchema,
  discount: amountSchema,
  net_price: amountSchema,
  fonasa_discount: amountSchema,
  payment_at_home: amountSchema,
});
export type CartPriceAnswer = z.infer<typeof cartPriceAnswerSchema>;

/** With no parameters the widget shows zeroed prices without calling. */
export const ZERO_CART_PRICE: CartPriceAnswer = {
  base_price: 0,
  service_fee: 0,
  discount: 0,
  net_price: 0,
  fonasa_discount: 0,
  payment_at_home: 0,
};

/** GET /v2/coupons/validate/: items, coupon, source, country. */
export const couponValidateQuerySchema = z.object({
  items: queryListSchema,
  coupon: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .transform((value) => value.toUpperCase()),
  source: z.string().trim().max(100).optional(),
  country: countryCodeSchema,
});
export type CouponValidateQuery = z.infer<typeof couponValidateQuerySchema>;
export type CouponValidateQueryInput = z.input<typeof couponValidateQuerySchema>;

export const couponValidateAnswerSchema = z.object({ status: z.enum(COUPON_STATUSES) });
export type CouponValidateAnswer = z.infer<typeof couponValidateAnswerSchema>;

/** GET /referrals/alliance/?alliance=: a list whose first entry's referral_code is auto-applied. */
export const referralQuerySchema = z.object({ alliance: z.string().trim().min(1).max(100) });
export type ReferralQuery = z.infer<typeof referralQuerySchema>;
export const referralAnswerSchema = z.array(z.object({ referral_code: z.string() }));
export type ReferralAnswer = z.infer<typeof referralAnswerSchema>;
