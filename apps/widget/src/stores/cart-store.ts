import type { Cart } from '@visita/domain/cart';
import { emptyCart } from '@visita/domain/cart-empty';
import { createStore } from 'zustand/vanilla';

/**
 * The cart, one per widget instance. It only keeps the cart: the operations
 * (stores/cart-actions.ts, pure functions of packages/domain) load with the steps that change it,
 * so the first screen does not download them.
 */
export type CartStore = { cart: Cart };

export function createCartStore() {
  return createStore<CartStore>()(() => ({ cart: emptyCart() }));
}
