import { expect, test } from '@playwright/test';

/** A partner's terms are its profile's document, one link away from its introduction. */

test("the clinic's terms open from its introduction, show its prices and hours, and 'Volver' returns", async ({
  page,
}) => {
  await page.goto('/clinicaalemana');
  // Its terms need no acceptance (no show_tyc): a plain link, and Continuar is not blocked.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver términos y condiciones' }).click();
  await expect(
    page.getByRole('heading', {
      name: 'Términos y condiciones: toma de muestras y vacunación a domicilio',
      level: 1,
    }),
  ).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Valores', level: 2 })).toBeVisible();
  await expect(
    page.getByText('Vacuna: dosis 1 y 2 a $122.570 cada una; la dosis 3 no tiene costo.'),
  ).toBeVisible();
  await expect(page.getByText('Servicio a domicilio: $11.000.')).toBeVisible();
  await expect(
    page.getByText('Las transferencias se reciben de lunes a viernes de 08:00 a 14:00.'),
  ).toBeVisible();
  // The step's own 'Volver' (the shell's goes to the same place).
  await page.getByRole('main').getByRole('button', { name: 'Volver' }).click();
  await expect(page.locator('[data-step="introduction"]')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
});

test("the fund's promotion terms say its price, limit and rescheduling fee", async ({ page }) => {
  await page.goto('/cajalosandes');
  await page.getByRole('button', { name: 'Ver términos y condiciones' }).click();
  await expect(
    page.getByRole('heading', { name: 'Bases de la promoción: vacuna contra la influenza a domicilio' }),
  ).toBeVisible();
  await expect(page.getByText('Cada vacuna cuesta $6.990, más el servicio a domicilio.')).toBeVisible();
  await expect(page.getByText('Máximo 2 vacunas por cita.')).toBeVisible();
  await expect(page.getByText(/después, el cambio tiene un costo de \$3\.000/)).toBeVisible();
});

test("the Mexican laboratory's general terms, and a partner without terms offers no link", async ({
  page,
}) => {
  await page.goto('/laboratoriochopo');
  await page.getByRole('button', { name: 'Ver términos y condiciones' }).click();
  await expect(
    page.getByRole('heading', { name: 'Términos y condiciones del servicio a domicilio' }),
  ).toBeVisible();
  await expect(page.getByText(/precios se expresan en pesos mexicanos e incluyen IVA/)).toBeVisible();

  await page.goto('/demo');
  await expect(page.locator('[data-step="introduction"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver términos y condiciones' })).toHaveCount(0);
});
