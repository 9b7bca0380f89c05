import type { Seed } from '../../db/seed/run-seeds.ts';

/** The coupons rows of DESIGN.md's demo dataset. */
export const couponsDemoSeed: Seed = {
  name: 'demo-coupons',
  run: async () => {},
};
