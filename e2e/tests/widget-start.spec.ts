import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './address-and-services-helpers.ts';

test('show_tyc: Continuar is blocked until the terms are accepted', async ({ page }) => {
  await page.goto('/demo-tyc');
  const checkbox = page.getByRole('checkbox', { name: 'He leído y aceptado los términos y condiciones' });
  await expect(checkbox).not.toBeChecked();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByText('Debes aceptar los términos y condiciones para continuar', { exact: true }),
  ).toBeVisible();
  await expect(page.locator('[data-step="introduction"]')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // The terms step and back keep the tick.
  await checkbox.check();
  await page.getByRole('button', { name: 'Ver términos y condiciones' }).click();
  await expect(page.getByRole('heading', { name: 'Términos y condiciones' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Volver' }).first().click();
  await expect(checkbox).toBeChecked();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.locator('[data-step="introduction"]')).toHaveCount(0);
});

test('a client without show_tyc has no terms checkbox', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});

test('schedule type: normal by default goes to the address, medical order to the upload', async ({
  page,
}) => {
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¿Cómo quieres agendar?' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Agendar por mi cuenta/ })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('radio', { name: /orden médica/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.locator('[data-step="upload-order"]')).toBeVisible();
});

test('services in the query: the resume screen lists them, then the address says it checks them', async ({
  page,
}) => {
  await page.goto('/demo?services=3');
  await expect(page.getByRole('heading', { name: 'Tu carrito' })).toBeVisible();
  await expect(page.getByText('Glicemia', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByText('Confirmaremos la disponibilidad de tus servicios con ella', { exact: true }),
  ).toBeVisible();
});
