import { type ReactNode, useLayoutEffect } from 'react';
import { QueryProvider } from '../api/query-provider.tsx';
import { useFlow, useWidgetStores } from '../stores/widget-stores.tsx';
import { OperativeGate } from '../ui/operative-gate.tsx';
import { loadFromQuery } from './load-from-query.ts';
import { StepErrorBoundary, useUnexpectedFailureToast } from './unexpected-failures.tsx';

/**
 * Around every step, loaded after the entry: the instance's query cache, the start of the
 * session from the query (once), and the operative wrapper.
 */
export function StepFrame({ children }: { children: ReactNode }) {
  const stores = useWidgetStores();
  const step = useFlow((state) => state.step);
  useUnexpectedFailureToast();
  // Before the first paint: the query's step list and step replace the default at once.
  useLayoutEffect(() => {
    void loadFromQuery(stores, window.location.search).finally(() =>
      stores.session.getState().update({ startLoaded: true }),
    );
  }, [stores]);
  return (
    <QueryProvider>
      <OperativeGate>
        {/* A new step starts with a clean slate. */}
        <StepErrorBoundary key={step} toast={stores.toast}>
          {children}
        </StepErrorBoundary>
      </OperativeGate>
    </QueryProvider>
  );
}
