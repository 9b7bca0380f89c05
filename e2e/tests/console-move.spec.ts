import { expect, test } from '@playwright/test';
import { bookInWidget, expectNoViolations, signInAsAdmin } from './console-helpers.ts';
import { waitForMail } from './mail-helpers.ts';

/**
 * Moving a visit from the console: a booking made in the widget is moved to another nurse in its
 * own block by keyboard and dialog; the page shows the new nurse, the history the move, and the
 * patient's e-mail arrives through the run's SMTP server.
 */

test.describe.configure({ timeout: 180_000 });

test('a coordinator moves a widget booking to another nurse: the page, the history and the patient’s e-mail follow', async ({
  page,
  browser,
  request,
}) => {
  const booking = await bookInWidget(browser);
  await signInAsAdmin(page);
  await page.goto(`/console/citas/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Cita / })).toBeFocused();
  const visit = page.getByRole('table', { name: 'Visita' });
  const nurseRow = visit.getByRole('row', { name: /^Enfermera/ }).getByRole('cell');
  const before = (await nurseRow.innerText()).trim();
  expect(before).not.toBe('Sin asignar');

  await page.getByRole('button', { name: 'Mover visita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mover visita' });
  await expect(dialog).toBeVisible();
  // The visit's own day first, its time said, the current block marked.
  await expect(dialog.getByLabel('Día')).toHaveValue(booking.date);
  await expect(dialog).toContainText(`Ahora: ${booking.date} a las ${booking.begin.slice(11, 16)}.`);
  const hour = dialog.getByRole('combobox', { name: 'Hora' });
  const current = hour.locator('option', { hasText: '(hora actual)' });
  // Its own hour when another nurse is free then (the run's other bookings may fill it), else the
  // first hour offered.
  const sameHour = (await current.count()) === 1;
  const chosen = sameHour ? current : hour.locator('option').first();
  const chosenLabel = (await chosen.innerText()).trim();
  await hour.selectOption({ label: chosenLabel });
  const nurse = dialog.getByRole('combobox', { name: 'Enfermera' });
  const names = await nurse.locator('option').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  // In her own hour, her own nurse is busy: never offered.
  if (sameHour) expect(names).not.toContain(before);
  const after = names.find((name) => name !== before) ?? names[0] ?? '';
  await nurse.selectOption({ label: after });
  await expectNoViolations(page, 'Mover visita');

  // A day outside the month offered says so, and 'Mover' cannot be pressed.
  await dialog.getByLabel('Día').fill('2099-01-01');
  await expect(dialog.getByRole('alert')).toContainText('Solo se puede agendar hasta un mes desde hoy.');
  await expect(dialog.getByRole('button', { name: 'Mover' })).toBeDisabled();
  await dialog.getByLabel('Día').fill(booking.date);
  await hour.selectOption({ label: chosenLabel });
  await nurse.selectOption({ label: after });

  await dialog.getByRole('button', { name: 'Mover' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Visita movida' })).toContainText(after);
  await expect(page.getByRole('status').filter({ hasText: 'Visita movida' })).toContainText(
    'El paciente recibirá un correo con el cambio.',
  );
  await expect(nurseRow).toHaveText(after);
  // Focus back on the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Mover visita' })).toBeFocused();
  await expect(page.getByRole('table', { name: /Cambios de la cita/ })).toContainText('appointment.moved');

  // Same time, another nurse: the patient is told so, not of a new date; a new time, of the new date.
  const mail = await waitForMail(
    request,
    (m) =>
      m.to.includes(booking.email) &&
      m.subject.startsWith(
        sameHour
          ? 'Otra profesional hará tu visita a domicilio'
          : 'Cambiamos la fecha de tu visita a domicilio',
      ),
  );
  expect(mail.text).toContain(
    sameHour ? 'Tu visita sigue en la misma fecha y hora' : 'Tu visita tiene una nueva fecha y hora.',
  );
});
