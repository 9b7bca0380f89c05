import {
  type AddItemOptions,
  addItem,
  addItems,
  addPatient,
  type Cart,
  type CartChange,
  type CartPatientInfo,
  clearCart,
  createCart,
  moveItem,
  removeAllPatients,
  removeItem,
  removeItems,
  removePatient,
  setClientChecked,
  setInsurance,
  setPatientInfo,
  updateItems,
} from '@visita/domain/cart';
import type { CartItem, ItemId } from '@visita/domain/cart-item';
import type { Insurance } from '@visita/domain/insurance';
import { createStore } from 'zustand/vanilla';

/**
 * The cart of spec part 1 §3-4, one per widget instance. Every operation is a pure function of
 * packages/domain; the store only keeps the result, so derived values are always recomputed.
 */
export interface CartActions {
  /** Adds an item; answers the domain's refusal reason when it is refused. */
  addItem(item: CartItem | null | undefined, options?: AddItemOptions): CartChange;
  addItems(items: readonly CartItem[], options?: { reset?: boolean }): void;
  removeItem(id: ItemId, patientIndex?: number): void;
  removeItems(ids: readonly ItemId[]): void;
  removeAllPatients(): void;
  addPatient(info?: CartPatientInfo | null): void;
  removePatient(index?: number): void;
  setPatientInfo(index: number, info: CartPatientInfo | null): void;
  setInsurance(index: number, insurance: Insurance, commune?: string | null): void;
  moveItem(id: ItemId, from: number, to: number, position: number): void;
  updateItems(items: readonly CartItem[]): void;
  setClientChecked(index: number, id: ItemId, checked: boolean): void;
  clear(): void;
}

export type CartStore = { cart: Cart } & CartActions;

export function createCartStore() {
  return createStore<CartStore>()((set, get) => {
    const apply = (cart: Cart) => set({ cart });
    return {
      cart: createCart(),
      addItem: (item, options) => {
        const change = addItem(get().cart, item, options);
        if (change.ok) apply(change.cart);
        return change;
      },
      addItems: (items, options) => apply(addItems(get().cart, items, options).cart),
      removeItem: (id, patientIndex) => apply(removeItem(get().cart, id, patientIndex)),
      removeItems: (ids) => apply(removeItems(get().cart, ids)),
      removeAllPatients: () => apply(removeAllPatients(get().cart)),
      addPatient: (info) => apply(addPatient(get().cart, info ?? null)),
      removePatient: (index) => apply(removePatient(get().cart, index)),
      setPatientInfo: (index, info) => apply(setPatientInfo(get().cart, index, info)),
      setInsurance: (index, insurance, commune) => apply(setInsurance(get().cart, index, insurance, commune)),
      moveItem: (id, from, to, position) => apply(moveItem(get().cart, id, from, to, position)),
      updateItems: (items) => apply(updateItems(get().cart, items)),
      setClientChecked: (index, id, checked) => apply(setClientChecked(get().cart, index, id, checked)),
      clear: () => apply(clearCart()),
    };
  });
}
