import { expect, type Page, test } from '@playwright/test';
import { addExam, goToServices } from './address-and-services-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** '$21.272' → 21272 (CLP has no decimals). */
const pesos = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

async function totalInPriceTable(page: Page): Promise<number> {
  const cell = page.locator('[data-row="total-amount"] td');
  await expect(cell).toHaveText(/\$\d/);
  return pesos(await cell.textContent());
}

test('a booking with BIENVENIDA10 paid by card: the price shown is the price charged, to the success screen', async ({
  page,
}) => {
  await goToServices(page);
  await addExam(page, 'Perfil lip');
  await addExam(page, 'Glicemia');
  const before = await totalInPriceTable(page);
  await page.getByRole('textbox', { name: 'Cupón de descuento' }).fill('BIENVENIDA10');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByRole('button', { name: 'Aplicado' })).toBeVisible();
  await expect(page.locator('[data-row="discount"] td')).toHaveText(/^-\$\d/);
  await expect.poll(() => totalInPriceTable(page)).toBeLessThan(before);
  const quoted = await totalInPriceTable(page);

  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Catalina',
    lastName: 'Reyes',
    secondLastName: 'Lagos',
    day: '3',
    month: 'Mayo',
    year: '1988',
    document: freshRut(),
    email: freshEmail(),
    phone: '+56955554444',
  });
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const finalize = await finalised;
  // The coupon travels with the patients and the server keeps it for the charge.
  expect(finalize.request().postDataJSON()).toMatchObject({ coupon_code: 'BIENVENIDA10' });
  expect(finalize.status()).toBe(200);

  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  const shown = page.locator('.visita-summary').filter({ hasText: 'Total a pagar:' });
  await expect(shown).toHaveText(/\$\d/);
  expect(pesos(await shown.textContent())).toBe(quoted);

  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  const charged = page.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const card = await charged;
  expect(card.status(), await card.text()).toBe(200);
  expect(card.request().postDataJSON().amount).toBe(quoted);
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
});
