import { createContext, type ReactNode, useContext, useState } from 'react';
import { type StoreApi, useStore } from 'zustand';
import { type CartStore, createCartStore } from './cart-store.ts';
import { createFlowStore, type FlowStore } from './flow-store.ts';
import { createLocaleStore, type LocaleStore } from './locale-store.ts';
import { createPriceStore, type PriceStore } from './price-store.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';
import { createToastStore, type ToastStore } from './toast-store.ts';

export interface WidgetStores {
  session: StoreApi<SessionStore>;
  flow: StoreApi<FlowStore>;
  cart: StoreApi<CartStore>;
  price: StoreApi<PriceStore>;
  locale: StoreApi<LocaleStore>;
  toast: StoreApi<ToastStore>;
}

export function createWidgetStores(clientId: string | null): WidgetStores {
  return {
    session: createSessionStore(clientId),
    flow: createFlowStore(),
    cart: createCartStore(),
    price: createPriceStore(),
    locale: createLocaleStore(),
    toast: createToastStore(),
  };
}

const WidgetStoresContext = createContext<WidgetStores | null>(null);

/**
 * Creates this widget instance's stores. Two widgets on one page each get their own provider
 * and so never share a cart, a session or a step.
 */
export function WidgetStoresProvider({
  clientId,
  stores: given,
  children,
}: {
  clientId: string | null;
  /** Stores made beforehand (component tests seed them); by default, new ones. */
  stores?: WidgetStores;
  children: ReactNode;
}) {
  const [stores] = useState<WidgetStores>(() => given ?? createWidgetStores(clientId));
  return <WidgetStoresContext.Provider value={stores}>{children}</WidgetStoresContext.Provider>;
}

/** The raw stores, for reading the latest state inside callbacks (`stores.cart.getState()`). */
export function useWidgetStores(): WidgetStores {
  const stores = useContext(WidgetStoresContext);
  if (!stores) throw new Error('useWidgetStores must be used inside WidgetStoresProvider');
  return stores;
}

export function useSession<T>(selector: (state: SessionStore) => T): T {
  return useStore(useWidgetStores().session, selector);
}

export function useFlow<T>(selector: (state: FlowStore) => T): T {
  return useStore(useWidgetStores().flow, selector);
}

export function useCart<T>(selector: (state: CartStore) => T): T {
  return useStore(useWidgetStores().cart, selector);
}

export function usePrice<T>(selector: (state: PriceStore) => T): T {
  return useStore(useWidgetStores().price, selector);
}

export function useLocale<T>(selector: (state: LocaleStore) => T): T {
  return useStore(useWidgetStores().locale, selector);
}

export function useToasts<T>(selector: (state: ToastStore) => T): T {
  return useStore(useWidgetStores().toast, selector);
}
