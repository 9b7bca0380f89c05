import { expect, test } from '@playwright/test';
import { ANTOFAGASTA, chooseAddress, goToAddress } from './address-and-services-helpers.ts';

test('after an address out of coverage, typing a new one clears the message under the field', async ({
  page,
}) => {
  await goToAddress(page);
  await chooseAddress(page, ANTOFAGASTA);
  const dialog = page.getByRole('dialog', { name: 'Fuera de zona de cobertura' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button').click();
  const field = page.locator('.visita-address-search');
  const search = page.getByRole('combobox', { name: 'Dirección' });
  await expect(field.getByText('Todavía no llegamos a esta dirección')).toBeVisible();
  await expect(search).toHaveAttribute('aria-invalid', 'true');

  await search.pressSequentially(' 2');
  await expect(field.getByText('Todavía no llegamos a esta dirección')).toHaveCount(0);
  await expect(field.locator('.visita-field__error')).toHaveCount(0);
  await expect(search).not.toHaveAttribute('aria-invalid', 'true');
});
