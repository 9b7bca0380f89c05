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
  await page.getByRole('button', { name: 'Agregar turno', exact: true }).click();
  await expect(page.getByRole('table', { name: /Cada turno/ })).toContainText('martes');
  await expectNoViolations(page, 'the new nurse form');
  await page.getByRole('button', { name: 'Crear enfermera' }).click();

  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Enfermera creada.' })).toBeVisible();
  await expect(page.getByLabel('Vacunación')).toBeChecked();
  await expect(page.getByRole('table', { name: /Cada turno/ })).toContainText('13:00');
  await expectNoViolations(page, "the nurse's page");

  // Her vacation, from her page: nothing to move, the days off listed, one given back.
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');
  const [first, last] = [inDays(10), inDays(12)];
  await page.getByRole('button', { name: 'Marcar ausencia o vacaciones' }).click();
  const dialog = page.getByRole('dialog', { name: `Ausencia de ${name}` });
  await dialog.getByLabel('Desde').fill(first);
  await dialog.getByLabel('Hasta').fill(last);
  await dialog.getByRole('button', { name: 'Ver propuesta' }).click();
  await expect(dialog).toContainText('No tiene visitas confirmadas esos días');
  await dialog.getByRole('button', { name: 'Marcar ausencia y mover visitas' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Ausencia registrada.' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Marcar ausencia o vacaciones' })).toBeFocused();
  const giveBack = page.getByRole('button', { name: `Devolver el ${first} a su turno` });
  await expect(giveBack).toBeVisible();
  await expect(page.getByRole('button', { name: /^Devolver el / })).toHaveCount(3);
  await giveBack.click();
  await expect(page.getByRole('button', { name: /^Devolver el / })).toHaveCount(2);

  // An extra shift on a date, beside her weekly ones: kept with her once saved.
  const extraDay = inDays(5);
  await page.getByRole('button', { name: 'Agregar turno extra' }).click();
  await expect(page.getByText('Elige la fecha del turno extra.')).toBeVisible();
  await page.getByLabel('Fecha', { exact: true }).fill(extraDay);
  await page.getByLabel('Inicio del turno extra').fill('15:00');
  await page.getByLabel('Término del turno extra').fill('18:00');
  await page.getByRole('button', { name: 'Agregar turno extra' }).click();
  const extras = page.getByRole('table', { name: 'Turnos extra de hoy en adelante, por fecha' });
  await expect(extras).toContainText('18:00');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cambios guardados.' })).toBeVisible();
  const saved = await page.request.get(page.url().replace('/console/enfermeras/', '/api/console/nurses/'));
  expect(((await saved.json()) as { extra_shifts: unknown[] }).extra_shifts).toEqual([
    { date: extraDay, starts_at: '15:00', ends_at: '18:00' },
  ]);
  await expect(extras.getByRole('button', { name: /^Quitar el turno extra del / })).toHaveCount(1);
  await expectNoViolations(page, "the nurse's extra shifts");

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
