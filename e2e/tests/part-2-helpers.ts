import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page } from '@playwright/test';

/** No serious or critical axe violation on the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export const APOQUINDO = 'Avenida Apoquindo 4500, Las Condes';
export const INSURGENTES = 'Avenida Insurgentes Sur 1000, Benito Juárez, Ciudad de México';

/** A valid Rut for a body of digits ('12345678' -> '12.345.678-5'). */
export function rut(body: number): string {
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

export function freshEmail(): string {
  return `paciente.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** From the introduction to the services step with the address chosen. */
export async function goToServices(page: Page, client = 'demo', address = APOQUINDO): Promise<void> {
  await page.goto(`/${client}`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const scheduleType = page.getByRole('heading', { name: '¿Cómo quieres agendar?' });
  const addressHeading = page.getByRole('heading', { name: '¿Dónde te visitamos?' });
  await expect(scheduleType.or(addressHeading)).toBeVisible();
  if (await scheduleType.isVisible()) await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(addressHeading).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Dirección' });
  const answered = page.waitForResponse((response) =>
    response.url().includes('/api/v2/places/autocomplete/'),
  );
  await search.fill(address);
  await answered;
  await page.getByRole('option').first().click();
  await expect(search).toHaveValue(/,/);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
}

export async function addExam(page: Page, query: string, panel = 0): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Buscar examen' }).nth(panel);
  await search.fill(query);
  await page
    .getByRole('option', { name: new RegExp(query, 'i') })
    .first()
    .click();
}

/** Services chosen, on to the date step. */
export async function servicesToDate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Fecha y hora de atención' })).toBeVisible();
}

/** The date step picked its first block by itself: continue with it (the 20-minute hold). */
export async function holdFirstBlock(page: Page): Promise<void> {
  await expect(page.locator('.p2-time[aria-pressed="true"]')).toBeVisible();
  const held = page.waitForResponse((r) => r.url().includes('/schedule/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await held).status()).toBe(200);
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
export async function orderContactAndAddress(page: Page, widget: Page | FrameLocator = page): Promise<void> {
  await expect(widget.getByRole('heading', { name: 'Datos de contacto' })).toBeVisible();
  await expectAccessible(page);
  await widget.getByLabel('Nombre completo').fill('Carla Muñoz');
  await widget.getByLabel('Teléfono').fill('+56911112222');
  await widget.getByLabel('Correo electrónico').fill(freshEmail());
  await widget.getByLabel('Previsión').selectOption({ label: 'Fonasa' });
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await expect(widget.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  const search = widget.getByRole('combobox', { name: 'Dirección' });
  const answered = page.waitForResponse((response) =>
    response.url().includes('/api/v2/places/autocomplete/'),
  );
  await search.fill(APOQUINDO);
  await answered;
  await widget.getByRole('option').first().click();
  await expect(search).toHaveValue(/,/);
  await expectAccessible(page);
}
