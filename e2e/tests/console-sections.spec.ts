import { type Browser, expect, test } from '@playwright/test';
import { bookInWidget, expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

/**
 * The console's sections on the demo data: a booking made in the widget is found on Citas by the
 * patient's RUT, opens on its own page and shows on its sector's agenda that day; Operadores
 * creates an account and shows its one-time password once; a partner's operator gets 403 on
 * another partner's appointment; axe finds nothing on any section.
 */

test.describe.configure({ timeout: 180_000 });

/** A new operator's first sign-in in its own browser: the one-time password, then a new one. */
async function firstSignIn(browser: Browser, email: string, oneTimePassword: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/console/ingresar');
  await page.getByRole('textbox', { name: 'Correo' }).fill(email);
  await page.getByLabel(/^Contraseña\b/).fill(oneTimePassword);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/console\/ingresar\/contrasena$/);
  await page.getByLabel('Contraseña de un solo uso').fill(oneTimePassword);
  const password = 'Clave extensa de prueba 2026';
  await page.getByLabel(/^Contraseña nueva/).fill(password);
  await page.getByLabel('Repite la contraseña nueva').fill(password);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(/\/console\/citas$/);
  return { context, page };
}

test('a booking made in the widget is found by RUT, opens on its page and shows on its sector’s agenda; a partner’s operator gets 403 on it; axe finds nothing', async ({
  page,
  browser,
}) => {
  const booking = await bookInWidget(browser);
  expect(booking.id).not.toBe('');
  await signInAsAdmin(page);

  // Citas: the search by RUT finds it alone; its code opens its page.
  await expect(page.getByRole('heading', { name: 'Citas', level: 1 })).toBeFocused();
  await expectNoViolations(page, '/citas');
  await page.getByRole('textbox', { name: 'Texto libre' }).fill(booking.rut);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const results = page.getByRole('table', { name: /Citas encontradas/ });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results.getByRole('cell', { name: /Javiera Consola/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 cita en pantalla' })).toBeVisible();
  await expectNoViolations(page, '/citas con resultados');
  await results.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/console/citas/${booking.id}$`));

  // Cita: the visit, the patient and the exam, the payment by card, its history.
  await expect(page.getByRole('heading', { level: 1, name: /^Cita / })).toBeFocused();
  await expect(page.getByRole('heading', { level: 3, name: 'Javiera Consola' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ítems de Javiera Consola' })).toContainText('Glicemia');
  await expect(page.getByRole('table', { name: 'Pagos e intentos de pago' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Historial', level: 2 })).toBeVisible();
  const visit = page.getByRole('table', { name: 'Visita' });
  const sector = (
    await visit
      .getByRole('row', { name: /^Sector/ })
      .getByRole('cell')
      .innerText()
  ).trim();
  expect(sector).not.toBe('—');
  await expectNoViolations(page, '/citas/:id');

  // Operadores: a partner's account for another partner, its one-time password shown once.
  await openSection(page, 'Operadores');
  await expect(page.getByRole('heading', { name: 'Operadores', level: 1 })).toBeFocused();
  await expectNoViolations(page, '/operadores');
  const form = page.getByRole('form', { name: 'Nueva cuenta' });
  const email = `socio-${Date.now()}@visita.localhost`;
  await form.getByRole('textbox', { name: 'Correo' }).fill(email);
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Pedro Socio');
  await form.getByRole('combobox', { name: 'Rol' }).selectOption('partner');
  const partnerSelect = form.getByRole('combobox', { name: 'Socio' });
  const other = await partnerSelect
    .locator('option')
    .evaluateAll((options) =>
      options.map((o) => (o as HTMLOptionElement).value).find((value) => value && value !== 'demo'),
    );
  expect(other).toBeTruthy();
  await partnerSelect.selectOption(other ?? '');
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  const created = page.getByRole('alert').filter({ hasText: 'Cuenta creada' });
  await expect(created).toBeFocused();
  const oneTimePassword = (await page.getByTestId('one-time-password').textContent())?.trim() ?? '';
  expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByRole('table', { name: 'Operadores de la consola' })).toContainText(email);
  await expectNoViolations(page, '/operadores con la cuenta creada');

  // That operator sees its own partner's data only: the demo booking answers 403 by API.
  const partner = await firstSignIn(browser, email, oneTimePassword);
  const status = await partner.page.evaluate(
    async (id) => (await fetch(`/api/console/appointments/${id}`)).status,
    booking.id,
  );
  expect(status).toBe(403);
  await partner.context.close();

  // Agenda: its sector on its day shows it in a nurse's row, linking back to it.
  await openSection(page, 'Agenda');
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeFocused();
  await page.getByRole('combobox', { name: 'Sector' }).selectOption({ label: sector });
  await page.getByLabel('Fecha').fill(booking.date);
  const grid = page.getByRole('table', { name: /una fila por enfermera/ });
  await expect(grid.locator(`a[href$="/citas/${booking.id}"]`)).toBeVisible();
  // The service filter: a glicemia is an exam, not a vaccine (its block stays taken, without details).
  const kind = page.getByRole('combobox', { name: 'Servicio' });
  await kind.selectOption('vaccine');
  await expect(grid.locator(`a[href$="/citas/${booking.id}"]`)).toHaveCount(0);
  await kind.selectOption('exam');
  await expect(grid.locator(`a[href$="/citas/${booking.id}"]`)).toBeVisible();
  await kind.selectOption('');
  await expect(page.getByRole('table', { name: /reservadas \/ capacidad/ })).toBeVisible();
  await expectNoViolations(page, '/agenda');

  // The week from that day: one column per day, the sector's load first, each day opening its agenda.
  await page.getByRole('combobox', { name: 'Vista' }).selectOption('week');
  const week = page.getByRole('table', { name: /bloques reservados \/ bloques en turno/ });
  await expect(week.getByRole('columnheader')).toHaveCount(8);
  await expect(week.getByRole('rowheader', { name: 'Sector (todas)' })).toBeVisible();
  await expect(
    week.getByRole('row').filter({ hasText: 'Sector (todas)' }).getByRole('cell').first(),
  ).toHaveText(/^[1-9]\d* \/ \d+$/);
  await expectNoViolations(page, '/agenda?view=week');
  await week.getByRole('columnheader').nth(1).getByRole('link').click();
  await expect(page.getByRole('combobox', { name: 'Vista' })).toHaveValue('day');
  await expect(grid.locator(`a[href$="/citas/${booking.id}"]`)).toBeVisible();
});
