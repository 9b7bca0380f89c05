import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart-item.ts';
import type { CartPatient } from './cart.ts';
import { availabilityItemIds, cartItemIds, cartPriceBody, quoteKey } from './quote.ts';

const item = (id: number, fields: Partial<CartItem> = {}): CartItem => ({
  id,
  name: `E${id}`,
  price: 1,
  type: 'panel',
  ...fields,
});
const hemograma = item(1);
const glucosa = item(2);
const pack = item(10, { type: 'pack', items: [{ id: 1 }, { id: 5 }] });
const patient = (items: CartItem[], insurance: CartPatient['insurance'] = 'particular') => ({
  items,
  insurance,
});

describe('cart-price payload', () => {
  it('sends service ids without sub-items and pack ids; empty patients left out', () => {
    expect(
      cartPriceBody([patient([pack, hemograma, glucosa], 'fonasa'), patient([])], {
        country: 'cl',
        locality: 'Las Condes',
        coupon: ' bienvenida10 ',
        source: 'marketplace',
      }),
    ).toEqual({
      coupon_code: 'BIENVENIDA10',
      country: 'cl',
      locality: 'Las Condes',
      patients: [{ is_fonasa: true, items: [2], packs: [10] }],
      source: 'marketplace',
    });
  });

  it.each([
    ['no address', [patient([hemograma])], null],
    ['no items', [patient([])], 'Las Condes'],
  ])('is null with %s', (_, patients, locality) => {
    expect(cartPriceBody(patients, { country: 'cl', locality })).toBeNull();
  });

  it('defaults coupon and source to null', () => {
    expect(cartPriceBody([patient([hemograma])], { country: 'mx', locality: 'Benito Juárez' })).toMatchObject(
      {
        coupon_code: null,
        source: null,
      },
    );
  });
});

describe('availability items: non-pack ids plus the sub-items of packs, once each', () => {
  it('expands packs', () => {
    expect(availabilityItemIds([patient([pack, glucosa]), patient([hemograma, glucosa])])).toEqual([1, 5, 2]);
  });

  it('lists every cart item once for coupons', () => {
    expect(cartItemIds([patient([pack, glucosa]), patient([glucosa])])).toEqual([10, 2]);
  });
});

describe('a quote depends on items, fonasa patients and coupon', () => {
  const base = quoteKey([patient([hemograma])], 'x');
  it.each([
    ['same inputs', quoteKey([patient([hemograma])], ' X '), true],
    ['another item', quoteKey([patient([hemograma, glucosa])], 'x'), false],
    ['a fonasa patient', quoteKey([patient([hemograma], 'fonasa')], 'x'), false],
    ['another coupon', quoteKey([patient([hemograma])], null), false],
  ])('%s', (_, key, same) => {
    expect(key === base).toBe(same);
  });
});
