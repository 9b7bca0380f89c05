import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoWcagViolations } from './address-and-services-helpers.ts';
import { freshEmail, freshRut, TEST_VISA } from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 150_000 });

/** Whether the page's focus is nowhere a person can act: the body, or nothing. */
const focusLost = (page: Page) =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

/**
 * Presses Tab (only Tab) until `target` has the focus, and fails the moment a press leaves the
 * focus on the page's body: every stop on the way must be something a person can act on.
 */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let press = 0; press < max; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
    expect(await focusLost(page), `Tab ${press + 1} left the focus on the page`).toBe(false);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** A step's title has the focus once the step shows: a screen reader starts there. */
async function onStep(page: Page, title: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeFocused();
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tabs to a closed select and picks an option by typing its first letters, as a person does. */
async function choose(page: Page, select: Locator, label: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(label);
  await expect(select.locator('option:checked')).toHaveText(label);
}

test('a whole booking made with the keyboard alone, the focus never on the page, no WCAG 2.2 A/AA violation on any step', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/demo');
  const next = page.getByRole('button', { name: 'Continuar' });

  // Introduction, then how to book.
  await expect(next).toBeVisible();
  await expectNoWcagViolations(page, 'introduction');
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  const scheduleType = page.getByRole('heading', { name: '¿Cómo quieres agendar?' });
  const address = page.getByRole('heading', { name: '¿Dónde te visitamos?' });
  await expect(scheduleType.or(address)).toBeFocused();
  if (await scheduleType.isVisible()) {
    await tabTo(page, next);
    await page.keyboard.press('Enter');
  }

  // Address: type, arrow to the suggestion, Enter.
  await onStep(page, '¿Dónde te visitamos?');
  const search = page.getByRole('combobox', { name: 'Dirección' });
  await typeInto(page, search, 'Avenida Apoquindo 4500, Las Condes');
  await expect(page.getByRole('option').first()).toContainText('Apoquindo');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue(/,/);
  await expectNoWcagViolations(page, 'address');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Services: search an exam, pick it with the arrows.
  await onStep(page, 'Servicios');
  await typeInto(page, page.getByRole('combobox', { name: 'Buscar examen' }), 'Glicemia');
  // The list answers the search (debounced, busy until then): the first option is the exam typed.
  await expect(page.getByRole('listbox', { name: 'Buscar examen' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('option').first()).toContainText(/Glicemia/i);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Eliminar Glicemia/ })).toBeVisible();
  await expectNoWcagViolations(page, 'services');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Date: the first free time is chosen; the days and times are one Tab stop each.
  await onStep(page, 'Fecha y hora de atención');
  await expect(page.getByText('Horario seleccionado:')).toBeVisible();
  const pressedDay = page.locator('.visita-day[aria-pressed="true"]');
  await tabTo(page, pressedDay);
  await page.keyboard.press('Tab');
  // One Tab from the chosen day leaves the week for the next arrow, not the next day.
  await expect(page.getByRole('button', { name: 'Semana siguiente' })).toBeFocused();
  await expectNoWcagViolations(page, 'date');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Patient: every field by Tab, the selects by typing.
  await onStep(page, 'Datos del paciente');
  await typeInto(page, page.getByLabel('Primer nombre'), 'Teresa');
  await typeInto(page, page.getByLabel('Apellido paterno'), 'Mora');
  await typeInto(page, page.getByLabel('Apellido materno'), 'Lagos');
  await choose(page, page.getByLabel('Día'), '12');
  await choose(page, page.getByLabel('Mes'), 'Marzo');
  await choose(page, page.getByLabel('Año'), '1984');
  await typeInto(page, page.getByLabel(/^Número de documento/), freshRut());
  await typeInto(page, page.getByLabel('Correo electrónico'), freshEmail());
  const phone = page.getByLabel('Teléfono');
  await tabTo(page, phone);
  await page.keyboard.press('End');
  await page.keyboard.type('12345678');
  await expectNoWcagViolations(page, 'patient');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Confirmation.
  await onStep(page, 'Confirma tu cita');
  await expectNoWcagViolations(page, 'confirmation');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Payment by credit card.
  await onStep(page, 'Método de pago');
  const credit = page.getByRole('button', { name: 'Tarjeta de crédito' });
  await tabTo(page, credit);
  await page.keyboard.press('Enter');
  await expect(credit).toHaveAttribute('aria-expanded', 'true');
  await typeInto(page, page.getByLabel('Número de tarjeta'), TEST_VISA);
  await typeInto(page, page.getByLabel('Nombre del titular'), 'APRO');
  await typeInto(page, page.getByLabel('Vencimiento (MM/AA)'), '11/30');
  await typeInto(page, page.getByLabel('CVC'), '123');
  await expect(next).toBeEnabled();
  await expectNoWcagViolations(page, 'payment');
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  await onStep(page, '¡Tu cita está agendada!');
  await expectNoWcagViolations(page, 'success');
});
