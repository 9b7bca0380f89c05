import { expect, type Page } from '@playwright/test';
import {
  APOQUINDO,
  chooseAddress,
  expectNoSeriousAxeViolations,
  type Widget,
} from './address-and-services-helpers.ts';

export const INSURGENTES = 'Avenida Insurgentes Sur 1000, Benito Juárez, Ciudad de México';

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

/** A Rut no other test of this run uses. */
export function freshRut(): string {
  return rut(10_000_000 + Math.floor(Math.random() * 14_000_000));
}

/** A Rut on the demo company's roster (demo-split employs RUT bodies 20.000.000 to 20.000.499). */
export function companyEmployeeRut(): string {
  return rut(20_000_000 + Math.floor(Math.random() * 500));
}

export function freshEmail(): string {
  return `paciente.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Services chosen, on to the date step. */
export async function servicesToDate(widget: Widget): Promise<void> {
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await expect(widget.getByRole('heading', { name: 'Fecha y hora de atención' })).toBeVisible();
}

/**
 * The date step picked its first block by itself: continue with it (the 20-minute hold). Tests
 * run two at a time on the same demo sectors, so another test may take that block between the
 * answer this one read and its hold: then the step chooses the next free time and, as a person would, Continuar is pressed again
 * (409, the block taken, is the only refusal accepted, and only twice).
 */
export async function holdFirstBlock(page: Page, widget: Widget = page): Promise<void> {
  await expect(widget.locator('.visita-time[aria-pressed="true"]')).toBeVisible();
  for (let attempt = 0; ; attempt++) {
    const held = page.waitForResponse(
      (r) => r.url().includes('/schedule/') && r.request().method() === 'POST',
    );
    await widget.getByRole('button', { name: 'Continuar' }).click();
    const status = (await held).status();
    if (status !== 409 || attempt === 2) {
      expect(status).toBe(200);
      return;
    }
    // The widget says so, drops the refused time for good and chooses the next free one (its
    // focus on it): continue with that one once the times are asked again.
    await expect(
      widget.getByText('Ese horario acaba de ser tomado por otra persona. Elige otro.'),
    ).toBeVisible();
    await expect(widget.locator('section[aria-labelledby="visita-date-title"]')).toHaveAttribute(
      'aria-busy',
      'false',
    );
    await expect(widget.locator('.visita-time[aria-pressed="true"]')).toBeVisible();
  }
}

export interface PatientInput {
  firstName: string;
  lastName: string;
  secondLastName: string;
  day: string;
  month: string;
  year: string;
  document?: string;
  email?: string;
  phone?: string;
  gender?: 'Masculino' | 'Femenino';
}

export async function fillPatient(page: Page, patient: PatientInput): Promise<void> {
  await page.getByLabel('Primer nombre').fill(patient.firstName);
  await page.getByLabel('Apellido paterno').fill(patient.lastName);
  await page.getByLabel('Apellido materno').fill(patient.secondLastName);
  await page.getByLabel('Día').selectOption(patient.day);
  await page.getByLabel('Mes').selectOption({ label: patient.month });
  await page.getByLabel('Año').selectOption(patient.year);
  if (patient.gender) await page.getByLabel('Género').selectOption({ label: patient.gender });
  if (patient.document !== undefined) await page.getByLabel(/^Número de documento/).fill(patient.document);
  if (patient.email !== undefined) await page.getByLabel('Correo electrónico').fill(patient.email);
  if (patient.phone !== undefined) await page.getByLabel('Teléfono').fill(patient.phone);
}

/** A card in the open accordion. */
export async function fillCard(page: Page, card: { number: string; name: string; exp: string; cvc: string }) {
  await page.getByLabel('Número de tarjeta').fill(card.number);
  await page.getByLabel('Nombre del titular').fill(card.name);
  await page.getByLabel('Vencimiento (MM/AA)').fill(card.exp);
  await page.getByLabel('CVC').fill(card.cvc);
}

/** MercadoPago's test Visa (Luhn-valid). */
export const TEST_VISA = '4509953566233704';

/** The smallest PDF the order upload accepts (its type is judged by content). */
export const ORDER_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The medical order's contact and address steps, up to the address chosen (the next 'Continuar'
 * sends the order): on the widget's own page, or inside a partner's frame (`widget`), with axe on
 * each screen.
 */
export async function orderContactAndAddress(page: Page, widget: Widget = page): Promise<void> {
  await expect(widget.getByRole('heading', { name: 'Datos de contacto' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await widget.getByLabel('Nombre completo').fill('Carla Muñoz');
  await widget.getByLabel('Teléfono').fill('+56911112222');
  await widget.getByLabel('Correo electrónico').fill(freshEmail());
  await widget.getByLabel('Previsión').selectOption({ label: 'Fonasa' });
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await expect(widget.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO, widget);
  await expect(widget.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await expectNoSeriousAxeViolations(page);
}
