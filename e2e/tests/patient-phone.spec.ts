import { expect, test } from '@playwright/test';
import { addExam, goToServices } from './address-and-services-helpers.ts';
import { holdFirstBlock, servicesToDate } from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('the phone has the placeholder, the mask and a country search; the rules stay the country’s', async ({
  page,
}) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await expect(page.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();

  const phone = page.getByLabel('Teléfono');
  await expect(phone).toHaveAttribute('placeholder', '1 (702) 123-4567');
  await expect(phone).toHaveValue('+56 9');
  await phone.fill('+56961234567');
  // The mask '... ... ... ... ..' groups the digits after the country's code.
  await expect(phone).toHaveValue('+56 961 234 567');

  // The country list, searched by name.
  const country = page.getByRole('button', { name: 'Código de país: Chile +56' });
  await country.click();
  const search = page.getByRole('combobox', { name: 'Buscar país' });
  const countries = page.getByRole('listbox', { name: 'Código de país' }).getByRole('option');
  await expect(search).toBeFocused();
  await expect(countries).toHaveText(['Chile +56', 'México +52']);
  await search.fill('mexi');
  await expect(countries).toHaveText(['México +52']);
  await search.press('Enter');
  await expect(phone).toHaveValue('+52 961 234 567');
  await expect(page.getByRole('button', { name: 'Código de país: México +52' })).toBeVisible();
  // A Chilean booking keeps Chile's phone rule.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(phone).toHaveAccessibleDescription('el número no tiene el formato correcto');

  await page.getByRole('button', { name: 'Código de país: México +52' }).click();
  await page.getByRole('combobox', { name: 'Buscar país' }).fill('chi');
  await countries.filter({ hasText: 'Chile +56' }).click();
  await expect(phone).toHaveValue('+56 961 234 567');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
});
