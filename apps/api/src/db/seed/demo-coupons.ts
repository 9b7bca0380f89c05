import type { Seed } from './run-seeds.ts';
import {
  insertCouponsIfMissing,
  insertReferralCodesIfMissing,
  type NewCouponRow,
} from '../../modules/coupons/queries.ts';

/** The demo coupons, one per status the widget can show. */
const DEMO_COUPONS: NewCouponRow[] = [
  // Valid everywhere, no use limit: the welcome coupon.
  { code: 'BIENVENIDA10', discountPercent: 10 },
  { code: 'EXPIRADO', discountPercent: 15, validUntil: new Date('2024-12-31T23:59:59-03:00') },
  // Single use, taken: already_used.
  { code: 'USADO', discountPercent: 20, maxUses: 1, usesCount: 1 },
  // Several uses, all taken: no_uses.
  { code: 'AGOTADO', discountPercent: 25, maxUses: 100, usesCount: 100 },
  // Clínica Alemana's heart-month campaign: only through that partner, in Chile.
  { code: 'CLAMESDELCORAZON', discountPercent: 15, salesSources: ['clinicaalemana'], country: 'cl' },
];

/** The referral code the widget auto-applies for Clínica Alemana (its sdk config's discount_code too). */
const DEMO_REFERRAL_CODES = [{ salesSource: 'clinicaalemana', referralCode: 'CLAMESDELCORAZON' }];

/** The coupons rows of the demo dataset. */
export const couponsDemoSeed: Seed = {
  name: 'demo-coupons',
  run: async (db) => {
    await insertCouponsIfMissing(db, DEMO_COUPONS);
    await insertReferralCodesIfMissing(db, DEMO_REFERRAL_CODES);
  },
};
