import { type ReactNode, useEffect } from 'react';
import { QueryProvider } from '../api/query-provider.tsx';
import { useWidgetStores } from '../stores/widget-stores.tsx';
import { OperativeGate } from '../ui/operative-gate.tsx';
import { loadFromQuery } from './load-from-query.ts';

/**
 * Around every step, loaded after the entry: the instance's query cache, the start of the
 * session from the query (once), and the operative wrapper.
 */
export function StepFrame({ children }: { children: ReactNode }) {
  const stores = useWidgetStores();
  useEffect(() => {
    void loadFromQuery(stores, window.location.search).finally(() =>
      stores.session.getState().update({ startLoaded: true }),
    );
  }, [stores]);
  return (
    <QueryProvider>
      <OperativeGate>{children}</OperativeGate>
    </QueryProvider>
  );
}
