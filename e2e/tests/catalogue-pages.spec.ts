import { expect, test } from '@playwright/test';
import { addExam, goToServices } from './address-and-services-helpers.ts';

test("'Más información' opens the exam's page in the partner's colours, not a JSON error", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await goToServices(page);
  await addExam(page, 'Hemograma');
  await expect(page.locator('.visita-services-list .visita-service')).toHaveCount(1);
  const link = page.getByRole('link', { name: 'Más información Hemograma' });
  await expect(link).toHaveAttribute('href', '/wiki/hemograma?client=demo');
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  await expect(tab.getByRole('heading', { level: 1, name: 'Hemograma' })).toBeVisible();
  await expect(tab.getByText(/^Desde \$/)).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'Preparación' })).toBeVisible();
  await expect(tab.getByText('Demo Salud')).toBeVisible();
  await expect(tab.locator('header')).toHaveCSS('background-color', 'rgb(19, 78, 74)');
});

test('an unknown exam page is a readable 404 page', async ({ page }) => {
  const response = await page.goto('/wiki/no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este examen' })).toBeVisible();
});
