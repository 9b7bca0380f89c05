import { describe, expect, it } from 'vitest';
import { emptyCart } from './cart-empty.ts';
import { createCart } from './cart.ts';

describe('the empty cart literal', () => {
  it('is exactly the cart createCart() builds', () => {
    expect(emptyCart()).toEqual(createCart());
  });

  it('is a new object each time, so one cart never shares state with another', () => {
    const first = emptyCart();
    first.patients[0]?.items.push({} as never);
    expect(emptyCart().patients[0]?.items).toEqual([]);
  });
});
