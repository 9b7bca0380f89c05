import { expect, test } from '@playwright/test';
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

test("'Volver' from payment keeps the booking; the success screen says when, where, for whom and the reference, and promises no e-mail", async ({
  page,
}) => {
  await goToServices(page);
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  const held = page.waitForRequest((r) => r.url().includes('/schedule/') && r.method() === 'POST');
  await holdFirstBlock(page);
  const hold = (await held).postDataJSON() as { begin_date: string };
  await fillPatient(page, {
    firstName: 'Valentina',
    lastName: 'Muñoz',
    secondLastName: 'Araya',
    day: '3',
    month: 'Abril',
    year: '1992',
    document: freshRut(),
    email: freshEmail(),
    phone: '+56955512345',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  const beginTime = hold.begin_date.split(' ')[1]?.slice(0, 5) ?? '';
  const when = new RegExp(
    `^[A-ZÁÉÍÓÚ][a-záéíóú]+ \\d{2} de [a-z]+, llegada entre ${beginTime} y \\d{2}:\\d{2}$`,
  );
  // The confirmation already says when the nurse comes and for whom.
  await expect(page.getByTestId('confirmation-when')).toHaveText(when);
  await expect(page.getByTestId('confirmation-patients')).toHaveText('Valentina Muñoz Araya');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();

  // Back from payment: the confirmation still shows the address and the services.
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await expect(page.getByText(/Apoquindo 4500/)).toBeVisible();
  await expect(page.locator('.visita-service').filter({ hasText: 'Glicemia' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await fillCard(page, { number: TEST_VISA, name: 'APRO', exp: '11/30', cvc: '123' });
  const paid = page.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const payment = await paid;
  expect(payment.status()).toBe(200);
  const appointmentId = /mercado-pago\/([^/]+)\/card\//.exec(payment.url())?.[1] ?? '';
  expect(appointmentId).not.toBe('');

  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await expect(page.getByTestId('booking-reference')).toHaveText(appointmentId.slice(0, 8).toUpperCase());
  // The held block's start, as the sector's local time, and the latest arrival after it.
  await expect(page.getByTestId('booking-when')).toHaveText(when);
  await expect(page.getByTestId('booking-where')).toContainText('Apoquindo 4500');
  await expect(page.getByTestId('booking-patients')).toHaveText('Valentina Muñoz Araya');
  await expect(page.getByText(/correo electrónico/)).toHaveCount(0);
  await expect(page.getByText(/no está disponible|aún no/i)).toHaveCount(0);
});
