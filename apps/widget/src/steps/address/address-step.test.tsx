import type { ClientConfig } from '@visita/domain/contract/client-config';
import { DEFAULT_STEP_LIST } from '@visita/domain/steps';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppointment } from '../../test-support/api-bookings.ts';
import { APOQUINDO, button, chooseAddress, textbox } from '../../test-support/booking-actions.ts';
import { watchEmptyListboxes } from '../../test-support/empty-listboxes.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { AddressStep } from './address-step.tsx';

const api = withRealApi();
let demo: ClientConfig;

beforeAll(async () => {
  demo = await api.clientConfig('demo');
});

/** The demo dataset's address outside every coverage sector. */
const ANTOFAGASTA = 'Avenida Grecia 1000, Antofagasta';

function renderAddress(session = {}) {
  return renderStep(<AddressStep />, { step: 'address', stepList: DEFAULT_STEP_LIST, client: demo, session });
}

const search = () => screen.getByRole('combobox', { name: 'Dirección' }) as HTMLInputElement;
const continueButton = () => button('Continuar') as HTMLButtonElement;
const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe("'¿Dónde te visitamos?', against the real geocoder and coverage", () => {
  it('asks for an address once the field is left empty, and offers nothing to go on with', async () => {
    renderAddress();
    await userEvent.click(search());
    await userEvent.tab();
    expect(messageOf(search())).toBe('Ingresa una dirección');
    expect(continueButton().disabled).toBe(true);
  });

  it('says in a dialog that an address out of coverage is not reached yet, and keeps it unchosen', async () => {
    renderAddress();
    await userEvent.type(search(), ANTOFAGASTA);
    await userEvent.click(await screen.findByRole('option', {}, { timeout: 8000 }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Fuera de zona de cobertura' },
      { timeout: 8000 },
    );
    expect(within(dialog).getByText('Todavía no llegamos a esta dirección')).toBeTruthy();
    // The dialog takes the focus; Escape closes it.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Entendido' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The field keeps saying it, until the address is typed again.
    expect(messageOf(search())).toBe('Todavía no llegamos a esta dirección');
    expect(continueButton().disabled).toBe(true);
  });

  it('never puts a listbox without options in the page: searching and nothing found are a status', async () => {
    renderAddress();
    const emptyListboxes = watchEmptyListboxes();
    await userEvent.type(search(), 'Calle Falsa 123, Gotham');
    expect(
      await screen.findByText('No encontramos direcciones con ese número', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
    // The field controls no list while there is none to choose from.
    expect(search().getAttribute('aria-expanded')).toBe('false');
    expect(search().getAttribute('aria-controls')).toBeNull();
    await userEvent.clear(search());
    await userEvent.type(search(), APOQUINDO);
    const list = await screen.findByRole('listbox', { name: 'Dirección' }, { timeout: 8000 });
    expect(search().getAttribute('aria-controls')).toBe(list.id);
    expect(emptyListboxes()).toEqual([]);
  });

  it('offers a street typed without its commune in several communes, and keeps the one chosen', async () => {
    const { stores } = renderAddress();
    await userEvent.type(search(), 'Avenida Apoquindo 4500');
    const list = await screen.findByRole('listbox', { name: 'Dirección' }, { timeout: 8000 });
    const options = within(list).getAllByRole('option');
    expect(options.length).toBeGreaterThan(1);
    const lasCondes = options.find((option) =>
      option.textContent?.startsWith('Avenida Apoquindo 4500, Las Condes,'),
    );
    expect(lasCondes).toBeDefined();
    await userEvent.click(lasCondes as HTMLElement);
    await waitFor(() => expect(search().value).toMatch(/^Avenida Apoquindo 4500, Las Condes/), {
      timeout: 8000,
    });
    expect(continueButton().disabled).toBe(false);
    await userEvent.click(continueButton());
    expect(stores.session.getState().addressData).toMatchObject({ commune: 'Las Condes', number: '4500' });
  });

  it('asks for the apartment number of an apartment, then keeps the address as chosen', async () => {
    const { stores } = renderAddress();
    await chooseAddress(APOQUINDO);
    expect(search().value).toMatch(/^Avenida Apoquindo 4500, Las Condes/);
    await userEvent.click(screen.getByRole('radio', { name: 'Departamento' }));
    const apartment = textbox('Piso, oficina o departamento');
    expect(messageOf(apartment)).toBe('Ingresa el número de departamento');
    expect(continueButton().disabled).toBe(true);
    await userEvent.type(apartment, '1203');
    await userEvent.type(textbox('Información adicional'), ' Conserjería 24 horas ');
    await userEvent.click(continueButton());
    expect(stores.flow.getState().step).toBe('services');
    expect(stores.session.getState().addressData).toMatchObject({
      commune: 'Las Condes',
      number: '4500',
      type: 'apartment',
      apartmentNumber: '1203',
      additionalInfo: 'Conserjería 24 horas',
    });
  });

  it('saves a new address on the appointment already made', async () => {
    const booking = await createAppointment(api);
    const { stores } = renderAddress({ appointmentId: booking.id, appointmentToken: booking.token });
    await chooseAddress(APOQUINDO);
    await userEvent.click(screen.getByRole('radio', { name: 'Departamento' }));
    await userEvent.type(textbox('Piso, oficina o departamento'), '77');
    await userEvent.click(continueButton());
    await waitFor(() => expect(stores.flow.getState().step).toBe('services'), { timeout: 8000 });
    const stored = await api.call<{ target_apartment_number: string | null }>(
      'GET',
      `/api/v2/appointments/${booking.id}/address/`,
      { headers: { 'x-appointment-token': booking.token } },
    );
    expect(stored.body.target_apartment_number).toBe('77');
  });
});
