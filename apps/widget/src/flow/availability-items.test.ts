import type { CartItem } from '@visita/domain/cart-item';
import { describe, expect, it } from 'vitest';
import { availabilityItems } from './availability-items.ts';

const exam = (id: number): CartItem =>
  ({ id, name: `Examen ${id}`, type: 'measure', price: 1000 }) as CartItem;

describe('the availability call asks for', () => {
  it("the cart's services, then the partner's fixed services, each once", () => {
    const cart = { items: { 3: exam(3), 9: exam(9) } };
    expect(availabilityItems(cart)).toEqual([3, 9]);
    expect(availabilityItems(cart, [500, 3])).toEqual([3, 9, 500]);
  });
});
