import type { CartItem } from '@visita/domain/cart-item';
import { DEFAULT_STEP_LIST } from '@visita/domain/steps';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cartActions } from '../../stores/cart-actions.ts';
import { createWidgetStores } from '../../stores/widget-stores.tsx';
import { APOQUINDO_ADDRESS, createAppointment, HEMOGRAMA_ID } from '../../test-support/api-bookings.ts';
import { button } from '../../test-support/booking-actions.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { DateStep } from './date-step.tsx';

const api = withRealApi();

const HEMOGRAMA = { id: HEMOGRAMA_ID, name: 'Hemograma', price: 8990, type: 'panel' } as CartItem;

/**
 * The network between the widget and the API fails for the paths `down` matches (what a dropped
 * connection does); every other call reaches the real API. The error reports sent are kept.
 */
function networkDownFor(down: (request: Request) => boolean) {
  const reports: { origin: string; status: number; context: { path: string } }[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (down(request)) throw new TypeError('Failed to fetch');
    if (new URL(request.url).pathname === '/api/v2/errors/') reports.push(JSON.parse(String(init?.body)));
    return realFetch(input, init);
  };
  restore = () => {
    globalThis.fetch = realFetch;
  };
  return reports;
}
let restore = () => undefined as void;
afterEach(() => restore());

async function renderDate() {
  const booking = await createAppointment(api);
  const stores = createWidgetStores('demo');
  cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
  renderStep(<DateStep />, {
    step: 'date',
    stepList: DEFAULT_STEP_LIST,
    client: await api.clientConfig('demo'),
    stores,
    toasts: true,
    session: { addressData: APOQUINDO_ADDRESS, appointmentId: booking.id, appointmentToken: booking.token },
  });
  return { booking, stores };
}

describe("'Fecha y hora de atención' reports the failures it meets to the error endpoint", () => {
  it('reports an availability call that got no answer, with its path only', async () => {
    const reports = networkDownFor(
      (request) => new URL(request.url).pathname === '/api/v2/time-availability/',
    );
    await renderDate();
    expect(await screen.findByText('No hay disponibilidad', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(reports.length).toBeGreaterThan(0));
    expect(reports[0]).toMatchObject({
      origin: 'availability',
      status: 500,
      context: { path: '/api/v2/time-availability/' },
    });
    // The query (the appointment, the address's commune) is never in the report.
    expect(JSON.stringify(reports)).not.toContain('Las Condes');
  });

  it('reports a hold that got no answer (a taken time, 409, is not reported)', async () => {
    const reports = networkDownFor((request) => /\/schedule\/$/.test(new URL(request.url).pathname));
    const { booking, stores } = await renderDate();
    await waitFor(() => expect(document.querySelector('.visita-time[aria-pressed="true"]')).not.toBeNull(), {
      timeout: 8000,
    });
    await userEvent.click(button('Continuar'));
    await waitFor(() => expect(reports).toHaveLength(1), { timeout: 8000 });
    expect(reports[0]).toMatchObject({
      origin: 'block-hold',
      status: 500,
      context: { path: `/api/v2/appointments/${booking.id}/schedule/` },
    });
    expect(stores.flow.getState().step).toBe('date');
  });
});
