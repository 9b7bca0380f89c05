import type { ClientConfig } from '@visita/domain/contract/client-config';
import { DEFAULT_STEP_LIST } from '@visita/domain/steps';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { APOQUINDO_ADDRESS } from '../../test-support/api-bookings.ts';
import { addExam, button } from '../../test-support/booking-actions.ts';
import { watchEmptyListboxes } from '../../test-support/empty-listboxes.ts';
import { withRealApi } from '../../test-support/real-api.ts';
import { renderStep } from '../../test-support/render-step.tsx';
import { ServicesStep } from './services-step.tsx';

const api = withRealApi();
let demo: ClientConfig;

beforeAll(async () => {
  demo = await api.clientConfig('demo');
});

function renderServices() {
  return renderStep(<ServicesStep />, {
    step: 'services',
    stepList: DEFAULT_STEP_LIST,
    client: demo,
    session: { addressData: APOQUINDO_ADDRESS },
    toasts: true,
  });
}

const coupon = () => screen.getByRole('textbox', { name: 'Cupón de descuento' }) as HTMLInputElement;
/** The price table's rows by label, as a screen reader reads them. */
const priceRows = () =>
  Object.fromEntries(
    screen
      .getAllByRole('row')
      .map((row) => [row.querySelector('th')?.textContent ?? '', row.querySelector('td')?.textContent ?? '']),
  );
const toast = (text: string) => screen.findByText(text, {}, { timeout: 5000 });

