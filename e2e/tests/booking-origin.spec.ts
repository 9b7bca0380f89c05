import { expect, test } from '@playwright/test';
import { lastMileToOrigin } from './staff-console-helpers.ts';

test.describe.configure({ timeout: 120_000 });

test("the origin staff choose ('Otro' with its text) is stored on the appointment and their token reads it back", async ({
  page,
  baseURL,
}) => {
  const frame = await lastMileToOrigin(page, baseURL);
  await frame.getByRole('combobox', { name: 'Origen de la cita' }).click();
  await frame.getByRole('option', { name: 'Otro' }).click();
  await frame.getByRole('textbox', { name: 'Otro origen' }).fill('Feria de salud Ñuñoa');
  const saved = page.waitForResponse((r) => r.url().includes('/origin/') && r.request().method() === 'PATCH');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  await expect(frame.getByRole('heading', { name: 'Monto a Pagar' })).toBeVisible();
  const appointmentId = /appointments\/([^/]+)\/origin\//.exec(response.url())?.[1] ?? '';

  // The client's staff read the appointment back with the origin they recorded.
  const read = await page.request.get(`${baseURL}/api/v2/appointments/${appointmentId}/`, {
    headers: { authorization: 'Bearer demo-laas-lm-token' },
  });
  expect(read.status()).toBe(200);
  expect((await read.json()).client_origin).toBe('Feria de salud Ñuñoa');
});
