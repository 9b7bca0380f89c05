import { expect, type Request, test } from '@playwright/test';
import { manageLink, waitForMail } from './mail-helpers.ts';
import { expectNoSeriousAxeViolations } from './address-and-services-helpers.ts';
import {
  fillCard,
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

// The demo's one prebuilt cart has one appointment: these walks continue it, pay it, and then come
// back to the link, in that order.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const DEMO_CART_APPOINTMENT = '6d2f1a3c-4b5e-4f60-8a71-9b0c1d2e3f40';

test('the cart maker resumes demo-cart: its items and coupon, then its appointment at its address, the address step skipped', async ({
  page,
}) => {
  const created: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/appointments/') && request.method() === 'POST')
      created.push(request.url());
  });
  await page.goto('/demo?cart-maker=demo-cart');
  await expect(page.getByRole('heading', { name: 'Tu carrito' })).toBeVisible();
  for (const name of ['Hemograma', 'Perfil lipídico', 'Chequeo preventivo'])
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('BIENVENIDA10', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // The back button is hidden on the resume screen.
  await expect(page.getByRole('button', { name: 'Volver' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continuar' }).click();
  // The cart's appointment brought its address: the date step follows, on that appointment.
  await expect(page.locator('[data-step="date"]')).toBeVisible();
  await expect(page.locator('.visita-time').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '¿Dónde te visitamos?' })).toHaveCount(0);
  expect(created).toEqual([]);
  // Back from the date goes to the resume screen, past the skipped address.
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { name: 'Tu carrito' })).toBeVisible();
});

test("a prebuilt cart's coupon is validated and priced: the resume shows the pack's exams at $0 and the coupon's discount, every quote carries the code", async ({
  page,
  request,
}) => {
  const email = freshEmail();
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
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Camila',
    lastName: 'Reyes',
    secondLastName: 'Fuentes',
    day: '9',
    month: 'Junio',
    year: '1988',
    document: freshRut(),
    email,
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
  // The screen says where the confirmation went, and it arrives there with its manage link.
  await expect(
    page.getByText(
      `Te enviamos la confirmación a ${email}, con el enlace para cambiar o cancelar tu reserva.`,
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  const mail = await waitForMail(request, (m) => m.to.includes(email));
  expect(manageLink(mail)).toContain(`appointment=${DEMO_CART_APPOINTMENT}`);
});

test('once its appointment is booked, the same link starts a new appointment with the same cart', async ({
  page,
}) => {
  await page.goto('/demo?cart-maker=demo-cart');
  await expect(page.getByRole('heading', { name: 'Tu carrito' })).toBeVisible();
  await expect(page.getByText('Chequeo preventivo', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  // A new appointment is made at the address step, with the old one's address.
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/Apoquindo 4500/);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v2/appointments/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  const response = await saved;
  const answer = await response.json();
  expect(response.status(), JSON.stringify(answer)).toBe(201);
  // The booked visit is never reopened: the next person gets an appointment of their own.
  expect(typeof answer.id).toBe('string');
  expect(answer.id).not.toBe(DEMO_CART_APPOINTMENT);
  await expect(page.locator('[data-step="date"]')).toBeVisible();
});
