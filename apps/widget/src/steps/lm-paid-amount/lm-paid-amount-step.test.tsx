import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { APOQUINDO_ADDRESS, createAppointment } from '../../test-support/api-bookings.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { clientConfig, renderStep } from '../../test-support/render-step.tsx';
import { LmPaidAmountStep } from './lm-paid-amount-step.tsx';

const api = withRealApi();
const STAFF_TOKEN = 'demo-laas-lm-token';

let restore: (() => void) | null = null;

/** The bodies of the widget's calls to `path`, while the test watches. */
function watchBodies(path: RegExp): unknown[] {
  const bodies: unknown[] = [];
  const inner = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (path.test(new URL(request.url).pathname)) bodies.push(await request.clone().json());
    return inner(request);
  };
  restore = () => {
    globalThis.fetch = inner;
  };
  return bodies;
}
afterEach(() => {
  restore?.();
  restore = null;
});

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const amount = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

describe("'Monto a Pagar'", () => {
  it('asks for the subtotal before going on, on the field, and stays', async () => {
    const { stores } = renderStep(<LmPaidAmountStep />, { step: 'lm-paid-amount' });
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('El subtotal es obligatorio');
    expect(amount('Subtotal').getAttribute('aria-invalid')).toBe('true');
    expect(stores.flow.getState().step).toBe('lm-paid-amount');
  });

  it('computes the IVA and the total on the subtotal less the discount: 19 % in Chile, in whole pesos', async () => {
    renderStep(<LmPaidAmountStep />, { step: 'lm-paid-amount', client: clientConfig({ country: 'cl' }) });
    await userEvent.type(amount('Subtotal'), '10000');
    await userEvent.type(amount('Promoción / Descuento (monto)'), '1000');
    expect(field('IVA').value).toBe('$1.710');
    expect(field('Total').value).toBe('$10.710');
    await userEvent.clear(amount('Subtotal'));
    await userEvent.type(amount('Subtotal'), '1999');
    await userEvent.clear(amount('Promoción / Descuento (monto)'));
    expect(field('IVA').value).toBe('$380');
    expect(field('Total').value).toBe('$2.379');
  });

  it('computes the IVA at 16 % in Mexico, to the cent', async () => {
    renderStep(<LmPaidAmountStep />, { step: 'lm-paid-amount', client: clientConfig({ country: 'mx' }) });
    await userEvent.type(amount('Subtotal'), '1000.5');
    await userEvent.type(amount('Promoción / Descuento (monto)'), '100');
    expect(field('IVA').value).toBe('$144.08');
    expect(field('Total').value).toBe('$1,044.58');
  });

  it('refuses a discount over the subtotal as it is typed, and more than two decimals', async () => {
    renderStep(<LmPaidAmountStep />, { step: 'lm-paid-amount' });
    await userEvent.type(amount('Subtotal'), '5000');
    await userEvent.type(amount('Promoción / Descuento (monto)'), '6000');
    expect(screen.getByRole('alert').textContent).toBe('El descuento no puede ser mayor al subtotal');
    await userEvent.clear(amount('Promoción / Descuento (monto)'));
    await userEvent.type(amount('Promoción / Descuento (monto)'), '1.005');
    expect(screen.getByRole('alert').textContent).toBe('El monto puede tener como máximo 2 decimales');
    expect(field('Total').value).toBe('$0');
  });
});

describe("'Monto a Pagar' for a last-mile client", () => {
  it("records the appointment's folio with the total as its last-mile amount (PATCH last-mile/), then goes on", async () => {
    const headers = { authorization: `Bearer ${STAFF_TOKEN}` };
    const booking = await createAppointment(
      api,
      {
        client_id: 'demo-laas-lm',
        sales_source: 'demo-laas',
        section_origin: 'laas',
        last_mile: { folio: 'F-2024-77', amount: null },
      },
      headers,
    );
    const lastMile = watchBodies(/\/appointments\/[^/]+\/last-mile\/$/);
    const { stores } = renderStep(<LmPaidAmountStep />, {
      step: 'lm-paid-amount',
      stepList: ['origin', 'lm-paid-amount', 'confirmation'],
      client: await api.clientConfig('demo-laas-lm'),
      session: {
        origin: 'laas',
        apiToken: STAFF_TOKEN,
        appointmentId: booking.id,
        appointmentToken: booking.token,
        addressData: { ...APOQUINDO_ADDRESS, lastMileFolio: 'F-2024-77' },
      },
    });
    await userEvent.type(amount('Subtotal'), '10000');
    await userEvent.type(amount('Promoción / Descuento (monto)'), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(stores.flow.getState().step).toBe('confirmation'), { timeout: 8000 });
    // Chile: 9.000 plus 19 % IVA.
    expect(lastMile).toEqual([{ folio: 'F-2024-77', amount: 10710 }]);
    expect(api.requests).toContain(`PATCH /api/appointments/${booking.id}/last-mile/`);
  });

  it('sends no last-mile call for a client that is not last-mile', async () => {
    const booking = await createAppointment(api);
    const lastMile = watchBodies(/\/last-mile\/$/);
    const { stores } = renderStep(<LmPaidAmountStep />, {
      step: 'lm-paid-amount',
      stepList: ['lm-paid-amount', 'confirmation'],
      client: await api.clientConfig('demo'),
      session: { appointmentId: booking.id, appointmentToken: booking.token, addressData: APOQUINDO_ADDRESS },
    });
    await userEvent.type(amount('Subtotal'), '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(stores.flow.getState().step).toBe('confirmation'), { timeout: 8000 });
    expect(lastMile).toEqual([]);
  });
});
