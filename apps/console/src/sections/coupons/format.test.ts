import type { ConsoleCoupon } from '@visita/domain/contract/console-coupons';
import { describe, expect, it } from 'vitest';
import { dateInputValue, discountText, instantOfDay, validityText } from './format.ts';

const coupon = (fields: Partial<ConsoleCoupon>): ConsoleCoupon => ({
  code: 'X',
  discount_percent: 10,
  discount_amount: null,
  valid_from: null,
  valid_until: null,
  sales_sources: [],
  country: null,
  item_ids: [],
  max_uses: null,
  uses_count: 0,
  once_per_person: false,
  active: true,
  ...fields,
});

describe("the coupons section's formats", () => {
  it('shows a percentage, or an amount in its country currency', () => {
    expect(discountText(coupon({ discount_percent: 15 }))).toBe('15 %');
    expect(discountText(coupon({ discount_percent: null, discount_amount: 5000, country: 'cl' }))).toBe(
      '$5.000 (CL)',
    );
    expect(discountText(coupon({ discount_percent: null, discount_amount: 150, country: 'mx' }))).toBe(
      '$150 (MX)',
    );
  });

  it("turns a date field's day into its first or last instant, and back", () => {
    const from = instantOfDay('2026-06-15', false);
    const until = instantOfDay('2026-06-15', true);
    expect(from).not.toBeNull();
    expect(Date.parse(until ?? '') - Date.parse(from ?? '')).toBe(86_400_000 - 1);
    expect(dateInputValue(from)).toBe('2026-06-15');
    expect(dateInputValue(until)).toBe('2026-06-15');
    expect(instantOfDay('', false)).toBeNull();
    expect(instantOfDay('15/06/2026', true)).toBeNull();
    expect(dateInputValue(null)).toBe('');
  });

  it('says the validity window in words', () => {
    expect(validityText(coupon({}))).toBe('Siempre');
    expect(validityText(coupon({ valid_from: instantOfDay('2026-06-15', false) }))).toMatch(/^Desde el /);
    expect(validityText(coupon({ valid_until: instantOfDay('2026-06-30', true) }))).toMatch(/^Hasta el /);
    expect(
      validityText(
        coupon({
          valid_from: instantOfDay('2026-06-15', false),
          valid_until: instantOfDay('2026-06-30', true),
        }),
      ),
    ).toMatch(/^Del .+ al .+$/);
  });
});
