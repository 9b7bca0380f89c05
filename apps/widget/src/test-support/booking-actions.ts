import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DetachedWindowAPI } from 'happy-dom';
import { expect } from 'vitest';

/** Puts the page at `path` ('/demo?services=3'), as following a link to the widget would. */
export function openPage(path: string): void {
  const { happyDOM } = window as unknown as { happyDOM: DetachedWindowAPI };
  happyDOM.setURL(new URL(path, window.location.origin).href);
}

/** The demo dataset's addresses the offline geocoder knows (inside and outside coverage). */
export const APOQUINDO = 'Avenida Apoquindo 4500, Las Condes';
export const INSURGENTES = 'Avenida Insurgentes Sur 1000, Benito Juárez, Ciudad de México';

/** The address search waits 1.5 s of quiet typing, then the API's suggestions and coverage. */
const ADDRESS_WAIT = { timeout: 8000 };

export const button = (name: string | RegExp) => screen.getByRole('button', { name });
export const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
export const select = (name: string | RegExp) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

/** Types an address in the field labelled `label` and picks the first suggestion the API gives. */
export async function chooseAddress(text: string, label = 'Dirección'): Promise<void> {
  const field = screen.getByRole('combobox', { name: label }) as HTMLInputElement;
  await userEvent.clear(field);
  await userEvent.type(field, text);
  const option = await screen.findByRole('option', {}, ADDRESS_WAIT);
  await userEvent.click(option);
  // A covered address writes its full text (street, number, commune) into the field.
  await waitFor(() => expect(field.value).toMatch(/,/), ADDRESS_WAIT);
}

/** Searches an exam in a patient's panel (`panel`, from 0) and adds the result named like it. */
export async function addExam(query: string, panel = 0): Promise<void> {
  const search = screen.getAllByRole('combobox', { name: 'Buscar examen' })[panel] as HTMLInputElement;
  await userEvent.click(search);
  await userEvent.type(search, query);
  // Picked from this query's answer, not from the last one still shown (narrowed) while it comes.
  const list = await waitFor(
    () => {
      const open = screen.getAllByRole('listbox', { name: 'Buscar examen' })[0] as HTMLElement;
      expect(open.getAttribute('aria-busy')).toBe('false');
      return open;
    },
    { timeout: 5000 },
  );
  const option = await within(list).findByRole('option', { name: new RegExp(query, 'i') }, { timeout: 5000 });
  await userEvent.click(option);
}

export interface PatientInput {
  firstName: string;
  lastName: string;
  secondLastName: string;
  day: string;
  /** The month's name, as the form lists it ('Marzo'). */
  month: string;
  year: string;
  document?: string;
  email?: string;
  phone?: string;
  gender?: 'Masculino' | 'Femenino';
}

/** Fills the patient form on screen as a person would. */
export async function fillPatient(patient: PatientInput): Promise<void> {
  await userEvent.type(textbox('Primer nombre'), patient.firstName);
  await userEvent.type(textbox('Apellido paterno'), patient.lastName);
  await userEvent.type(textbox('Apellido materno'), patient.secondLastName);
  await userEvent.selectOptions(select('Día'), patient.day);
  await userEvent.selectOptions(select('Mes'), screen.getByRole('option', { name: patient.month }));
  await userEvent.selectOptions(select('Año'), patient.year);
  if (patient.gender) {
    await userEvent.selectOptions(select('Género'), screen.getByRole('option', { name: patient.gender }));
  }
  if (patient.document !== undefined) await userEvent.type(textbox(/^Número de documento/), patient.document);
  if (patient.email !== undefined) await userEvent.type(textbox('Correo electrónico'), patient.email);
  if (patient.phone !== undefined) {
    const phone = screen.getByRole('textbox', { name: 'Teléfono' });
    await userEvent.clear(phone);
    await userEvent.type(phone, patient.phone);
  }
}

/** A valid Rut for a body of digits ('12345678' -> '12.345.678-5'). */
function rut(body: number): string {
  const digits = String(body);
  let sum = 0;
  let factor = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  const dv = rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
  return `${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}

let serial = 0;
/** A Rut no other patient of this file uses. */
export function freshRut(): string {
  serial += 1;
  return rut(10_000_000 + Math.floor(Math.random() * 10_000_000) + serial);
}

export function freshEmail(): string {
  serial += 1;
  return `paciente.${Date.now()}.${serial}@example.com`;
}

/** MercadoPago's test Visa (Luhn-valid); the sandbox approves it for the holder 'APRO'. */
export const TEST_VISA = '4509953566233704';
