import {
  type AddItemOptions,
  addItem,
  addItems,
  addPatient,
  type Cart,
  type CartChange,
  type CartPatientInfo,
  clearCart,
  moveItem,
  removeAllPatients,
  removeItem,
  removeItems,
  removePatient,
  setClientChecked,
  setFonasaTier,
  setInsurance,
  setPatientInfo,
  updateItems,
} from '@visita/domain/cart';
import type { CartItem, ItemId } from '@visita/domain/cart-item';
import type { FonasaTier, Insurance } from '@visita/domain/insurance';
import type { StoreApi } from 'zustand';
import type { CartStore } from './cart-store.ts';
import { useWidgetStores } from './widget-stores.tsx';

/** The cart operations: each a pure function of packages/domain whose result the store keeps. */
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
  setFonasaTier(index: number, tier: FonasaTier, commune?: string | null): void;
  moveItem(id: ItemId, from: number, to: number, position: number): void;
  updateItems(items: readonly CartItem[]): void;
  setClientChecked(index: number, id: ItemId, checked: boolean): void;
  clear(): void;
}

const bound = new WeakMap<StoreApi<CartStore>, CartActions>();

/** The operations on one widget's cart store (the same object for the same store). */
export function cartActions(store: StoreApi<CartStore>): CartActions {
  const known = bound.get(store);
  if (known) return known;
  const get = () => store.getState().cart;
  const apply = (cart: Cart) => store.setState({ cart });
  const actions: CartActions = {
    addItem: (item, options) => {
      const change = addItem(get(), item, options);
      if (change.ok) apply(change.cart);
      return change;
    },
    addItems: (items, options) => apply(addItems(get(), items, options).cart),
    removeItem: (id, patientIndex) => apply(removeItem(get(), id, patientIndex)),
    removeItems: (ids) => apply(removeItems(get(), ids)),
    removeAllPatients: () => apply(removeAllPatients(get())),
    addPatient: (info) => apply(addPatient(get(), info ?? null)),
    removePatient: (index) => apply(removePatient(get(), index)),
    setPatientInfo: (index, info) => apply(setPatientInfo(get(), index, info)),
    setInsurance: (index, insurance, commune) => apply(setInsurance(get(), index, insurance, commune)),
    setFonasaTier: (index, tier, commune) => apply(setFonasaTier(get(), index, tier, commune)),
    moveItem: (id, from, to, position) => apply(moveItem(get(), id, from, to, position)),
    updateItems: (items) => apply(updateItems(get(), items)),
    setClientChecked: (index, id, checked) => apply(setClientChecked(get(), index, id, checked)),
    clear: () => apply(clearCart()),
  };
  bound.set(store, actions);
  return actions;
}

/** This widget instance's cart operations, for components. */
export function useCartActions(): CartActions {
  return cartActions(useWidgetStores().cart);
}
