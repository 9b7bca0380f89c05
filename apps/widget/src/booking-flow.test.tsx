import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import {
  addExam,
  APOQUINDO,
  button,
  chooseAddress,
  fillPatient,
  freshEmail,
  freshRut,
  INSURGENTES,
  openPage,
  TEST_VISA,
  textbox,
} from './test-support/booking-actions.ts';
import { withRealApi } from './test-support/real-api.ts';

const api = withRealApi();
const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });
const continueButton = () => button('Continuar') as HTMLButtonElement;

/** The date step picks the first block offered by itself. */
async function holdFirstBlock() {
  await waitFor(() => expect(document.querySelector('.visita-time[aria-pressed="true"]')).not.toBeNull(), {
    timeout: 8000,
  });
  expect(screen.getByText('Horario seleccionado:')).toBeTruthy();
  await userEvent.click(continueButton());
}

/** From the first screen to the services step of `client`, with the address chosen. */
async function toServices(client: string, address: string, title: string) {
  openPage(`/${client}`);
  render(<App clientId={client} />);
  await heading(title);
  await userEvent.click(continueButton());
  await heading('¿Cómo quieres agendar?');
  expect((screen.getByRole('radio', { name: /Agendar por mi cuenta/ }) as HTMLInputElement).checked).toBe(
    true,
  );
  await userEvent.click(continueButton());
  await heading('¿Dónde te visitamos?');
  // No address, no way on.
  expect(continueButton().disabled).toBe(true);
  await chooseAddress(address);
  await userEvent.click(continueButton());
  await heading('Servicios');
}

afterEach(() => openPage('/'));

describe('a booking from the first screen to the success screen, against the real API', () => {
  it('books a Chilean visit paid by card, reads it back on the success screen, and leaves it', async () => {
    await toServices('demo', APOQUINDO, 'Exámenes y vacunas a domicilio');
    await addExam('Glicemia');
    const chosen = within(screen.getByRole('list', { name: 'Paciente 1' }));
    expect(chosen.getByRole('button', { name: 'Eliminar Glicemia' })).toBeTruthy();
    await userEvent.click(continueButton());

    await heading('Fecha y hora de atención');
    await holdFirstBlock();

    await heading('Datos del paciente');
    expect(screen.getByTestId('hold-timer').textContent).toMatch(
      /^Tu horario queda reservado por (19 minutos y \d{1,2} segundos?|20 minutos)\.$/,
    );
    const email = freshEmail();
    await fillPatient({
      firstName: 'Ana',
      lastName: 'Rojas',
      secondLastName: 'Vidal',
      day: '1',
      month: 'Enero',
      year: '1990',
      document: freshRut().replace(/[.-]/g, ''),
      email,
      phone: '987654321',
    });
    // The Rut is formatted as it is typed.
    expect(textbox(/^Número de documento/).value).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/);
    await userEvent.click(continueButton());

    await heading('Confirma tu cita');
    // The hold still runs while the confirmation is read: its countdown shows there too.
    expect(screen.getByTestId('hold-timer').textContent).toMatch(/^Tu horario queda reservado por /);
    expect(screen.getByText(/^Avenida Apoquindo 4500, Las Condes/)).toBeTruthy();
    expect(screen.getByText('Glicemia')).toBeTruthy();
    // The patient as the API stored them.
    await waitFor(() =>
      expect(screen.getByTestId('confirmation-patients').textContent).toBe('Ana Rojas Vidal'),
    );
    await userEvent.click(continueButton());

    await heading('Método de pago');
    expect(await screen.findByText('Total a pagar:')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pago en domicilio' })).toBeNull();
    expect(continueButton().disabled).toBe(true);
    await userEvent.click(button('Tarjeta de débito'));
    await userEvent.click(button('Tarjeta de crédito'));
    expect(button('Tarjeta de débito').getAttribute('aria-expanded')).toBe('false');
    expect(button('Tarjeta de crédito').getAttribute('aria-expanded')).toBe('true');
    await userEvent.type(textbox('Número de tarjeta'), TEST_VISA);
    expect(textbox('Número de tarjeta').value).toBe('4509 9535 6623 3704');
    expect(document.querySelector('[data-brand="visa"]')?.getAttribute('data-active')).toBe('true');
    await userEvent.type(textbox('Nombre del titular'), 'APRO');
    await userEvent.type(textbox('Vencimiento (MM/AA)'), '1130');
    expect(textbox('Vencimiento (MM/AA)').value).toBe('11/30');
    await userEvent.type(textbox('CVC'), '123');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await userEvent.click(continueButton());

    await heading('¡Tu cita está agendada!');
    const appointmentId = /\/api\/v2\/appointments\/([^/]+)\/finalize\//.exec(
      api.requests.find((request) => request.includes('/finalize/')) ?? '',
    )?.[1];
    expect(screen.getByTestId('booking-reference').textContent).toBe(
      appointmentId?.slice(0, 8).toUpperCase(),
    );
    expect(await screen.findByTestId('booking-where', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('booking-where').textContent).toMatch(/^Avenida Apoquindo 4500/);
    expect(screen.getByTestId('booking-patients').textContent).toBe('Ana Rojas Vidal');
    expect(
      screen.getByText(
        `Te enviamos la confirmación a ${email}, con el enlace para cambiar o cancelar tu reserva.`,
      ),
    ).toBeTruthy();

    // 'Salir' forgets the booking and starts again from the first screen.
    await userEvent.click(button('Salir'));
    await heading('Exámenes y vacunas a domicilio');
  }, 90_000);

  it('books a Mexican visit paid at home, with the document left optional', async () => {
    await toServices('demo-mx', INSURGENTES, 'Estudios de laboratorio y vacunas a domicilio');
    // Mexico has no Fonasa switch.
    expect(screen.queryByRole('switch')).toBeNull();
    await addExam('Biometr');
    await userEvent.click(continueButton());
    await heading('Fecha y hora de atención');
    await holdFirstBlock();

    await heading('Datos del paciente');
    expect((screen.getByRole('textbox', { name: 'Teléfono' }) as HTMLInputElement).value).toBe('+52');
    expect(screen.getByRole('textbox', { name: /^Número de documento/ })).toBeTruthy();
    await fillPatient({
      firstName: 'Luis',
      lastName: 'Hernández',
      secondLastName: 'López',
      day: '20',
      month: 'Mayo',
      year: '1980',
      email: freshEmail(),
      phone: `+52${5500000000 + Math.floor(Math.random() * 99_999_999)}`,
    });
    await userEvent.click(continueButton());

    await heading('Confirma tu cita');
    // No Particular/Fonasa choice in Mexico.
    expect(screen.queryByRole('radio', { name: 'Fonasa' })).toBeNull();
    await userEvent.click(continueButton());

    await heading('Método de pago');
    expect(screen.queryByRole('button', { name: 'Tarjeta de débito' })).toBeNull();
    await userEvent.click(button('Pago en domicilio'));
    expect(screen.getByText('Pagarás al profesional el día de la visita.')).toBeTruthy();
    // Pay at home is the chosen method once the 500 ms switch has run.
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await userEvent.click(continueButton());
    await heading('¡Tu cita está agendada!');
  }, 90_000);
});
