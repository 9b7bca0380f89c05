import { createContext, type ReactNode, useContext, useState } from 'react';
import { type StoreApi, useStore } from 'zustand';
import { createFlowStore, type FlowStore } from './flow-store.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

interface WidgetStores {
  session: StoreApi<SessionStore>;
  flow: StoreApi<FlowStore>;
}

const WidgetStoresContext = createContext<WidgetStores | null>(null);

/**
 * Creates this widget instance's stores. Two widgets on one page each get their own provider
 * and so never share a cart, a session or a step.
 */
export function WidgetStoresProvider({
  clientId,
  children,
}: {
  clientId: string | null;
  children: ReactNode;
}) {
  const [stores] = useState<WidgetStores>(() => ({
    session: createSessionStore(clientId),
    flow: createFlowStore(),
  }));
  return <WidgetStoresContext.Provider value={stores}>{children}</WidgetStoresContext.Provider>;
}

function useStores(): WidgetStores {
  const stores = useContext(WidgetStoresContext);
  if (!stores) throw new Error('useWidgetStore must be used inside WidgetStoresProvider');
  return stores;
}

export function useSession<T>(selector: (state: SessionStore) => T): T {
  return useStore(useStores().session, selector);
}

export function useFlow<T>(selector: (state: FlowStore) => T): T {
  return useStore(useStores().flow, selector);
}
