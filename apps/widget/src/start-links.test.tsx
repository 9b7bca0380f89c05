import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import { confirmedBooking, createAppointment, GLICEMIA_ID } from './test-support/api-bookings.ts';
import { button, openPage } from './test-support/booking-actions.ts';
import { withRealApi } from './test-support/real-api.ts';

const api = withRealApi();
const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

/** Opens the widget at `path` (the client id first, then the query), as a link would. */
function open(path: string) {
  openPage(path);
  return render(<App clientId={path.split(/[/?]/)[1] ?? null} />);
}

afterEach(() => openPage('/'));

describe('what the widget opens from its address', () => {
  it('says the client id is missing, or not valid, instead of a wizard', async () => {
    render(<App clientId={null} />);
    expect(screen.getByText('Se requiere un identificador de cliente.')).toBeTruthy();
    open('/no-such-partner');
    expect(
      await screen.findByText('El identificador de cliente no es válido.', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByText('no-such-partner')).toBeTruthy();
  });

  it('resumes a services link with its coupon: the service, the coupon applied, then the address checks them', async () => {
    open(`/demo?services=${GLICEMIA_ID}&coupon=bienvenida10`);
    await heading('Tu carrito');
    expect(screen.getByText('Glicemia')).toBeTruthy();
    // The coupon arrived with a cart: it is validated at once, upper-cased.
    await waitFor(
      () => expect(screen.getByTestId('resume-coupon').textContent).toMatch(/^Cupón BIENVENIDA10: aplicado/),
      { timeout: 8000 },
    );
    expect(screen.queryByRole('button', { name: 'Volver' })).toBeNull();
    await userEvent.click(button('Continuar'));
    await heading('¿Dónde te visitamos?');
    expect(screen.getByText('Confirmaremos la disponibilidad de tus servicios con ella')).toBeTruthy();
  });

  it("resumes the demo's prebuilt cart: its items and coupon, then the date at its appointment's address, the address step skipped", async () => {
    open('/demo?cart-maker=demo-cart');
    await heading('Tu carrito');
    for (const name of ['Hemograma', 'Perfil lipídico', 'Chequeo preventivo'])
      expect(screen.getByText(name, { exact: true })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('resume-coupon').textContent).toContain('BIENVENIDA10'));
    await userEvent.click(button('Continuar'));
    // Its appointment brought the address: the date step follows the resume, and goes back to it.
    await waitFor(() => expect(document.querySelector('[data-step="date"]')).not.toBeNull(), {
      timeout: 15_000,
    });
    expect(screen.queryByRole('heading', { name: '¿Dónde te visitamos?' })).toBeNull();
    await userEvent.click(button('Volver'));
    await heading('Tu carrito');
  });

  it("opens an appointment's link with its token on that appointment, at its address", async () => {
    const booking = await createAppointment(api);
    open(`/demo?appointment=${booking.id}&token=${encodeURIComponent(booking.token)}`);
    // The link continues that appointment, in the scheduled-appointment wording, then its address.
    await heading('Tu cita a domicilio');
    expect(screen.getByText('Revisa y completa los datos de tu cita agendada.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tu carrito' })).toBeNull();
    await userEvent.click(button('Continuar'));
    await heading('¿Dónde te visitamos?');
    const address = screen.getByRole('combobox', { name: 'Dirección' }) as HTMLInputElement;
    await waitFor(() => expect(address.value).toMatch(/Apoquindo 4500/));
    expect(screen.queryByText('El enlace de la cita no es válido.')).toBeNull();
  });

  it('says a link without its token, or with a wrong one, is not valid, with no way on', async () => {
    const booking = await createAppointment(api);
    const wrong = `${booking.token.startsWith('A') ? 'B' : 'A'}${booking.token.slice(1)}`;
    for (const query of [`appointment=${booking.id}`, `appointment=${booking.id}&token=${wrong}`]) {
      const { unmount } = open(`/demo?${query}`);
      await heading('El enlace de la cita no es válido.');
      expect(
        screen.getByText(
          'Revisa que hayas abierto el enlace completo que recibiste, o pide uno nuevo a quien te lo envió.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
      unmount();
    }
  });

  it("opens a confirmed booking's e-mail link on 'Tu reserva', which cancels the visit once confirmed", async () => {
    const booking = await confirmedBooking(api, { email: 'valentina.morales@example.com' });
    open(`/demo?appointment=${booking.id}&token=${encodeURIComponent(booking.token)}`);
    await heading('Tu reserva');
    expect(await screen.findByText(booking.reference, {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Estos son los datos de tu visita a domicilio.')).toBeTruthy();
    expect(screen.getByText('Valentina Morales')).toBeTruthy();
    expect(screen.getByText(/^Puedes cambiar o cancelar tu reserva hasta el /)).toBeTruthy();

    await userEvent.click(button('Cancelar reserva'));
    const dialog = screen.getByRole('dialog', { name: '¿Cancelar la reserva?' });
    expect(
      within(dialog).getByText(/^Te devolveremos \$[\d.]+ a la tarjeta con que pagaste\.$/),
    ).toBeTruthy();
    // Keeping it closes the dialog and changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, mantener' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button('Cancelar reserva'));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('Esta reserva fue cancelada.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar reserva' })).toBeNull();
    // A card payment is refunded, and the toast says so.
    expect(
      await screen.findByText(
        /^Cancelamos tu reserva\. Devolveremos \$[\d.]+ a tu tarjeta;/,
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
  });
});
