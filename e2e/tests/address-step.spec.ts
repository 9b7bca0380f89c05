import { expect, test } from '@playwright/test';
import { framedWidget } from './frame-helpers.ts';
import {
  ANTOFAGASTA,
  APOQUINDO,
  chooseAddress,
  expectNoSeriousAxeViolations,
  goToAddress,
} from './address-and-services-helpers.ts';

test('the address search waits 1500 ms and needs a letter and a digit', async ({ page }) => {
  await page.clock.install();
  await goToAddress(page);
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/places/autocomplete/')) calls += 1;
  });
  const search = page.getByRole('combobox', { name: 'Dirección' });
  await expect(search).toHaveAttribute('placeholder', 'Ingresa tu calle y número');
  // Letters only: no suggestions are asked for, however long one waits.
  await search.fill('Avenida Apoquindo');
  await page.clock.runFor(3000);
  expect(calls).toBe(0);
  await search.fill(APOQUINDO);
  await page.clock.runFor(1400);
  expect(calls).toBe(0);
  const answered = page.waitForResponse((r) => r.url().includes('/api/v2/places/autocomplete/'));
  await page.clock.runFor(200);
  await answered;
  expect(calls).toBe(1);
  const list = page.getByRole('listbox', { name: 'Dirección' });
  await expect(list.getByRole('option')).toHaveText([/Avenida Apoquindo 4500, Las Condes/]);
  await expect(list).toHaveCSS('max-height', '200px');
  // A click outside closes the list.
  await page.getByRole('heading', { name: '¿Dónde te visitamos?' }).click();
  await expect(list).toHaveCount(0);
});

test('a covered address enables Continuar; Departamento needs its number', async ({ page }) => {
  await goToAddress(page);
  const continueButton = page.getByRole('button', { name: 'Continuar' });
  await expect(continueButton).toBeDisabled();
  await chooseAddress(page, APOQUINDO);
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/Avenida Apoquindo 4500/);
  await expect(continueButton).toBeEnabled();
  for (const type of ['Casa', 'Departamento', 'Otro'])
    await expect(page.getByRole('radio', { name: type })).toBeVisible();
  await page.getByRole('radio', { name: 'Departamento' }).check();
  await expect(page.getByText('Ingresa el número de departamento', { exact: true })).toBeVisible();
  await expect(continueButton).toBeDisabled();
  const apartment = page.getByRole('textbox', { name: 'Piso, oficina o departamento' });
  await expect(apartment).toHaveAttribute('placeholder', '305');
  await apartment.fill('x'.repeat(101));
  await expect(page.getByText(/100 caracteres/)).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await apartment.fill('305');
  await expect(continueButton).toBeEnabled();
  const info = page.getByRole('textbox', { name: 'Información adicional' });
  await expect(info).toHaveAttribute('placeholder', 'Casa B en condominio, timbre malo');
  await info.fill('y'.repeat(501));
  await expect(page.getByText(/500 caracteres/)).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await info.fill('Timbre malo');
  await expect(continueButton).toBeEnabled();
  // Editing the text clears the chosen address.
  await page.getByRole('combobox', { name: 'Dirección' }).fill('Avenida Apoquindo');
  await expect(continueButton).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
});

test('an address out of coverage shows the dialog and the inline text; focus comes back', async ({
  page,
}) => {
  await goToAddress(page);
  await chooseAddress(page, ANTOFAGASTA);
  const dialog = page.getByRole('dialog', { name: 'Fuera de zona de cobertura' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Todavía no llegamos a esta dirección')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Focus is trapped inside the dialog.
  await expect(dialog.getByRole('button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(
    page.locator('.visita-address-search').getByText('Todavía no llegamos a esta dirección'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
});

test('the lab partner says so in its words and tells its host address-out-of-range', async ({
  page,
  baseURL,
}) => {
  const { frame, received } = await framedWidget(page, baseURL, 'laboratoriochopo');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  const schedule = frame.getByRole('heading', { name: '¿Cómo quieres agendar?' });
  const address = frame.getByRole('heading', { name: '¿Dónde te visitamos?' });
  await expect(schedule.or(address)).toBeVisible();
  if (await schedule.isVisible()) await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(address).toBeVisible();
  await frame
    .getByRole('combobox', { name: 'Dirección' })
    .fill('Avenida Tulum 100, Benito Juárez, Quintana Roo');
  await frame.getByRole('option').first().click();
  await expect(
    frame.locator('.visita-address-search').getByText('Sin cobertura en esta área. Ingresa otra ubicación'),
  ).toBeVisible();
  await expect.poll(received).toContainEqual(
    expect.objectContaining({
      source: 'visita',
      v: 1,
      type: 'close',
      payload: { error: 'address-out-of-range' },
    }),
  );
});

test('a street typed without its commune is offered in several communes; the one chosen is kept', async ({
  page,
}) => {
  await goToAddress(page);
  const search = page.getByRole('combobox', { name: 'Dirección' });
  await search.fill('Avenida Apoquindo 4500');
  const options = page.getByRole('listbox', { name: 'Dirección' }).getByRole('option');
  await expect(options.first()).toBeVisible({ timeout: 10_000 });
  expect(await options.count()).toBeGreaterThan(1);
  await options.filter({ hasText: /^Avenida Apoquindo 4500, Las Condes,/ }).click();
  await expect(search).toHaveValue(/^Avenida Apoquindo 4500, Las Condes/);
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
});
