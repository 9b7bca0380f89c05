import { type Browser, expect, test } from '@playwright/test';
import { addExam, APOQUINDO, goToServices } from './address-and-services-helpers.ts';
import { expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';
import {
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
} from './patients-and-payment-helpers.ts';

/**
 * Finanzas, the money that needs a person: two visits booked in the widget on clinicaalemana
 * (confirmed by hand, recorded 'Payment Pending': nothing charged, to collect at the address) wait
 * in the queue; a finance operator (made by the admin on Operadores) records the payment of one from
 * the queue and writes the other off with a reason, by keyboard, and each leaves the queue. Axe on
 * the page and on the dialog.
 */

test.describe.configure({ timeout: 180_000 });

/** A visit on clinicaalemana left 'Payment Pending' (paid at the address): its short code. */
async function bookPaymentPending(browser: Browser, lastName: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await goToServices(page, APOQUINDO, 'clinicaalemana');
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Rosa',
    lastName,
    secondLastName: 'Silva',
    day: '12',
    month: 'Octubre',
    year: '1979',
    document: freshRut(),
    email: freshEmail(),
    phone: '+56944443333',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita', level: 1 })).toBeVisible();
  const confirmed = page.waitForResponse((r) => r.url().includes('/manual_confirm/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const response = await confirmed;
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'confirmed', payment_status: 'Payment Pending' });
  const id = /appointments\/([^/]+)\/manual_confirm\//.exec(response.url())?.[1] ?? '';
  await context.close();
  return id.slice(0, 8).toUpperCase();
}

test('finance resolves payments left pending from the queue: one recorded, one written off with a reason', async ({
  page,
  browser,
}) => {
  const paid = await bookPaymentPending(browser, 'Cobrada');
  const lost = await bookPaymentPending(browser, 'Castigada');

  // A finance account, made by the admin on Operadores; its first sign-in changes the password.
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await openSection(admin, 'Operadores');
  const email = `finanzas-${Date.now()}@visita.localhost`;
  const form = admin.getByRole('form', { name: 'Nueva cuenta' });
  await form.getByRole('textbox', { name: 'Correo' }).fill(email);
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Fernanda Finanzas');
  await form.getByRole('combobox', { name: 'Rol' }).selectOption('finance');
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  const oneTimePassword = (await admin.getByTestId('one-time-password').textContent())?.trim() ?? '';
  expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);
  await admin.close();

  await page.goto('/console/ingresar');
  await page.getByRole('textbox', { name: 'Correo' }).fill(email);
  await page.getByLabel(/^Contraseña\s*\*?$/).fill(oneTimePassword);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/console\/ingresar\/contrasena$/);
  await page.getByLabel('Contraseña de un solo uso').fill(oneTimePassword);
  const password = 'Balance cuadrado al cierre 2026';
  await page.getByLabel(/^Contraseña nueva/).fill(password);
  await page.getByLabel('Repite la contraseña nueva').fill(password);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByTestId('operator')).toHaveText('Fernanda Finanzas · Finanzas');
  await openSection(page, 'Finanzas');
  await expect(page).toHaveURL(/\/console\/finanzas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finanzas' })).toBeFocused();

  // Only what waits for a person to collect it.
  await page.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Pago pendiente' });
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page).toHaveURL(/tipo=payment_pending/);
  const queue = page.getByRole('table', { name: /Pagos que no se resuelven solos/ });
  const rowOf = (code: string) =>
    queue.getByRole('row').filter({ has: page.getByRole('link', { name: code }) });
  await expect(rowOf(paid)).toContainText('Pago pendiente');
  await expect(rowOf(paid)).toContainText('Rosa C.');
  await expect(rowOf(lost)).toBeVisible();
  await expect(rowOf(paid).getByRole('link', { name: paid })).toHaveAttribute(
    'href',
    /\/console\/citas\/[0-9a-f-]{36}$/,
  );
  await expectNoViolations(page, 'Finanzas');

  // The payment collected at the address, recorded from the queue by keyboard.
  await rowOf(paid).getByRole('button', { name: 'Registrar pago' }).focus();
  await page.keyboard.press('Enter');
  const payment = page.getByRole('dialog', { name: `Registrar el pago de la cita ${paid}` });
  await expect(payment).toBeVisible();
  await expect(payment.getByRole('textbox', { name: 'Monto cobrado' })).not.toHaveValue('');
  await payment.getByRole('combobox', { name: 'Medio' }).selectOption({ label: 'Transferencia' });
  await payment.getByRole('textbox', { name: 'Referencia' }).fill('TRF-2231');
  await payment.getByRole('button', { name: 'Registrar pago' }).click();
  const recorded = page.getByRole('status').filter({ hasText: `Cita ${paid}: pago de` });
  await expect(recorded).toBeVisible();
  await expect(recorded).toBeFocused();
  await expect(rowOf(paid)).toHaveCount(0);

  // Written off: the dialog closed by Escape gives the focus back to its button; no reason, the form says so.
  const writeOff = rowOf(lost).getByRole('button', { name: 'Castigar' });
  await writeOff.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Castigar lo adeudado de la cita ${lost}` });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, 'Castigar');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(writeOff).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Castigar' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Indica el motivo');
  await expect(dialog.getByRole('textbox', { name: /Motivo/ })).toBeFocused();
  await page.keyboard.type('La paciente se mudó al extranjero y no pagó la visita');
  await page.keyboard.press('Tab');
  await dialog.getByRole('button', { name: 'Castigar' }).press('Enter');
  const written = page.getByRole('status').filter({ hasText: `Cita ${lost}:` });
  await expect(written).toContainText('castigados');
  await expect(written).toBeFocused();
  await expect(rowOf(lost)).toHaveCount(0);

  // Gone for good: the whole queue no longer lists either.
  await page.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Todos los tipos' });
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /pagos? esper|No hay pagos/ })).toBeVisible();
  await expect(page.getByRole('link', { name: paid })).toHaveCount(0);
  await expect(page.getByRole('link', { name: lost })).toHaveCount(0);
  await expectNoViolations(page, 'Finanzas después');
});
