import { expect, test } from '@playwright/test';
import { addExam, goToServices } from './address-and-services-helpers.ts';

test('a Fonasa patient is asked the tier: tier A pays the particular price, tier B the copay', async ({
  page,
}) => {
  await goToServices(page);
  await addExam(page, 'Hemograma');
  const hemograma = page.locator('.visita-service').filter({ hasText: 'Hemograma' }).first();
  await expect(hemograma).toContainText('$8.990');

  await page.getByRole('switch', { name: 'Fonasa' }).check();
  const tier = page.getByRole('combobox', { name: 'Tramo Fonasa' });
  await expect(tier).toBeVisible();
  // Continuing without the tier asks for it, on the field.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Selecciona tu tramo de Fonasa', { exact: true })).toBeVisible();
  await expect(tier).toBeFocused();
  await expect(tier).toHaveAttribute('aria-invalid', 'true');

  await tier.selectOption({ label: 'Tramo A' });
  await expect(
    page.getByText(
      'El tramo A de Fonasa no tiene copago en atención privada: estos exámenes se cobran como particular.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(hemograma).toContainText('$8.990');

  const quoted = page.waitForRequest((r) => r.url().endsWith('/api/v2/cart-price/') && r.method() === 'POST');
  await tier.selectOption({ label: 'Tramo B' });
  expect((await quoted).postDataJSON().patients[0]).toMatchObject({ is_fonasa: true, fonasa_tier: 'B' });
  await expect(hemograma).not.toContainText('$8.990');
  await expect(page.getByText('Selecciona tu tramo de Fonasa', { exact: true })).toHaveCount(0);
});
