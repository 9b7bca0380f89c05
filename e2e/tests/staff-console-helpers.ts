import { expect, type FrameLocator, type Page } from '@playwright/test';
import { addExam, APOQUINDO, chooseAddress } from './address-and-services-helpers.ts';
import { freshEmail, freshRut, holdFirstBlock, servicesToDate } from './patients-and-payment-helpers.ts';

/** The demo staff console (console.localhost is in LAAS_HOSTS) opening the last-mile staff client. */
export function lastMileConsoleUrl(baseURL: string | undefined): string {
  const url = new URL('/demo-host/console.html?client=demo-laas-lm', baseURL ?? 'http://localhost:4310');
  url.hostname = 'console.localhost';
  return url.href;
}

/** The console's widget from the address to the origin step, with a new patient. */
export async function lastMileToOrigin(page: Page, baseURL: string | undefined): Promise<FrameLocator> {
  await page.goto(lastMileConsoleUrl(baseURL));
  const frame = page.frameLocator('#visita-console iframe');
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO, frame);
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await addExam(frame, 'Glicemia');
  await servicesToDate(frame);
  await holdFirstBlock(page, frame);
  await frame.getByRole('button', { name: 'Crear nuevo paciente' }).click();
  await frame.getByLabel('Primer nombre').fill('Rosa');
  await frame.getByLabel('Apellido paterno').fill('Valdés');
  await frame.getByLabel('Apellido materno').fill('Paredes');
  await frame.getByLabel('Día').selectOption('9');
  await frame.getByLabel('Mes').selectOption({ label: 'Octubre' });
  await frame.getByLabel('Año').selectOption('1975');
  await frame.getByLabel(/^Número de documento/).fill(freshRut());
  await frame.getByLabel('Correo electrónico').fill(freshEmail());
  await frame.getByLabel('Teléfono').fill('+56955554444');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Selecciona el origen de la cita' })).toBeVisible();
  return frame;
}
