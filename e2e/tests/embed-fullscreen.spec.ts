import { expect, type Page, test } from '@playwright/test';
import { addExam, APOQUINDO, chooseAddress } from './address-and-services-helpers.ts';
import { freshEmail, freshRut, holdFirstBlock, servicesToDate } from './patients-and-payment-helpers.ts';

interface HostEvent {
  widget?: string;
  event: string;
  detail: Record<string, unknown>;
}

const inlineEvents = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { visitaEvents: HostEvent[] }).visitaEvents)).filter(
    (e) => e.widget === 'inline',
  );

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 800 } });

test('on a phone the payment step takes the whole screen, and gives it back on leaving', async ({ page }) => {
  await page.goto('/demo-host/');
  await expect
    .poll(() => inlineEvents(page))
    .toEqual([{ widget: 'inline', event: 'visita:mounted', detail: {} }]);
  const iframe = page.locator('#visita-inline iframe');
  const frame = page.frameLocator('#visita-inline iframe');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO, frame);
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await addExam(frame, 'Glicemia');
  await servicesToDate(frame);
  await holdFirstBlock(page, frame);
  // Not before the payment step.
  await expect(iframe).not.toHaveCSS('position', 'fixed');

  await expect(frame.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();
  await frame.getByLabel('Primer nombre').fill('Florencia');
  await frame.getByLabel('Apellido paterno').fill('Gutiérrez');
  await frame.getByLabel('Apellido materno').fill('Salinas');
  await frame.getByLabel('Día').selectOption('12');
  await frame.getByLabel('Mes').selectOption({ label: 'Agosto' });
  await frame.getByLabel('Año').selectOption('1983');
  await frame.getByLabel(/^Número de documento/).fill(freshRut());
  await frame.getByLabel('Correo electrónico').fill(freshEmail());
  await frame.getByLabel('Teléfono').fill('+56961234567');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();

  await expect(frame.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  await expect(iframe).toHaveCSS('position', 'fixed');
  await expect(iframe).toHaveCSS('width', '390px');

  await frame.getByRole('button', { name: 'Volver' }).click();
  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await expect(iframe).not.toHaveCSS('position', 'fixed');
});
