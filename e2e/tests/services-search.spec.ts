import { expect, test } from '@playwright/test';
import { goToServices } from './address-and-services-helpers.ts';

test("the exam search asks for every category with a null category, not 'all'", async ({ page }) => {
  await goToServices(page);
  const searched = page.waitForRequest(
    (request) =>
      request.url().includes('/api/v2/search/client/') &&
      new URL(request.url()).searchParams.get('query') === 'Hemograma',
  );
  await page.getByRole('combobox', { name: 'Buscar examen' }).fill('Hemograma');
  const url = new URL((await searched).url());
  expect(url.searchParams.has('category')).toBe(false);
  await expect(page.getByRole('option', { name: /Hemograma/ }).first()).toBeVisible();
});
