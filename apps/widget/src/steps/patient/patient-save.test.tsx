import type { CartItem } from '@visita/domain/cart-item';
import { LAAS_STEP_LIST } from '@visita/domain/steps';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartActions } from '../../stores/cart-actions.ts';
import type { SessionState } from '../../stores/session-store.ts';
import { createWidgetStores } from '../../stores/widget-stores.tsx';
import { APOQUINDO_ADDRESS, HEMOGRAMA_ID, heldBooking } from '../../test-support/api-bookings.ts';
import { button, fillPatient, freshEmail, freshRut } from '../../test-support/booking-actions.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { PatientStep } from './patient-step.tsx';

const api = withRealApi();

const HEMOGRAMA = { id: HEMOGRAMA_ID, name: 'Hemograma', price: 8990, type: 'panel' } as CartItem;

/** The client's patient save: POST /api/alliances/clients/{id}/patients/. */
const patientSaves = () =>
  api.requests.filter((request) => /^POST \/api\/alliances\/clients\/[^/]+\/patients\/$/.test(request));

async function bookPatient(clientId: string, session: Partial<SessionState>, overrides = {}) {
  const client = await api.clientConfig(clientId);
  const booking = await heldBooking(api, { overrides });
  const stores = createWidgetStores(client.id);
  cartActions(stores.cart).addItem(HEMOGRAMA, { patientIndex: 0 });
  renderStep(<PatientStep />, {
    step: 'patient',
    ...(session.origin === 'laas' ? { stepList: LAAS_STEP_LIST } : {}),
    client,
    stores,
    session: {
      addressData: APOQUINDO_ADDRESS,
      appointmentId: booking.id,
      appointmentToken: booking.token,
      ...session,
    },
  });
  await fillPatient({
    firstName: 'Camila',
    lastName: 'Rojas',
    secondLastName: 'Soto',
    day: '3',
    month: 'Marzo',
    year: '1990',
    document: freshRut(),
    // A client with a default patient e-mail shows no e-mail field.
    ...(client.default_patient_email ? {} : { email: freshEmail() }),
    phone: '961234567',
  });
  const before = patientSaves().length;
  await userEvent.click(button('Continuar'));
  await waitFor(() => expect(stores.flow.getState().step).not.toBe('patient'), { timeout: 10_000 });
  return patientSaves().length - before;
}

describe("the client's patient save, which only the client's staff may make", () => {
  it('is not asked for in a public booking (it could only be refused with a 403)', async () => {
    expect(await bookPatient('demo', {})).toBe(0);
  });

  it("is made for the client's staff, who hold its API token", async () => {
    const saves = await bookPatient(
      'demo-laas',
      { origin: 'laas', apiToken: 'demo-laas-token' },
      { client_id: 'demo-laas', sales_source: 'demo-laas' },
    );
    expect(saves).toBe(1);
  });
});
