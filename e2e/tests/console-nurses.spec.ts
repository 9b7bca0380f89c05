import { expect, test } from '@playwright/test';
import { bookInWidget, expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

test.describe.configure({ timeout: 180_000 });

test('a coordinator creates a nurse with her skills, sector and shifts, all by keyboard and form', async ({
  page,
}) => {
  const name = `Enfermera Prueba ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await openSection(page, 'Enfermeras');
  await expect(page.getByRole('heading', { name: 'Enfermeras', level: 1 })).toBeFocused();
  await expect(page.getByRole('table', { name: /Enfermeras por nombre/ }).getByRole('row')).not.toHaveCount(
    1,
  );
  await expectNoViolations(page, 'the nurses');

  await page.getByRole('link', { name: 'Nueva enfermera' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva enfermera', level: 1 })).toBeFocused();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
  await page.getByLabel('Teléfono').fill('+56 9 5555 0000');
  await page.getByLabel('Vacunación').check();
  await page.getByRole('combobox', { name: 'Sectores' }).fill('Las Condes');
  await page
    .getByRole('listbox', { name: 'Sectores' })
    .getByRole('option', { name: 'Las Condes (marketplace, CL)' })
    .click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Día').selectOption({ label: 'martes' });
  await page.getByLabel('Desde').fill('09:00');
  await page.getByLabel('Hasta').fill('13:00');
  await page.getByRole('button', { name: 'Agregar turno' }).click();
  await expect(page.getByRole('table', { name: /Cada turno/ })).toContainText('martes');
  await expectNoViolations(page, 'the new nurse form');
  await page.getByRole('button', { name: 'Crear enfermera' }).click();

  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Enfermera creada.' })).toBeVisible();
  await expect(page.getByLabel('Vacunación')).toBeChecked();
  await expect(page.getByRole('table', { name: /Cada turno/ })).toContainText('13:00');
  await expectNoViolations(page, "the nurse's page");

  // A bad value is refused by the API in Spanish, nothing saved.
  await page.getByLabel('Teléfono').fill('llámame');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('alert')).toContainText('El teléfono solo admite dígitos, espacios y +.');
});

test("a nurse's change that uncovers a booked visit lists it, and saves only once it is kept", async ({
  page,
  browser,
}) => {
  const booking = await bookInWidget(browser);
  await signInAsAdmin(page);
  const appointment = await page.request.get(`/api/console/appointments/${booking.id}`);
  expect(appointment.status()).toBe(200);
  const nurse = ((await appointment.json()) as { nurse: { id: string; name: string } | null }).nurse;
  expect(nurse).not.toBeNull();

  await page.goto(`/console/enfermeras/${nurse?.id}`);
  await expect(page.getByRole('heading', { name: nurse?.name, level: 1 })).toBeVisible();
  await page.getByLabel('Activa (recibe visitas)').uncheck();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();

  // Nothing saved yet: the visits she would lose are listed, the booking among them.
  const listed = page.getByRole('table', { name: 'Visitas afectadas por el cambio' });
  await expect(page.getByRole('heading', { name: 'Visitas que quedan sin su bloque' })).toBeFocused();
  await expect(listed.getByRole('link', { name: `#${booking.id.slice(0, 8).toUpperCase()}` })).toBeVisible();
  await expectNoViolations(page, 'the visits a change uncovers');
  // Saving without keeping them is refused.
  await page.getByRole('button', { name: 'Guardar manteniendo las marcadas' }).click();
  await expect(page.getByRole('alert')).toContainText('Este cambio deja visitas agendadas sin su bloque.');

  for (const box of await listed.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Guardar manteniendo las marcadas' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cambios guardados.' })).toBeVisible();
  await expect(page.getByLabel('Activa (recibe visitas)')).not.toBeChecked();

  // Back to work: nothing is uncovered by activating her again.
  await page.getByLabel('Activa (recibe visitas)').check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cambios guardados.' })).toBeVisible();
  await expect(page.getByLabel('Activa (recibe visitas)')).toBeChecked();
});
