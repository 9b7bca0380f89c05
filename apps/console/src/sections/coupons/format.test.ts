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

  it("turns a date field's day into its first or last instant in the country's zone, and back", () => {
    const santiago = 'America/Santiago';
    // June: Chile is UTC-4; January: UTC-3; Mexico City: UTC-6 all year.
    expect(instantOfDay('2026-06-15', false, santiago)).toBe('2026-06-15T04:00:00.000Z');
    expect(instantOfDay('2026-06-30', true, santiago)).toBe('2026-07-01T03:59:59.999Z');
    expect(instantOfDay('2027-01-10', false, santiago)).toBe('2027-01-10T03:00:00.000Z');
    expect(instantOfDay('2026-06-15', false, 'America/Mexico_City')).toBe('2026-06-15T06:00:00.000Z');
    // Chile's clocks skip from 00:00 to 01:00 on 2026-09-06: that day starts at 01:00.
    expect(instantOfDay('2026-09-06', false, santiago)).toBe('2026-09-06T04:00:00.000Z');
    for (const zone of [santiago, 'America/Mexico_City']) {
      for (const day of ['2026-04-04', '2026-04-05', '2026-09-06', '2026-09-07', '2026-12-31']) {
        expect(dateInputValue(instantOfDay(day, false, zone), zone), `${zone} ${day}`).toBe(day);
        expect(dateInputValue(instantOfDay(day, true, zone), zone), `${zone} ${day}`).toBe(day);
      }
    }
    expect(instantOfDay('', false, santiago)).toBeNull();
    expect(instantOfDay('15/06/2026', true, santiago)).toBeNull();
    expect(dateInputValue(null, santiago)).toBe('');
  });

  it("says the validity window in words, in the coupon's country's days", () => {
    expect(validityText(coupon({}))).toBe('Siempre');
    const zone = 'America/Santiago';
    expect(validityText(coupon({ valid_from: instantOfDay('2026-06-15', false, zone) }))).toMatch(
      /^Desde el 15/,
    );
    expect(validityText(coupon({ valid_until: instantOfDay('2026-06-30', true, zone) }))).toMatch(
      /^Hasta el 30/,
    );
    expect(
      validityText(
        coupon({
          valid_from: instantOfDay('2026-06-15', false, zone),
          valid_until: instantOfDay('2026-06-30', true, zone),
        }),
      ),
    ).toMatch(/^Del 15.+ al 30.+$/);
  });
});
