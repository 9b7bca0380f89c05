import { expect, type Page, test } from '@playwright/test';
import { addExam, APOQUINDO, goToServices } from './address-and-services-helpers.ts';
import {
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
} from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** One patient with Glicemia on the first block, to the confirmation (the e-mail unless the client has a default). */
async function bookToPayment(page: Page, client: string, email: string | null = freshEmail()): Promise<void> {
  await goToServices(page, APOQUINDO, client);
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Tomás',
    lastName: 'Vera',
    secondLastName: 'Silva',
    day: '12',
    month: 'Octubre',
    year: '1979',
    document: freshRut(),
    ...(email === null ? {} : { email }),
    phone: '+56944443333',
  });
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await finalised).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Confirma tu cita', level: 1 })).toBeVisible();
}

test('a partner that collects the visit itself confirms it by hand; the server, not the widget, names the payment', async ({
  page,
}) => {
  await bookToPayment(page, 'clinicaalemana');
  // Nothing is charged online: the confirmation says the total is paid at the address.
  await expect(page.locator('[data-row="total-amount"] th')).toHaveText('Total a pagar en domicilio');
  const confirmed = page.waitForResponse((r) => r.url().includes('/manual_confirm/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const response = await confirmed;
  expect(response.status()).toBe(200);
  // The product's payment fields travel with the confirmation; the server decides by itself.
  expect(response.request().postDataJSON()).toMatchObject({
    payment_method: 'In address',
    payment_gateway: 'Partner',
    payment_status: 'Payment Pending',
    force_confirmation: true,
  });
  expect(await response.json()).toMatchObject({
    status: 'confirmed',
    payment_gateway: 'Partner',
    // Nothing was charged: an anonymous confirmation is never a successful payment.
    payment_status: 'Payment Pending',
  });
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
});

test("a staff client's widget opened without staff (no API token) asks for a card: nothing is confirmed by hand", async ({
  page,
}) => {
  const byHand: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/manual_confirm/')) byHand.push(request.url());
  });
  // demo-laas books every patient with its default e-mail: the form has no e-mail field.
  await bookToPayment(page, 'demo-laas', null);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tarjeta de crédito' })).toBeVisible();
  await expect(page.getByText('Total a pagar:')).toBeVisible();
  expect(byHand).toEqual([]);
});
