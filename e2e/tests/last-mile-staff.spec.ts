import { expect, type Page, test } from '@playwright/test';
import {
  addExam,
  APOQUINDO,
  chooseAddress,
  expectNoSeriousAxeViolations,
} from './address-and-services-helpers.ts';
import { freshEmail, freshRut, holdFirstBlock, servicesToDate } from './patients-and-payment-helpers.ts';

/**
 * The appointment's origin and 'Monto a Pagar', which the product names outside its three
 * flows. The demo's last-mile staff client, demo-laas-lm, has them in its custom flow; the staff
 * console opens it with ?client=demo-laas-lm (console.localhost is in LAAS_HOSTS).
 */

test.describe.configure({ timeout: 120_000 });

function consoleUrl(baseURL: string | undefined): string {
  const url = new URL('/demo-host/console.html?client=demo-laas-lm', baseURL ?? 'http://localhost:4310');
  url.hostname = 'console.localhost';
  return url.href;
}

async function toOrigin(page: Page, baseURL: string | undefined) {
  await page.goto(consoleUrl(baseURL));
  const frame = page.frameLocator('#visita-console iframe');
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO, frame);
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await addExam(frame, 'Glicemia');
  await servicesToDate(frame);
  await holdFirstBlock(page, frame);
  await expect(frame.getByRole('heading', { name: 'Seleccionar paciente' })).toBeVisible();
  await frame.getByRole('button', { name: 'Crear nuevo paciente' }).click();
  await expect(frame.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();
  await frame.getByLabel('Primer nombre').fill('Rosa');
  await frame.getByLabel('Apellido paterno').fill('Valdés');
  await frame.getByLabel('Apellido materno').fill('Paredes');
  await frame.getByLabel('Día').selectOption('9');
  await frame.getByLabel('Mes').selectOption({ label: 'Octubre' });
  await frame.getByLabel('Año').selectOption('1975');
  await frame.getByLabel(/^Número de documento/).fill(freshRut());
  await frame.getByLabel('Correo electrónico').fill(freshEmail());
  await frame.getByLabel('Teléfono').fill('+56955554444');
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await frame.getByRole('button', { name: 'Continuar' }).click();
  expect((await finalised).status()).toBe(200);
  await expect(frame.getByRole('heading', { name: 'Selecciona el origen de la cita' })).toBeVisible();
  return frame;
}

test("staff choose the appointment's origin ('Otro' needs its text) and the amount with IVA, then confirm", async ({
  page,
  baseURL,
}) => {
  const frame = await toOrigin(page, baseURL);
  const next = frame.getByRole('button', { name: 'Continuar' });
  await expect(next).toBeDisabled();
  const origin = frame.getByRole('combobox', { name: 'Origen de la cita' });
  await origin.click();
  // The client's receivers sorted, then 'Otro'.
  await expect(frame.getByRole('option')).toHaveText([
    'Ejecutivo comercial',
    'Mesa central',
    'Sucursal Providencia',
    'Otro',
  ]);
  await expectNoSeriousAxeViolations(page);
  await frame.getByRole('option', { name: 'Otro' }).click();
  const other = frame.getByRole('textbox', { name: 'Otro origen' });
  await expect(other).toHaveAttribute('placeholder', 'Ingrese un valor');
  // 'Otro' without its text is no choice yet.
  await expect(next).toBeDisabled();
  await other.fill('   ');
  await expect(next).toBeDisabled();
  await other.fill('Feria de salud');
  await expect(next).toBeEnabled();
  await next.click();

  // 'Monto a Pagar': the subtotal is required, the discount not above it; IVA (Chile's 19 %, in
  // whole pesos) and total.
  await expect(frame.getByRole('heading', { name: 'Monto a Pagar' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByText('El subtotal es obligatorio')).toBeVisible();
  await frame.getByLabel('Subtotal', { exact: true }).fill('1000');
  await frame.getByLabel('Promoción / Descuento (monto)').fill('2000');
  await expect(frame.getByText('El descuento no puede ser mayor al subtotal')).toBeVisible();
  await frame.getByLabel('Subtotal', { exact: true }).fill('10000');
  await expect(frame.getByText('El descuento no puede ser mayor al subtotal')).toHaveCount(0);
  await expect(frame.getByRole('textbox', { name: 'IVA', exact: true })).toHaveValue('$1.520');
  await expect(frame.getByRole('textbox', { name: 'Total', exact: true })).toHaveValue('$9.520');
  await expectNoSeriousAxeViolations(page);
  const amount = page.waitForResponse((r) => r.url().includes('/amount/') && r.request().method() === 'POST');
  const lastMile = page.waitForResponse(
    (r) => r.url().includes('/last-mile/') && r.request().method() === 'PATCH',
  );
  await frame.getByRole('button', { name: 'Continuar' }).click();
  const saved = await amount;
  expect(saved.status()).toBe(200);
  expect(saved.request().postDataJSON()).toEqual({ total: 10000, discount: 2000 });
  expect(await saved.json()).toEqual({ subtotal: 10000, discount: 2000, iva: 1520, total: 9520 });
  // The last-mile client's delivery amount is the total, recorded with the folio.
  const recorded = await lastMile;
  expect(recorded.status()).toBe(200);
  expect(recorded.request().postDataJSON()).toMatchObject({ amount: 9520 });

  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  const confirmed = page.waitForResponse((r) => r.url().includes('/manual_confirm/'));
  await frame.getByRole('button', { name: 'Continuar' }).click();
  expect((await confirmed).status()).toBe(200);
  await expect(frame.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
});
