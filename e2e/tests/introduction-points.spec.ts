import { expect, test } from '@playwright/test';

test('a partner without medical orders does not promise booking with one', async ({ page }) => {
  await page.goto('/clinicaalemana');
  const points = page.locator('.visita-points__item');
  await expect(points.first()).toHaveText(/Agenda tu hora en línea\.$/);
  await expect(page.locator('.visita-points')).not.toContainText('orden médica');
});

test('a partner with medical orders offers both ways in the first point', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.locator('.visita-points__item').first()).toHaveText(
    /Agenda tu hora en línea o con tu orden médica\.$/,
  );
});
