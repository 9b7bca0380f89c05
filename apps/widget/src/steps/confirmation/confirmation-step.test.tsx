import type { CartItem } from '@visita/domain/cart-item';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { DEFAULT_STEP_LIST, LAAS_STEP_LIST, type Step } from '@visita/domain/steps';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartActions } from '../../stores/cart-actions.ts';
import type { SessionState } from '../../stores/session-store.ts';
import { createWidgetStores } from '../../stores/widget-stores.tsx';
import {
  APOQUINDO_ADDRESS,
  type Booking,
  finalizedBooking,
  HEMOGRAMA_ID,
} from '../../test-support/api-bookings.ts';
import { button } from '../../test-support/booking-actions.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { ConfirmationStep } from './confirmation-step.tsx';

const api = withRealApi();
let demo: ClientConfig;

beforeAll(async () => {
  demo = await api.clientConfig('demo');
});

const HEMOGRAMA = {
  id: HEMOGRAMA_ID,
  name: 'Hemograma',
  price: 8990,
  type: 'panel',
  fast_hours: 0,
} as CartItem;

function renderConfirmation(
  booking: Booking,
  {
    client = demo,
    stepList = DEFAULT_STEP_LIST,
    session = {},
  }: { client?: ClientConfig; stepList?: readonly Step[]; session?: Partial<SessionState> } = {},
) {
  const stores = createWidgetStores(client.id);
  cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
  return renderStep(<ConfirmationStep />, {
    step: 'confirmation',
    stepList,
    client,
    stores,
    toasts: true,
    session: {
      addressData: APOQUINDO_ADDRESS,
      appointmentId: booking.id,
      appointmentToken: booking.token,
      patientsSavedFor: booking.id,
      ...session,
    },
  });
}

const storedPatients = async (booking: Booking) =>
  (
    await api.call<{ patients: { is_fonasa: boolean }[] }>('GET', `/api/v2/appointments/${booking.id}/`, {
      headers: { 'x-appointment-token': booking.token },
    })
  ).body.patients;

describe("'Confirma tu cita', against the real API", () => {
  it('shows the address, the services and, read back from the API, when and for whom; then goes to pay', async () => {
    const booking = await finalizedBooking(api);
    const purchases: unknown[] = [];
    const onPurchase = (event: Event) => purchases.push((event as CustomEvent).detail);
    window.addEventListener('visita:purchase', onPurchase);
    const { stores } = renderConfirmation(booking);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirma tu cita' })).toBeTruthy();

    expect(screen.getByText(/^Avenida Apoquindo 4500, Las Condes/)).toBeTruthy();
    expect(screen.getByText('Hemograma')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('confirmation-patients').textContent).toBe('Valentina Morales Díaz'),
    );
    expect(screen.getByTestId('confirmation-when').textContent).toMatch(/\d/);
    // Confirmed before the quote came back.
    expect(stores.price.getState().isLoadingPrice).toBe(true);
    await userEvent.click(button('Continuar'));
    await waitFor(() => expect(stores.flow.getState().step).toBe('payment'), { timeout: 5000 });
    window.removeEventListener('visita:purchase', onPurchase);
    // The purchase, for analytics: ids and amounts, nothing about the patient; its total is the
    // quote's even when the person confirmed before the quote came back.
    expect(stores.price.getState().cartPrice).toBeGreaterThan(0);
    expect(purchases).toEqual([
      {
        appointmentId: booking.id,
        currency: 'CLP',
        total: stores.price.getState().cartPrice,
        items: [{ id: String(HEMOGRAMA_ID), price: 8990, quantity: 1 }],
      },
    ]);
  });

  it("asks a Fonasa patient's tier, and saves Fonasa on the stored patients", async () => {
    const booking = await finalizedBooking(api);
    const { stores } = renderConfirmation(booking);
    await userEvent.click(screen.getByRole('radio', { name: 'Fonasa' }));
    const tier = screen.getByRole('combobox', { name: 'Tramo Fonasa' }) as HTMLSelectElement;
    await userEvent.click(button('Continuar'));
    expect(document.getElementById(tier.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Selecciona tu tramo de Fonasa',
    );
    expect(stores.flow.getState().step).toBe('confirmation');
    await userEvent.selectOptions(tier, 'C');
    await userEvent.click(button('Continuar'));
    await waitFor(() => expect(stores.flow.getState().step).toBe('payment'), { timeout: 8000 });
    expect(await storedPatients(booking)).toEqual([expect.objectContaining({ is_fonasa: true })]);
  });

  it('shows at once the amounts of the quote an earlier step already has, without a new wait', async () => {
    const booking = await finalizedBooking(api);
    // The first time the cart is quoted, the amounts wait for the answer.
    const { stores } = renderConfirmation(booking);
    expect(screen.getAllByText('Espere...').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByText('Espere...')).toBeNull(), { timeout: 5000 });
    const total = screen.getByRole('table').textContent;
    expect(total).toMatch(/\$\s?\d/);
    cleanup();
    // The same cart, coupon and address on the next screen: the known amounts, straight away.
    renderStep(<ConfirmationStep />, { step: 'confirmation', client: demo, stores });
    expect(screen.queryByText('Espere...')).toBeNull();
    expect(screen.getByRole('table').textContent).toBe(total);
  });

  it("goes back to the address with 'Editar'", async () => {
    const booking = await finalizedBooking(api);
    const { stores } = renderConfirmation(booking);
    await userEvent.click(screen.getByRole('button', { name: 'Editar Dirección' }));
    expect(stores.flow.getState().step).toBe('address');
  });

  it('sends a booking whose patients were not saved yet to the patient step, saying so', async () => {
    const booking = await finalizedBooking(api);
    const { stores } = renderConfirmation(booking, { session: { patientsSavedFor: null } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Falta el paciente de la cita: selecciónalo o ingresa sus datos antes de confirmar.',
    );
    await userEvent.click(button('Continuar'));
    expect(stores.flow.getState().step).toBe('patient');
  });

  it('confirms a staff booking there, without a payment step, and goes to the success screen', async () => {
    const staff = await api.clientConfig('demo-laas');
    const booking = await finalizedBooking(api, {
      overrides: { client_id: 'demo-laas', sales_source: 'demo-laas' },
    });
    const { stores } = renderConfirmation(booking, {
      client: staff,
      stepList: LAAS_STEP_LIST,
      session: { origin: 'laas', apiToken: 'demo-laas-token' },
    });
    await userEvent.click(button('Continuar'));
    await waitFor(() => expect(stores.flow.getState().step).toBe('success'), { timeout: 8000 });
    const view = await api.call<{ status: string }>('GET', `/api/v2/appointments/${booking.id}/booking/`, {
      headers: { 'x-appointment-token': booking.token },
    });
    expect(view.body.status).toBe('confirmed');
  });
});
