import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { Step } from '@visita/domain/steps';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from '../components/toaster.tsx';
import type { SessionState } from '../stores/session-store.ts';
import { createWidgetStores, type WidgetStores, WidgetStoresProvider } from '../stores/widget-stores.tsx';

/** A client configuration with the fields the steps read; each test overrides what it states. */
export function clientConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    id: 'demo',
    name: 'Demo Salud',
    country: 'cl',
    sales_source: 'marketplace',
    receivers: [],
    origins: [],
    steps: [],
    ...overrides,
  } as ClientConfig;
}

/** A query cache of its own for one render, without retries: a failed call shows at once. */
function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * Renders a step inside its own widget stores, seeded as the test says, with its own query cache
 * (and, with `toasts`, the toaster the wizard shows beside the steps), and returns the stores so
 * the test can read where navigation went (`stores.flow.getState().step`).
 */
export function renderStep(
  ui: ReactElement,
  {
    step,
    stepList,
    client = clientConfig(),
    session,
    stores = createWidgetStores(client.id),
    toasts = false,
  }: {
    step: Step;
    stepList?: readonly Step[];
    client?: ClientConfig;
    /** Session fields as earlier steps would have left them (the address, the appointment...). */
    session?: Partial<SessionState>;
    /** Stores prepared beforehand (a cart filled as the services step would). */
    stores?: WidgetStores;
    toasts?: boolean;
  },
): { stores: WidgetStores } {
  stores.session.getState().setClient(client);
  if (session) stores.session.getState().update(session);
  if (stepList) stores.flow.getState().setStepList(stepList, step);
  else stores.flow.setState({ step });
  render(
    <WidgetStoresProvider clientId={client.id} stores={stores}>
      <QueryClientProvider client={testQueryClient()}>
        {ui}
        {toasts ? <Toaster /> : null}
      </QueryClientProvider>
    </WidgetStoresProvider>,
  );
  return { stores };
}
