import { expect, test } from '@playwright/test';
import { addExam, APOQUINDO, chooseAddress } from './address-and-services-helpers.ts';
import { servicesToDate } from './patients-and-payment-helpers.ts';
import { lastMileConsoleUrl } from './staff-console-helpers.ts';

test("the folio the staff console passes to Visita.open() fills 'Número de folio' and is stored as the appointment's last-mile folio", async ({
  page,
  baseURL,
}) => {
  // The console page opens the widget with folio 'F-1001'.
  await page.goto(lastMileConsoleUrl(baseURL));
  const frame = page.frameLocator('#visita-console iframe');
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await expect(frame.getByLabel('Número de folio')).toHaveValue('F-1001');
  await chooseAddress(page, APOQUINDO, frame);
  // Staff create the appointment on their way to the date.
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/v2/appointments/') && r.request().method() === 'POST',
  );
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await addExam(frame, 'Glicemia');
  await servicesToDate(frame);
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON().last_mile).toEqual({ folio: 'F-1001', amount: null });
});
