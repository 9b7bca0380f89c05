import type { ClientConfig } from '@visita/domain/contract/client-config';
import { formatCurrency } from '@visita/domain/money';
import { DEFAULT_STEP_LIST } from '@visita/domain/steps';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { APOQUINDO_ADDRESS, finalizedBooking } from '../../test-support/api-bookings.ts';
import { button, TEST_VISA, textbox } from '../../test-support/booking-actions.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { PaymentStep } from './payment-step.tsx';

const api = withRealApi();
let demo: ClientConfig;

beforeAll(async () => {
  demo = await api.clientConfig('demo');
});

async function renderPayment(client = demo, booking?: { id: string; token: string }) {
  const { id, token } = booking ?? (await finalizedBooking(api));
  const rendered = renderStep(<PaymentStep />, {
    step: 'payment',
    stepList: DEFAULT_STEP_LIST,
    client,
    session: { addressData: APOQUINDO_ADDRESS, appointmentId: id, appointmentToken: token },
  });
  return { ...rendered, id, token };
}

const continueButton = () => button('Continuar') as HTMLButtonElement;
const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

async function fillCard(holder: string) {
  await userEvent.type(textbox('Número de tarjeta'), TEST_VISA);
  await userEvent.type(textbox('Nombre del titular'), holder);
  await userEvent.type(textbox('Vencimiento (MM/AA)'), '1130');
  await userEvent.type(textbox('CVC'), '123');
}

describe("'Método de pago', against the real API and its card sandbox", () => {
  it('charges what the API says is owed, says why a card was rejected, and goes on once one is approved', async () => {
    const { stores, id, token } = await renderPayment();
    const owed = await api.call<{ data: { appointment: { net_price: number; payment_at_home: number } } }>(
      'GET',
      `/api/payments/appointments/${id}/payment_summary/`,
      { headers: { 'x-appointment-token': token } },
    );
    const { net_price, payment_at_home } = owed.body.data.appointment;
    const total = formatCurrency(net_price - payment_at_home, 'cl');
    expect(
      (await screen.findByText('Total a pagar:', {}, { timeout: 5000 })).parentElement?.textContent,
    ).toBe(`Total a pagar: ${total}`);
    await userEvent.click(button('Tarjeta de crédito'));
    await fillCard('FUND');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await userEvent.click(continueButton());
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toBe(
      'Pago rechazado por fondos insuficientes.',
    );
    expect(stores.flow.getState().step).toBe('payment');
    await userEvent.clear(textbox('Nombre del titular'));
    await userEvent.type(textbox('Nombre del titular'), 'APRO');
    await userEvent.click(continueButton());
    await waitFor(() => expect(stores.flow.getState().step).toBe('success'), { timeout: 8000 });
  });

  it("names each card field's problem once the field is left, and keeps 'Continuar' off until the card is whole", async () => {
    await renderPayment();
    await userEvent.click(button('Tarjeta de débito'));
    await userEvent.type(textbox('Número de tarjeta'), '4509 1234');
    await userEvent.tab();
    expect(messageOf(textbox('Número de tarjeta'))).toBe('Número de tarjeta incorrecto');
    await userEvent.click(textbox('Nombre del titular'));
    await userEvent.tab();
    expect(messageOf(textbox('Nombre del titular'))).toBe('Nombre de titular incorrecto');
    await userEvent.type(textbox('Vencimiento (MM/AA)'), '0120');
    await userEvent.tab();
    expect(messageOf(textbox('Vencimiento (MM/AA)'))).toBe('Expiración vencida');
    await userEvent.type(textbox('CVC'), '1');
    await userEvent.tab();
    expect(messageOf(textbox('CVC'))).toBe('CVC está incompleto');
    expect(continueButton().disabled).toBe(true);
    // Closing the open option leaves no method chosen.
    await userEvent.click(button('Tarjeta de débito'));
    expect(screen.queryByRole('textbox', { name: 'Número de tarjeta' })).toBeNull();
    expect(continueButton().disabled).toBe(true);
  });

  it('confirms by itself, without a card, for a partner that collects the visit itself', async () => {
    const clinic = await api.clientConfig('clinicaalemana');
    const booking = await finalizedBooking(api, {
      overrides: { client_id: 'clinicaalemana', sales_source: 'clinicaalemana' },
    });
    const { stores } = await renderPayment(clinic, booking);
    expect(screen.queryByRole('button', { name: 'Tarjeta de crédito' })).toBeNull();
    await waitFor(() => expect(stores.flow.getState().step).toBe('success'), { timeout: 8000 });
    const view = await api.call<{ status: string }>('GET', `/api/v2/appointments/${booking.id}/booking/`, {
      headers: { 'x-appointment-token': booking.token },
    });
    expect(view.body.status).toBe('confirmed');
  });
});
