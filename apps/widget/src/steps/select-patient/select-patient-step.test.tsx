import { LAAS_STEP_LIST } from '@visita/domain/steps';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartActions } from '../../stores/cart-actions.ts';
import { createWidgetStores } from '../../stores/widget-stores.tsx';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { SelectPatientStep } from './select-patient-step.tsx';

const api = withRealApi();
/** The demo staff client's token (its console hands it to the widget). */
const STAFF_TOKEN = 'demo-laas-token';
let staffClient: ClientConfig;

beforeAll(async () => {
  staffClient = await api.clientConfig('demo-laas');
});

function renderSelect({
  patients = 1,
  apiToken = STAFF_TOKEN,
}: { patients?: number; apiToken?: string | null } = {}) {
  const stores = createWidgetStores('demo-laas');
  // A new cart has its first patient already.
  for (let i = 1; i < patients; i++) cartActions(stores.cart).addPatient();
  return renderStep(<SelectPatientStep />, {
    step: 'select-patient',
    stepList: LAAS_STEP_LIST,
    client: staffClient,
    session: { origin: 'laas', apiToken },
    stores,
  });
}

const continueButton = () => screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;

describe("staff's 'Seleccionar paciente'", () => {
  it("searches the client's patients on the server and books for the one picked", async () => {
    const { stores } = renderSelect();
    expect(screen.getByRole('heading', { level: 1, name: 'Seleccionar paciente' })).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    const search = screen.getByRole('combobox', { name: 'Paciente' });
    await userEvent.type(search, 'Vargas');
    const list = await screen.findByRole('listbox', { name: 'Paciente' });
    const option = await within(list).findByRole('option', { name: 'Ignacio Vargas Núñez · 10.987.654-2' });
    // Only the patients the server found for the text.
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await userEvent.pointer({ keys: '[MouseLeft>]', target: option });
    expect(search).toHaveProperty('value', 'Ignacio Vargas Núñez · 10.987.654-2');
    await userEvent.click(continueButton());
    expect(stores.flow.getState().step).toBe('patient');
    expect(stores.cart.getState().cart.patients[0]?.patient).toMatchObject({
      first_name: 'Ignacio',
      last_name: 'Vargas',
      second_last_name: 'Núñez',
      document_number: '10.987.654-2',
      date_of_birth: '1957-11-02',
      email: 'ignacio.vargas@example.cl',
    });
  });

  it('offers one list per patient of the cart, picked with the keyboard, and can be cleared', async () => {
    renderSelect({ patients: 2 });
    const first = screen.getByRole('combobox', { name: 'Paciente 1' });
    expect(screen.getByRole('combobox', { name: 'Paciente 2' })).toBeTruthy();
    await userEvent.click(first);
    const list = await screen.findByRole('listbox', { name: 'Paciente 1' });
    // All three of the client's patients before any text.
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect((first as HTMLInputElement).value).toMatch(/ · /);
    expect(continueButton().disabled).toBe(false);
    await userEvent.click(screen.getAllByRole('button', { name: 'Borrar paciente' })[0] as HTMLElement);
    expect((first as HTMLInputElement).value).toBe('');
    expect(continueButton().disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Paciente 1' })).toBeNull();
  });

  it("goes on to a new patient's form with 'Crear nuevo paciente'", async () => {
    const { stores } = renderSelect();
    await userEvent.click(screen.getByRole('button', { name: 'Crear nuevo paciente' }));
    expect(stores.flow.getState().step).toBe('patient');
    expect(stores.cart.getState().cart.patients[0]?.patient ?? null).toBeNull();
  });

  it('says the search failed when the server refuses it (no staff token)', async () => {
    renderSelect({ apiToken: null });
    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error al solicitar los datos');
  });
});
