import { describe, expect, it } from 'vitest';
import {
  AMOUNT_DISCOUNT_OVER_SUBTOTAL_MESSAGE,
  AMOUNT_NEGATIVE_MESSAGE,
  AMOUNT_STEP_MESSAGE,
  AMOUNT_SUBTOTAL_REQUIRED_MESSAGE,
  applyPercentageDiscount,
  computeAmountToPay,
  formatCurrency,
  validateAmountToPay,
} from './money.ts';

describe('applyPercentageDiscount: price minus price times percent/100', () => {
  it.each([
    [10_000, 10, 9000],
    [10_000, 0, 10_000],
    [10_000, 100, 0],
    [9990, 15, 8491.5],
  ])('%d with %d %% off is %d', (price, percent, expected) => {
    expect(applyPercentageDiscount(price, percent)).toBe(expected);
  });
});

describe('formatCurrency: Intl, narrow symbol, dot (cl) or comma (mx) thousands, floor by default', () => {
  it.each([
    [1234, 'cl', '$1.234'],
    [7000, 'cl', '$7.000'],
    [1_234_567, 'cl', '$1.234.567'],
    [0, 'cl', '$0'],
    [1234.99, 'cl', '$1.234'],
    [1234, 'mx', '$1,234'],
    [180, 'mx', '$180'],
    [1_234_567.89, 'mx', '$1,234,567'],
    [-0.4, 'cl', '$-1'],
  ] as const)('%d in %s is %s', (amount, country, expected) => {
    expect(formatCurrency(amount, country)).toBe(expected);
  });

  it('keeps up to two decimals when flooring is turned off', () => {
    expect(formatCurrency(1160.5, 'mx', { floor: false })).toBe('$1,160.5');
    expect(formatCurrency(1160, 'mx', { floor: false })).toBe('$1,160');
  });

  it('never shows a negative zero', () => {
    expect(formatCurrency(-0, 'cl')).toBe('$0');
  });
});

describe("computeAmountToPay: IVA on subtotal minus promotion at the country's rate", () => {
  it.each([
    [1000, 0, 160, 1160],
    [1000, 100, 144, 1044],
    [99.99, 0, 16, 115.99],
    [10.05, 0.02, 1.6, 11.63],
    [0, 0, 0, 0],
    [123.45, 23.45, 16, 116],
  ])(
    'Mexico, 16 % to 2 decimals: subtotal %d, promotion %d: iva %d, total %d',
    (subtotal, promotion, iva, total) => {
      expect(computeAmountToPay(subtotal, promotion, 'mx')).toEqual({ iva, total });
    },
  );

  it.each([
    [10000, 0, 1900, 11900],
    [10000, 1000, 1710, 10710],
    [1000, 0, 190, 1190],
    [999, 0, 190, 1189],
    [15990, 990, 2850, 17850],
    [0, 0, 0, 0],
  ])(
    'Chile, 19 % in whole pesos: subtotal %d, promotion %d: iva %d, total %d',
    (subtotal, promotion, iva, total) => {
      expect(computeAmountToPay(subtotal, promotion, 'cl')).toEqual({ iva, total });
    },
  );
});

describe('validateAmountToPay', () => {
  it.each([
    [{ subtotal: null, promotion: 0 }, { subtotal: AMOUNT_SUBTOTAL_REQUIRED_MESSAGE }],
    [{ subtotal: undefined, promotion: undefined }, { subtotal: AMOUNT_SUBTOTAL_REQUIRED_MESSAGE }],
    [{ subtotal: Number.NaN, promotion: 0 }, { subtotal: AMOUNT_SUBTOTAL_REQUIRED_MESSAGE }],
    [{ subtotal: 100, promotion: 101 }, { promotion: AMOUNT_DISCOUNT_OVER_SUBTOTAL_MESSAGE }],
    [{ subtotal: 100, promotion: 100 }, {}],
    [{ subtotal: 100, promotion: null }, {}],
    [{ subtotal: -1, promotion: 0 }, { subtotal: AMOUNT_NEGATIVE_MESSAGE }],
    [{ subtotal: 1, promotion: -1 }, { promotion: AMOUNT_NEGATIVE_MESSAGE }],
    [{ subtotal: 1.005, promotion: 0 }, { subtotal: AMOUNT_STEP_MESSAGE }],
    [{ subtotal: 10, promotion: 0.001 }, { promotion: AMOUNT_STEP_MESSAGE }],
    [{ subtotal: 10.25, promotion: 0.1 }, {}],
  ])('%o gives %o', (input, errors) => {
    expect(validateAmountToPay(input)).toEqual(errors);
  });

  it('spells the two messages exactly', () => {
    expect(AMOUNT_SUBTOTAL_REQUIRED_MESSAGE).toBe('El subtotal es obligatorio');
    expect(AMOUNT_DISCOUNT_OVER_SUBTOTAL_MESSAGE).toBe('El descuento no puede ser mayor al subtotal');
  });
});
