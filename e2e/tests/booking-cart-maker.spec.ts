import { expect, type Request, test } from '@playwright/test';
import { fillCard, fillPatient, freshEmail, freshRut, holdFirstBlock, TEST_VISA } from './part-2-helpers.ts';

test.describe.configure({ timeout: 90_000 });

test("a prebuilt cart's coupon is validated and priced: the resume shows the pack's exams at $0 and the coupon's discount, every quote carries the code", async ({
  page,
}) => {
  const quotes: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/cart-price/') && request.method() === 'POST') quotes.push(request);
  });
  await page.goto('/demo?cart-maker=demo-cart');
  await expect(page.getByRole('heading', { name: 'Tu carrito' })).toBeVisible();

  // The pack's included exams cost nothing beside it, and say why.
  const hemograma = page.locator('.visita-service').filter({ hasText: 'Hemograma' });
  await expect(hemograma).toContainText('$0');
  await expect(hemograma).toContainText('ya está incluido en Chequeo preventivo');
  await expect(page.locator('.visita-service').filter({ hasText: 'Perfil lipídico' })).toContainText('$0');
  await expect(page.getByTestId('resume-coupon')).toHaveText(
    /^Cupón BIENVENIDA10: aplicado, descuento de \$[\d.]+$/,
  );

  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/Apoquindo 4500/);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Camila',
    lastName: 'Reyes',
    secondLastName: 'Fuentes',
    day: '9',
    month: 'Junio',
    year: '1988',
    document: freshRut(),
    email: freshEmail(),
    phone: '+56944412345',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  const discount = page.locator('[data-row="discount"] td');
  await expect(discount).toHaveText(/^-\$[1-9][\d.]*$/);

  expect(quotes.length).toBeGreaterThan(0);
  for (const quote of quotes) expect(quote.postDataJSON().coupon_code).toBe('BIENVENIDA10');
  const total = Number(
    ((await page.locator('[data-row="total-amount"] td').textContent()) ?? '').replace(/\D/g, ''),
  );

  // Paid by card to the end: the server charges the discounted price the confirmation showed.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  const charged = page.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const card = await charged;
  expect(card.status(), await card.text()).toBe(200);
  expect(card.request().postDataJSON().amount).toBe(total);
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
});