describe("'Servicios', against the real catalogue, coupons and prices", () => {
  it('opens the coupon box only with an exam in the cart, applies a valid coupon upper-cased and prices it', async () => {
    const { stores } = renderServices();
    expect(coupon().disabled).toBe(true);
    await addExam('Glicemia');
    expect(coupon().disabled).toBe(false);
    // The quote arrives after the pause: the exam's price and the service.
    await waitFor(() => expect(priceRows()['Total exámenes']).toMatch(/^\$[1-9][\d.]*$/), { timeout: 5000 });
    await userEvent.type(coupon(), 'bienvenida10');
    expect(coupon().value).toBe('BIENVENIDA10');
    await userEvent.click(button('Aplicar'));
    expect(await toast('Cupón "BIENVENIDA10" aplicado correctamente.')).toBeTruthy();
    expect((button('Aplicado') as HTMLButtonElement).disabled).toBe(true);
    expect(stores.session.getState().coupon).toEqual({ code: 'BIENVENIDA10', loading: false, valid: true });
    await waitFor(() => expect(priceRows()['Descuento cupón']).toMatch(/^-\$[1-9][\d.]*$/), {
      timeout: 5000,
    });
  });

  it("puts 'Agregar paciente', the coupon box and the price table inside each patient's panel, the coupon shared", async () => {
    renderServices();
    await addExam('Glicemia');
    await userEvent.click(button('Agregar paciente'));
    const panels = [...document.querySelectorAll<HTMLElement>('.visita-collapsible')];
    expect(panels).toHaveLength(2);
    for (const panel of panels) {
      const body = panel.querySelector<HTMLElement>('.visita-collapsible__body') as HTMLElement;
      expect(within(body).getByRole('button', { name: 'Agregar paciente' })).toBeTruthy();
      expect(within(body).getByRole('textbox', { name: 'Cupón de descuento' })).toBeTruthy();
      expect(within(body).getByRole('table')).toBeTruthy();
    }
    // Nothing of them is left outside the panels.
    const step = document.querySelector('.visita-step') as HTMLElement;
    const outside = [...step.querySelectorAll('table, form.visita-coupon')].filter(
      (element) => !element.closest('.visita-collapsible'),
    );
    expect(outside).toEqual([]);
    // A new total is said by one status, not once per panel.
    await waitFor(
      () => expect(screen.getAllByRole('status').filter((status) => status.textContent).length).toBe(1),
      { timeout: 5000 },
    );
    // The coupon is the booking's: applied in the second panel, the first shows it applied too.
    const [first, second] = screen.getAllByRole('textbox', {
      name: 'Cupón de descuento',
    }) as HTMLInputElement[];
    await userEvent.type(second as HTMLInputElement, 'bienvenida10');
    await userEvent.click(within(panels[1] as HTMLElement).getByRole('button', { name: 'Aplicar' }));
    expect(await toast('Cupón "BIENVENIDA10" aplicado correctamente.')).toBeTruthy();
    await waitFor(() => expect(first?.value).toBe('BIENVENIDA10'));
    expect(within(panels[0] as HTMLElement).getByRole('button', { name: 'Aplicado' })).toBeTruthy();
  });

  it("where the exams are 'A calcular en domicilio', each exam row and the coupon's discount say they are settled at the address", async () => {
    const clinic = await api.clientConfig('clinicaalemana');
    renderStep(<ServicesStep />, {
      step: 'services',
      stepList: DEFAULT_STEP_LIST,
      client: clinic,
      session: { addressData: APOQUINDO_ADDRESS },
      toasts: true,
    });
    await addExam('Hemograma');
    const row = screen.getByRole('list', { name: 'Paciente 1' }).querySelector('li');
    expect(row?.textContent).toContain('A calcular en domicilio');
    expect(row?.textContent).not.toMatch(/\$\d/);
    // The clinic's referral coupon applies by itself once the cart has an exam.
    await waitFor(() => expect(coupon().value).toBe('CLAMESDELCORAZON'), { timeout: 5000 });
    // The discount comes off what is paid at the address, never off the online total.
    await waitFor(
      () => expect(priceRows()['Descuento cupón (se aplica en domicilio)']).toMatch(/^-\$[1-9][\d.]*$/),
      { timeout: 5000 },
    );
    expect(priceRows()['Descuento cupón']).toBeUndefined();
    expect(priceRows()['Total exámenes']).toBe('A calcular en domicilio');
  });

  it('says an expired or unknown coupon is not valid, on the field and in a toast, and starts over when typed again', async () => {
    renderServices();
    await addExam('Glicemia');
    await userEvent.click(button('Aplicar'));
    expect(document.getElementById(coupon().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'No has ingresado ningún cupón',
    );
    await userEvent.type(coupon(), 'EXPIRADO');
    await userEvent.click(button('Aplicar'));
    expect(await toast('Este cupón ya expiró')).toBeTruthy();
    expect(button('Expirado')).toBeTruthy();
    // Said once: the toast is the alert, the field's message is tied to the field without repeating it.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Este cupón ya expiró']);
    expect(document.getElementById(coupon().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'El cupón ingresado no es válido',
    );
    await userEvent.clear(coupon());
    expect(button('Aplicar')).toBeTruthy();
    await userEvent.type(coupon(), 'NOEXISTE');
    await userEvent.click(button('Aplicar'));
    expect(await toast('Este cupón no es válido')).toBeTruthy();
    expect(button('Inválido')).toBeTruthy();
  });

  it('keeps each patient’s exams apart, refuses the same exam twice for one patient, and removes what is asked', async () => {
    const { stores } = renderServices();
    await addExam('Glicemia');
    await userEvent.click(button('Agregar paciente'));
    expect(screen.getByRole('button', { name: 'Eliminar paciente 2' })).toBeTruthy();
    await addExam('Hemograma', 1);
    await addExam('Hemograma', 1);
    expect(await toast('Hemograma ya está en el carrito de este paciente.')).toBeTruthy();
    expect(
      stores.cart.getState().cart.patients.map((patient) => patient.items.map((item) => item.name)),
    ).toEqual([['Glicemia'], ['Hemograma']]);
    await userEvent.click(button('Eliminar paciente 2'));
    expect(screen.queryByRole('button', { name: 'Eliminar paciente 2' })).toBeNull();
    await userEvent.click(button('Eliminar Glicemia'));
    expect(screen.getByText('No has agregado servicios')).toBeTruthy();
  });

  it("moves the focus after 'Eliminar' to the next service, the previous one, then the search: never the page", async () => {
    renderServices();
    await addExam('Glicemia');
    await addExam('Hemograma');
    await addExam('Ferritina');
    await userEvent.click(button('Eliminar Hemograma'));
    expect(document.activeElement).toBe(button('Eliminar Ferritina'));
    await userEvent.click(button('Eliminar Ferritina'));
    expect(document.activeElement).toBe(button('Eliminar Glicemia'));
    await userEvent.click(button('Eliminar Glicemia'));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Buscar examen' }));
  });

  it('picks an exam with the keyboard and says when the search finds nothing', async () => {
    const { stores } = renderServices();
    const search = screen.getByRole('combobox', { name: 'Buscar examen' });
    await userEvent.click(search);
    await userEvent.type(search, 'zzzzqqq');
    // Nothing found is said in a status, not as a listbox without options.
    expect(await screen.findByText('No hay datos para mostrar', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('listbox', { name: 'Buscar examen' })).toBeNull();
    await userEvent.clear(search);
    expect(screen.queryByRole('listbox', { name: 'Buscar examen' })).toBeNull();
    await userEvent.type(search, 'Ferritina');
    // Until the debounced answer for what was typed arrives, the list says it is updating.
    await waitFor(
      () =>
        expect(screen.getByRole('listbox', { name: 'Buscar examen' }).getAttribute('aria-busy')).toBe(
          'false',
        ),
      { timeout: 5000 },
    );
    const list = screen.getByRole('listbox', { name: 'Buscar examen' });
    // The open list is no Tab stop of its own: its options are reached with the arrows from the search.
    expect(list.getAttribute('tabindex')).toBe('-1');
    await within(list).findByRole('option', { name: /Ferritina/ }, { timeout: 5000 });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(stores.cart.getState().cart.patients[0]?.items.map((item) => item.name)).toEqual(['Ferritina']);
    await userEvent.keyboard('{Escape}');
  });

  it('never offers an exam that does not answer the text typed: a quick Enter or click adds that exam or nothing', async () => {
    const { stores } = renderServices();
    const search = screen.getByRole('combobox', { name: 'Buscar examen' }) as HTMLInputElement;
    const emptyListboxes = watchEmptyListboxes();
    const added = () => stores.cart.getState().cart.patients[0]?.items.map((item) => item.name) ?? [];
    // The whole list is on screen (the answer for no text) before typing.
    await userEvent.click(search);
    await screen.findAllByRole('option', {}, { timeout: 5000 });
    // Typed and chosen well before the 300 ms pause and the answer: only the options that match
    // what is typed are offered meanwhile.
    await userEvent.type(search, 'perfil lip');
    for (const option of screen.queryAllByRole('option')) expect(option.textContent).toMatch(/perfil lip/i);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(added().filter((name) => name !== 'Perfil lipídico')).toEqual([]);
    // A click right after typing, too.
    await userEvent.clear(search);
    await userEvent.type(search, 'glicemia');
    const [first] = screen.queryAllByRole('option');
    if (first) await userEvent.click(first);
    expect(added().filter((name) => !['Perfil lipídico', 'Glicemia'].includes(name))).toEqual([]);
    // Once the answer arrives it is offered, and picked.
    await userEvent.clear(search);
    await userEvent.type(search, 'perfil lip');
    await waitFor(
      () =>
        expect(screen.getByRole('listbox', { name: 'Buscar examen' }).getAttribute('aria-busy')).toBe(
          'false',
        ),
      { timeout: 5000 },
    );
    if (!added().includes('Perfil lipídico')) {
      await userEvent.keyboard('{ArrowDown}{Enter}');
      expect(added()).toContain('Perfil lipídico');
    }
    expect(emptyListboxes()).toEqual([]);
  });

  it('goes on only with services for every patient and, for Fonasa, the tier; then creates the appointment', async () => {
    const { stores } = renderServices();
    await userEvent.click(button('Continuar'));
    expect(
      await toast('Tienes pacientes sin servicios, agrégales servicios o elimínalos para continuar'),
    ).toBeTruthy();
    await addExam('Glicemia');
    await userEvent.click(screen.getByRole('switch', { name: 'Fonasa' }));
    const tier = screen.getByRole('combobox', { name: 'Tramo Fonasa' }) as HTMLSelectElement;
    await userEvent.click(button('Continuar'));
    expect(document.getElementById(tier.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Selecciona tu tramo de Fonasa',
    );
    expect(stores.flow.getState().step).toBe('services');
    await userEvent.selectOptions(tier, 'B');
    await userEvent.click(button('Continuar'));
    await waitFor(() => expect(stores.flow.getState().step).toBe('date'), { timeout: 8000 });
    // The date step holds a block on it: the appointment exists on the server now.
    const id = stores.session.getState().appointmentId;
    const stored = await api.call('GET', `/api/v2/appointments/${id}/address/`, {
      headers: { 'x-appointment-token': stores.session.getState().appointmentToken ?? '' },
    });
    expect(stored.body).toMatchObject({ comuna: 'Las Condes', address_line_1: 'Avenida Apoquindo 4500' });
  });
});
