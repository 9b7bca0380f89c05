import { expect, test } from '@playwright/test';
import { addExam, goToServices } from './address-and-services-helpers.ts';

const APPOINTMENTS = '**/api/v2/appointments/';

test('a failed creation shows the server message for 5 s and stays on services', async ({ page }) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  // Only the creation answer is made to fail, as a refusing server would.
  await page.route(APPOINTMENTS, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            err: 'no-nurses-for-given-location',
            msg: 'No hay enfermeras disponibles para la dirección dada',
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  const toast = page
    .locator('.visita-toast')
    .filter({ hasText: 'No hay enfermeras disponibles para la dirección dada' });
  await expect(toast).toBeVisible();
  await expect(page.locator('[data-step="services"]')).toBeVisible();
  await page.waitForTimeout(4200);
  // Still there after the 4 s of an ordinary error toast: this one lasts 5 s.
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 3000 });
});

test('a failure without a message says "Ha ocurrido un error"; an answer without id says it is unknown', async ({
  page,
}) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  let answer: { status: number; body: string } = { status: 502, body: 'Bad Gateway' };
  await page.route(APPOINTMENTS, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: answer.status, contentType: 'text/plain', body: answer.body })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.locator('.visita-toast').filter({ hasText: /^Ha ocurrido un error$/ })).toBeVisible();
  answer = { status: 201, body: '{}' };
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.locator('.visita-toast').filter({ hasText: 'Ha ocurrido un error desconocido' }),
  ).toBeVisible();
  await expect(page.locator('[data-step="services"]')).toBeVisible();
});
