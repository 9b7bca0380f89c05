import type { Cart } from './cart.ts';

/**
 * The new cart (one patient, no items, particular insurance) as a literal, without cart.ts's
 * operations: the widget creates its cart store on its first screen, and the operations load
 * with the steps that change the cart. cart-empty.test.ts keeps it equal to createCart().
 */
export function emptyCart(): Cart {
  return {
    items: {},
    patients: [
      {
        patient: null,
        insurance: 'particular',
        items: [],
        clientCheckedItemsIds: [],
        itemsAmount: 0,
        itemsPrice: 0,
      },
    ],
    itemsAmount: 0,
    patientsAmount: 1,
    categories: [],
    tags: [],
    slugs: [],
    includeFonasaItems: false,
    patientWithFonasaAmount: 0,
  };
}
