import { expect, test } from '@playwright/test';
import { addExam, APOQUINDO, chooseAddress } from './address-and-services-helpers.ts';
import { consoleUrl, events, toSelectPatient } from './staff-helpers.ts';

test.describe.configure({ timeout: 120_000 });

test("'Volver' from 'Seleccionar paciente' shows a confirmation that cannot confirm without a patient", async ({
  page,
  baseURL,
}) => {
  await page.goto(consoleUrl(baseURL));
  const frame = page.frameLocator('#visita-console iframe');
  await toSelectPatient(page, frame);
  let confirmations = 0;
  page.on('request', (request) => {
    if (request.url().includes('/manual_confirm/')) confirmations += 1;
  });

  await frame.getByRole('button', { name: 'Volver' }).click();
  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await expect(frame.getByRole('alert').filter({ hasText: 'Falta el paciente de la cita' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  // Continuar leads to choosing the patient, never to a booking without one.
  await expect(frame.getByRole('heading', { name: 'Seleccionar paciente' })).toBeVisible();
  expect(confirmations).toBe(0);
});

test('closing after a booking keeps the console frame and starts over, empty, for the next patient', async ({
  page,
  baseURL,
}) => {
  await page.goto(consoleUrl(baseURL));
  const frame = page.frameLocator('#visita-console iframe');
  await toSelectPatient(page, frame);
  await frame.getByRole('combobox', { name: 'Paciente' }).fill('Camila');
  await frame.getByRole('option', { name: 'Camila Andrea Rojas Fuentes · 16.543.210-K' }).click();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();

  await frame.getByRole('button', { name: 'Salir' }).click();
  // The same frame, at the first step of the staff flow, with nothing of the last booking.
  await expect(page.locator('#visita-console iframe')).toHaveCount(1);
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue('');
  const names = (await events(page)).map((e) => e.event);
  expect(names).toContain('visita:successful');
  expect(names).not.toContain('visita:close');

  // The next patient's booking starts with an empty cart.
  await chooseAddress(page, APOQUINDO, frame);
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await expect(frame.getByText('No has agregado servicios')).toBeVisible();
  await expect(frame.locator('.visita-services-list .visita-service')).toHaveCount(0);

  // The shell's close button does the same in the middle of a booking.
  await addExam(frame, 'Glicemia');
  await frame.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.locator('#visita-console iframe')).toHaveCount(1);
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue('');
  expect((await events(page)).map((e) => e.event)).not.toContain('visita:close');
});
