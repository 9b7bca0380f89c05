import { expect, test } from '@playwright/test';
import {
  addExam,
  APOQUINDO,
  expectNoSeriousAxeViolations,
  goToAddress,
  goToServices,
} from './address-and-services-helpers.ts';

test('redsalud shows its price disclaimer under the price table', async ({ page }) => {
  await goToServices(page, APOQUINDO, 'redsalud');
  await expect(
    page.getByText(
      'El precio de los exámenes es referencial. El copago se paga en el domicilio según tu plan de salud.',
      { exact: true },
    ),
  ).toBeVisible();
});

test('clinicaalemana shows "A calcular en domicilio" instead of the exam price, and its disclaimer', async ({
  page,
}) => {
  await goToServices(page, APOQUINDO, 'clinicaalemana');
  await addExam(page, 'Glicemia');
  await expect(page.locator('[data-row="total-exams"] td')).toHaveText('A calcular en domicilio');
  await expect(page.getByText(/El valor corresponde solo al servicio a domicilio/)).toBeVisible();
});

test('the demo client shows no disclaimer', async ({ page }) => {
  await goToServices(page);
  await expect(page.locator('.visita-note')).toHaveCount(0);
});

test('an inactive sales source shows the sold-out panel', async ({ page }) => {
  // The demo seed has no inactive source: only this answer is made inactive, as the API would say.
  await page.route('**/api/v2/operative/*/status/', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"active":false,"reason":"stockout"}',
    }),
  );
  await page.goto('/cajalosandes');
  await expect(page.getByRole('heading', { name: 'Se acabó el stock.' })).toBeVisible();
  await expect(page.getByText(/El stock disponible se ha agotado/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the address search works by keyboard; leaving it empty-handed names the missing address', async ({
  page,
}) => {
  await goToAddress(page);
  const search = page.getByRole('combobox', { name: 'Dirección' });
  await search.focus();
  await search.pressSequentially('Avenida Providencia 12');
  await page.keyboard.press('Tab');
  await expect(page.getByText('Ingresa una dirección', { exact: true })).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().includes('/api/v2/places/autocomplete/'));
  await search.fill('Avenida Providencia 1208, Providencia');
  await answered;
  await expect(page.getByRole('option')).toHaveCount(1);
  await search.press('ArrowDown');
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(search).toHaveValue(/Avenida Providencia 1208/);
  await expect(page.getByText('Ingresa una dirección', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();
});

test('closing the out-of-coverage dialog gives focus back to the search', async ({ page }) => {
  await goToAddress(page);
  const search = page.getByRole('combobox', { name: 'Dirección' });
  const answered = page.waitForResponse((r) => r.url().includes('/api/v2/places/autocomplete/'));
  await search.fill('Avenida Grecia 1000, Antofagasta');
  await answered;
  await search.press('ArrowDown');
  await search.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Fuera de zona de cobertura' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendido' }).press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(search).toBeFocused();
});
