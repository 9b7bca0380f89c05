import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { Step } from '@visita/domain/steps';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
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

/**
 * Renders a step inside its own widget stores, seeded as the test says, and returns the stores so
 * the test can read where navigation went (`stores.flow.getState().step`).
 */
export function renderStep(
  ui: ReactElement,
  {
    step,
    stepList,
    client = clientConfig(),
  }: { step: Step; stepList?: readonly Step[]; client?: ClientConfig },
): { stores: WidgetStores } {
  const stores = createWidgetStores(client.id);
  stores.session.getState().setClient(client);
  if (stepList) stores.flow.getState().setStepList(stepList, step);
  else stores.flow.setState({ step });
  render(
    <WidgetStoresProvider clientId={client.id} stores={stores}>
      {ui}
    </WidgetStoresProvider>,
  );
  return { stores };
}
