import type { CartItem } from '@visita/domain/cart-item';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartActions } from '../../stores/cart-actions.ts';
import { createWidgetStores, type WidgetStores } from '../../stores/widget-stores.tsx';
import { APOQUINDO_ADDRESS, heldBooking, HEMOGRAMA_ID } from '../../test-support/api-bookings.ts';
import { freshRut } from '../../test-support/booking-actions.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { ContactInfoStep } from './contact-info-step.tsx';

const api = withRealApi();
let demo: ClientConfig;
let staffClient: ClientConfig;

beforeAll(async () => {
  demo = await api.clientConfig('demo');
  staffClient = await api.clientConfig('demo-laas');
});

const HEMOGRAMA = { id: HEMOGRAMA_ID, name: 'Hemograma', price: 8990, type: 'panel' } as CartItem;
const phone = () => screen.getByRole('textbox', { name: 'Teléfono' }) as HTMLInputElement;
const email = () => screen.getByRole('textbox', { name: 'Correo electrónico' }) as HTMLInputElement;
const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

/** A cart whose patient an earlier step (the staff's list, the host) already knows. */
function knownPatient(stores: WidgetStores) {
  cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
  cartActions(stores.cart).setPatientInfo(0, {
    first_name: 'Camila',
    last_name: 'Rojas',
    second_last_name: 'Fuentes',
    date_of_birth: '1988-03-14',
    gender: 'female',
    document_type: 'ci',
    document_number: freshRut(),
  });
}

describe("'Datos del contacto'", () => {
  it('asks for the phone and, without a default e-mail, the e-mail, each on its field, and stays', async () => {
    const { stores } = renderStep(<ContactInfoStep />, { step: 'contact-info', client: demo });
    expect(screen.getByRole('heading', { level: 1, name: 'Datos del contacto' })).toBeTruthy();
    // A Chilean mobile starts with its prefix.
    expect(phone().value).toBe('+56 9');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(messageOf(email())).toBe('completar campo');
    await userEvent.type(phone(), '12');
    await userEvent.type(email(), 'ana@ejemplo');
    expect(messageOf(phone())).toBe('el número no tiene el formato correcto');
    expect(messageOf(email())).toBe('el email no tiene el formato correcto');
    expect(stores.flow.getState().step).toBe('contact-info');
  });

  it('does not ask for the e-mail of a client with a default patient e-mail, and goes on when the patients are still to come', async () => {
    const { stores } = renderStep(<ContactInfoStep />, {
      step: 'contact-info',
      stepList: ['contact-info', 'patient', 'confirmation'],
      client: staffClient,
    });
    expect(screen.queryByRole('textbox', { name: 'Correo electrónico' })).toBeNull();
    await userEvent.type(phone(), '87654321');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(stores.flow.getState().step).toBe('patient');
    // The contact goes with the patient, its phone in the product's form.
    expect(stores.cart.getState().cart.patients[0]?.patient).toMatchObject({
      phone: '+56987654321',
      email: 'pacientes@demo-laas.cl',
    });
  });

  it('with the patients known, registers them on the appointment through the API and goes on', async () => {
    const booking = await heldBooking(api);
    const stores = createWidgetStores('demo');
    knownPatient(stores);
    renderStep(<ContactInfoStep />, {
      step: 'contact-info',
      stepList: ['contact-info', 'confirmation'],
      client: demo,
      stores,
      session: { addressData: APOQUINDO_ADDRESS, appointmentId: booking.id, appointmentToken: booking.token },
    });
    await userEvent.type(phone(), '87654321');
    await userEvent.type(email(), 'camila.rojas@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(stores.flow.getState().step).toBe('confirmation'), { timeout: 8000 });
    // The appointment now has the patient, with the contact given here.
    const stored = await api.call<{ patients: { first_name: string; email: string; phone: string }[] }>(
      'GET',
      `/api/v2/appointments/${booking.id}/`,
      { headers: { 'x-appointment-token': booking.token } },
    );
    expect(stored.body.patients).toEqual([
      expect.objectContaining({
        first_name: 'Camila',
        email: 'camila.rojas@example.com',
        phone: '+56987654321',
      }),
    ]);
    expect(stores.session.getState().accessToken).toEqual(expect.any(String));
  });

  it('says why when the API does not take the patients, and stays', async () => {
    const stores = createWidgetStores('demo');
    knownPatient(stores);
    // An appointment the session holds no token for: the API refuses to touch it.
    const booking = await heldBooking(api);
    renderStep(<ContactInfoStep />, {
      step: 'contact-info',
      stepList: ['contact-info', 'confirmation'],
      client: demo,
      stores,
      session: {
        addressData: APOQUINDO_ADDRESS,
        appointmentId: booking.id,
        appointmentToken: 'no-es-el-token',
      },
    });
    await userEvent.type(phone(), '87654321');
    await userEvent.type(email(), 'camila.rojas@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toBe(
      'Ocurrió un error al intentar crear la cita, inténtalo denuevo o contacta a soporte.',
    );
    expect(stores.flow.getState().step).toBe('contact-info');
  });
});
