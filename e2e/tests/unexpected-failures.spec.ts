import { expect, test } from '@playwright/test';
import { goToServices } from './address-and-services-helpers.ts';

test('a failure nobody handled says so in the 5 s toast instead of doing nothing', async ({ page }) => {
  test.setTimeout(60_000);
  await goToServices(page);
  // A promise of the widget's page that rejects with nobody to catch it (as a button's handler
  // whose call failed in a way no step expected).
  await page.evaluate(() => {
    void Promise.reject(new Error('fallo inesperado'));
  });
  const toast = page.getByRole('alert').filter({ hasText: 'Un error desconocido a ocurrido.' });
  await expect(toast).toBeVisible();
  // The step is still there to go on with.
  await expect(page.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 7000 });
});
