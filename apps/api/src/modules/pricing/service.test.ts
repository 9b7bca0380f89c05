import type { CartItem } from '@visita/domain/cart-item';
import { describe, expect, it } from 'vitest';
import { computeCartPrice } from './service.ts';

const item = (fields: Partial<CartItem> & { id: number }): CartItem => ({
  name: `item ${fields.id}`,
  type: 'measure',
  resourcetype: 'Measure',
  price: 1000,
  service_fee: 0,
  fonasa_service_fee: 0,
  ...fields,
});

describe('computeCartPrice (the formula, without a database)', () => {
  it('never gives a negative bonus when the copay is above the particular price', () => {
    const expensiveCopay = item({ id: 1, price: 1000, allows_fonasa: true, fonasa_copayment: 1500 });
    expect(computeCartPrice([{ insurance: 'fonasa', items: [expensiveCopay] }], null, false)).toMatchObject({
      base_price: 1000,
      fonasa_discount: 0,
      net_price: 1000,
    });
  });

  it('falls back to the fonasa price when an item has no copay, and to the particular price with neither', () => {
    const withFonasaPrice = item({ id: 3, price: 1000, allows_fonasa: true, fonasa_price: 600 });
    expect(computeCartPrice([{ insurance: 'fonasa', items: [withFonasaPrice] }], null, false)).toMatchObject({
      fonasa_discount: 400,
    });
    const withCopay = item({
      id: 4,
      price: 1000,
      allows_fonasa: true,
      fonasa_price: 600,
      fonasa_copayment: 400,
    });
    expect(computeCartPrice([{ insurance: 'fonasa', items: [withCopay] }], null, false)).toMatchObject({
      fonasa_discount: 600,
    });
    const noFonasaPrice = item({ id: 2, price: 1000, allows_fonasa: true });
    expect(computeCartPrice([{ insurance: 'fonasa', items: [noFonasaPrice] }], null, false)).toMatchObject({
      fonasa_discount: 0,
      net_price: 1000,
    });
  });

  it('clamps a coupon percentage to 0..100: a 150 % coupon makes the exams free, never negative', () => {
    const answer = computeCartPrice(
      [{ insurance: 'particular', items: [item({ id: 1, price: 1000, service_fee: 300 })] }],
      { discountPercent: 150, appliesTo: () => true },
      true,
    );
    expect(answer).toEqual({
      base_price: 1000,
      service_fee: 300,
      discount: 1000,
      net_price: 300,
      fonasa_discount: 0,
      // Exams paid at the address: nothing of them is left to pay there either.
      payment_at_home: 0,
    });
  });

  it('charges the highest visit fee across patients once', () => {
    const answer = computeCartPrice(
      [
        { insurance: 'particular', items: [item({ id: 1, service_fee: 4000 })] },
        { insurance: 'particular', items: [item({ id: 2, service_fee: 6000 })] },
        {
          insurance: 'fonasa',
          items: [
            item({
              id: 3,
              allows_fonasa: true,
              fonasa_price: 500,
              fonasa_service_fee: 2000,
              service_fee: 9000,
            }),
          ],
        },
      ],
      null,
      false,
    );
    expect(answer).toMatchObject({
      base_price: 3000,
      fonasa_discount: 500,
      service_fee: 6000,
      net_price: 8500,
    });
  });
});
