import { type Browser, expect, test } from '@playwright/test';
import { addExam, APOQUINDO, goToServices } from './address-and-services-helpers.ts';
import { bookInWidget, expectNoViolations, signInAsAdmin } from './console-helpers.ts';
import { receivedMails, waitForMail } from './mail-helpers.ts';
import {
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
} from './patients-and-payment-helpers.ts';

/**
 * An appointment's actions in the console: a widget booking paid by card gets a note, its
 * confirmation again, a refused outcome (the visit has not begun) and is cancelled with a reason
 * (the refund said, the patient's e-mail); a visit confirmed without payment by a partner that
 * collects at the address gets the payment recorded. Keyboard, focus and axe on the way.
 */

test.describe.configure({ timeout: 180_000 });

const CONFIRMED = 'Tu visita a domicilio está confirmada';
const CANCELLED = 'Tu visita a domicilio fue cancelada';

/** A visit on clinicaalemana (confirmed by hand, 'Payment Pending': paid at the address): its id. */
async function bookPaidAtAddress(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await goToServices(page, APOQUINDO, 'clinicaalemana');
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, {
    firstName: 'Tomás',
    lastName: 'Domicilio',
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
  await expect(page.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await context.close();
  return id;
}

test('an admin notes, resends, is refused the outcome and cancels a card-paid widget booking: the refund said, the e-mails sent', async ({
  page,
  browser,
  request,
}) => {
  const booking = await bookInWidget(browser);
  const confirmations = async () =>
    (await receivedMails(request)).filter(
      (m) => m.to.includes(booking.email) && m.subject.startsWith(CONFIRMED),
    ).length;
  await waitForMail(request, (m) => m.to.includes(booking.email) && m.subject.startsWith(CONFIRMED));
  await signInAsAdmin(page);
  await page.goto(`/console/citas/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Cita / })).toBeFocused();
  const visit = page.getByRole('table', { name: 'Visita' });
  await expect(visit.getByRole('row', { name: /^Resultado/ }).getByRole('cell')).toHaveText('—');
  const total = (
    await page
      .getByRole('table', { name: 'Montos' })
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .innerText()
  ).trim();
  // Paid by card: nothing to collect at the address.
  await expect(page.getByRole('button', { name: 'Registrar pago en domicilio' })).toHaveCount(0);
  await expectNoViolations(page, 'Cita');

  // A note: empty, the form says so; written, it shows first with the admin's name.
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByRole('alert')).toContainText('Escribe la nota.');
  await page
    .getByRole('textbox', { name: 'Nueva nota' })
    .fill('La paciente pide que toquen el timbre dos veces.');
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nota agregada.' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Agregar nota' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Nueva nota' })).toHaveValue('');
  const firstNote = page
    .getByRole('table', { name: /Notas de la cita/ })
    .getByRole('row')
    .nth(1);
  await expect(firstNote).toContainText('La paciente pide que toquen el timbre dos veces.');
  await expect(firstNote).toContainText('Administración demo');
  await expect(page.getByRole('table', { name: /Cambios de la cita/ })).toContainText(
    'appointment.note_added',
  );

  // The confirmation again: the patient gets a second one.
  const before = await confirmations();
  expect(before).toBe(1);
  await page.getByRole('button', { name: 'Reenviar confirmación' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Confirmación reenviada' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Reenviar confirmación' })).toBeFocused();
  await expect.poll(confirmations, { timeout: 20_000 }).toBe(before + 1);

  // The outcome before the visit begins: the API's refusal, nothing recorded.
  await page.getByRole('button', { name: 'Visita realizada' }).click();
  await expect(page.getByRole('alert')).toContainText('La visita aún no comienza');
  await expect(page.getByRole('status').filter({ hasText: 'Confirmación reenviada' })).toHaveCount(0);
  await expect(visit.getByRole('row', { name: /^Resultado/ }).getByRole('cell')).toHaveText('—');

  // Cancel: the dialog closed by Escape gives the focus back to its button.
  const cancelButton = page.getByRole('button', { name: 'Cancelar cita' });
  await cancelButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancelar cita' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('el pago se devuelve a la tarjeta');
  await expectNoViolations(page, 'Cancelar cita');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancelButton).toBeFocused();

  await cancelButton.click();
  await expect(dialog).toBeVisible();
  const reason = dialog.getByRole('textbox', { name: 'Motivo' });
  await reason.fill('no');
  await dialog.getByRole('button', { name: 'Cancelar la cita' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Indica el motivo');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'Cancelar cita con el motivo pendiente');
  await reason.fill('La paciente viaja fuera de la ciudad');
  await dialog.getByRole('button', { name: 'Cancelar la cita' }).press('Enter');
  await expect(dialog).toBeHidden();
  const cancelled = page.getByRole('status').filter({ hasText: 'Cita cancelada.' });
  await expect(cancelled).toHaveCount(1);
  await expect(cancelled).toContainText(`Se devuelven ${total} a la tarjeta del paciente.`);
  // Its button is gone: the focus is on what was said.
  await expect(cancelled).toBeFocused();
  await expect(visit.getByRole('row', { name: /^Estado (?!de pago)/ }).getByRole('cell')).toHaveText(
    'Cancelada',
  );
  await expect(page.getByRole('button', { name: 'Cancelar cita' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reenviar confirmación' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Cambios de la cita/ })).toContainText(
    'appointment.cancelled',
  );
  await expectNoViolations(page, 'Cita cancelada');
  await waitForMail(request, (m) => m.to.includes(booking.email) && m.subject.startsWith(CANCELLED));
});

test('an admin records a payment collected at the address of a visit confirmed without one', async ({
  page,
  browser,
}) => {
  const id = await bookPaidAtAddress(browser);
  await signInAsAdmin(page);
  await page.goto(`/console/citas/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Cita / })).toBeFocused();
  const visit = page.getByRole('table', { name: 'Visita' });
  await expect(visit.getByRole('row', { name: /^Estado de pago/ }).getByRole('cell')).toHaveText(
    'Pago pendiente',
  );
  const total = (
    await page
      .getByRole('table', { name: 'Montos' })
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .innerText()
  ).trim();

  await page.getByRole('button', { name: 'Registrar pago en domicilio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar pago en domicilio' });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByRole('textbox', { name: 'Monto cobrado' });
  // The total, as a whole number.
  await expect(amount).toHaveValue(total.replace(/\D/g, ''));
  await expectNoViolations(page, 'Registrar pago en domicilio');
  await amount.fill('');
  await dialog.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Indica el monto cobrado');
  await amount.fill(total.replace(/\D/g, ''));
  await dialog.getByRole('combobox', { name: 'Medio de pago' }).selectOption({ label: 'Transferencia' });
  await dialog.getByRole('textbox', { name: /Referencia/ }).fill('TRF-20991');
  await dialog.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(dialog).toBeHidden();
  const recorded = page.getByRole('status').filter({ hasText: 'Pago registrado' });
  await expect(recorded).toHaveText(`Pago registrado: ${total} (Transferencia).`);
  await expect(recorded).toBeFocused();
  await expect(visit.getByRole('row', { name: /^Estado de pago/ }).getByRole('cell')).toHaveText('Pagada');
  await expect(page.getByRole('button', { name: 'Registrar pago en domicilio' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Cambios de la cita/ })).toContainText(
    'appointment.payment_recorded',
  );
});
