import { expect, type FrameLocator, type Page } from '@playwright/test';
import { addExam, APOQUINDO, chooseAddress } from './address-and-services-helpers.ts';
import { holdFirstBlock, servicesToDate } from './patients-and-payment-helpers.ts';

export interface HostEvent {
  event: string;
  detail: Record<string, unknown>;
}

export const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { visitaEvents: HostEvent[] }).visitaEvents);

export function consoleUrl(baseURL: string | undefined): string {
  const url = new URL('/demo-host/console.html', baseURL ?? 'http://localhost:4310');
  url.hostname = 'console.localhost';
  return url.href;
}

/** From the console's first screen (the address) to 'Seleccionar paciente', the block held. */
export async function toSelectPatient(page: Page, frame: FrameLocator): Promise<void> {
  // The laas flow starts at the address.
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO, frame);
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await addExam(frame, 'Glicemia');
  await servicesToDate(frame);
  // Date: the first block is picked by itself; continuing holds it.
  await holdFirstBlock(page, frame);

  await expect(frame.getByRole('heading', { name: 'Seleccionar paciente' })).toBeVisible();
}
