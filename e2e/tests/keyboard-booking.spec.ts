import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoWcagViolations } from './address-and-services-helpers.ts';
import { freshEmail, freshRut, TEST_VISA } from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 150_000 });

/** Whether the page's focus is nowhere a person can act: the body, or nothing. */
const focusLost = (page: Page) =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

interface FocusProbe {
  armed: boolean;
  lost: string[];
}

/**
 * Runs in the page before the widget: from the first time the widget takes the focus, records
 * every moment the focus is on the body: after each change of the document (a step leaving, a
 * loader coming, a button disabled), each time the focus leaves an element, and on every frame.
 * A focus that falls to the page for one frame between two steps is caught here even when the
 * next step's title has it again by the time a check from the test runs.
 */
function installFocusProbe(): void {
  const probe: FocusProbe = { armed: false, lost: [] };
  (window as unknown as { visitaFocusProbe: FocusProbe }).visitaFocusProbe = probe;
  // Tab moves the focus from one element to the next in one task, the body holding it between
  // the 'focusout' and the 'focusin' (and a check may run there): no moment a person is left on
  // the page.
  let moving = false;
  const check = (when: string) => {
    if (!probe.armed || moving) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const step = document.querySelector('[data-step]')?.getAttribute('data-step') ?? 'no step';
    const entry = `${when}, on ${step}`;
    if (probe.lost.at(-1) !== entry) probe.lost.push(entry);
  };
  document.addEventListener(
    'focusin',
    () => {
      probe.armed = true;
      moving = false;
    },
    true,
  );
  new MutationObserver(() => check('after a change of the page')).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    characterData: true,
  });
  document.addEventListener(
    'focusout',
    (event) => {
      if (event.relatedTarget === null) queueMicrotask(() => check('after the focus left an element'));
      else moving = true;
    },
    true,
  );
  const everyFrame = () => {
    moving = false;
    check('on a frame');
    requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
}

/** Fails if, since the last call, the focus was on the page's body at any moment. */
async function expectFocusNeverLost(page: Page, where: string): Promise<void> {
  const lost = await page.evaluate(() =>
    (window as unknown as { visitaFocusProbe: FocusProbe }).visitaFocusProbe.lost.splice(0),
  );
  expect(lost, `the focus fell on the page ${where}`).toEqual([]);
}

/** Presses a key and fails if the press left the focus on the page's body. */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  expect(await focusLost(page), `${key} left the focus on the page`).toBe(false);
}

/**
 * Presses Tab (only Tab; Shift+Tab `backwards`) until `target` has the focus, and fails the
 * moment a press leaves the focus on the page's body: every stop on the way must be something a
 * person can act on.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  for (let pressed = 0; pressed < max; pressed++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await press(page, backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * A step's title has the focus once the step shows (a screen reader starts there), and the focus
 * was never on the page on the way: not while the step's code or data loaded.
 */
async function onStep(page: Page, title: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeFocused();
  await expectFocusNeverLost(page, `on the way to '${title.toString()}'`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  expect(await focusLost(page), `typing '${text}' left the focus on the page`).toBe(false);
}

/**
 * Presses Continuar on the date step until a time is held. Tests run in parallel on the same demo
 * days: the time chosen may go to another test between the offer and the press (a refusal, 409).
 * The step then says so, drops that time, chooses the next free one and puts the focus on it; Tab
 * reaches Continuar, pressed again.
 */
async function holdAFreeTime(page: Page, next: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await tabTo(page, next);
    const held = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /\/appointments\/[^/]+\/schedule\/$/.test(new URL(response.url()).pathname),
    );
    await press(page, 'Enter');
    const answer = await held;
    if (answer.ok()) return;
    expect(attempt, 'every time offered was taken meanwhile').toBeLessThan(5);
    // The step says so (and keeps saying it), drops the taken time, chooses the next free one
    // (the same day's when it has one) and puts the focus on it: Continuar is one Tab away.
    await expect(page.getByRole('alert').first()).toBeVisible();
    if (answer.status() === 409)
      await expect(
        page.getByText('Ese horario acaba de ser tomado por otra persona. Elige otro.'),
      ).toBeVisible();
    await expect(page.locator('.visita-time[aria-pressed="true"]')).toHaveCount(1);
    await expect(page.locator('.visita-time[aria-pressed="true"]')).toBeFocused();
    await expect(page.locator('.visita-step[aria-busy="true"]')).toHaveCount(0);
    await expect(next).toBeEnabled();
  }
}

/** Tabs to a closed select and picks an option by typing its first letters, as a person does. */
async function choose(page: Page, select: Locator, label: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(label);
  await expect(select.locator('option:checked')).toHaveText(label);
  expect(await focusLost(page), `choosing '${label}' left the focus on the page`).toBe(false);
}

test('a whole booking made with the keyboard alone, the focus never on the page, no WCAG 2.2 A/AA violation on any step', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(installFocusProbe);
  await page.goto('/demo');
  const next = page.getByRole('button', { name: 'Continuar' });

  // Introduction, then how to book.
  await expect(next).toBeVisible();
  await expectNoWcagViolations(page, 'introduction');
  await tabTo(page, next);
  await press(page, 'Enter');
  const scheduleType = page.getByRole('heading', { name: '¿Cómo quieres agendar?' });
  const address = page.getByRole('heading', { name: '¿Dónde te visitamos?' });
  await expect(scheduleType.or(address)).toBeFocused();
  await expectFocusNeverLost(page, 'on the way from the introduction');
  if (await scheduleType.isVisible()) {
    await tabTo(page, next);
    await press(page, 'Enter');
  }

  // Address: type, arrow to the suggestion, Enter.
  await onStep(page, '¿Dónde te visitamos?');
  const search = page.getByRole('combobox', { name: 'Dirección' });
  await typeInto(page, search, 'Avenida Apoquindo 4500, Las Condes');
  await expect(page.getByRole('option').first()).toContainText('Apoquindo');
  await press(page, 'ArrowDown');
  await press(page, 'Enter');
  await expect(search).toHaveValue(/,/);
  await expectNoWcagViolations(page, 'address');
  await tabTo(page, next);
  await press(page, 'Enter');

  // Services: search an exam, pick it with the arrows.
  await onStep(page, 'Servicios');
  await typeInto(page, page.getByRole('combobox', { name: 'Buscar examen' }), 'Glicemia');
  // The list answers the search (debounced, busy until then): the first option is the exam typed.
  await expect(page.getByRole('listbox', { name: 'Buscar examen' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('option').first()).toContainText(/Glicemia/i);
  await press(page, 'ArrowDown');
  await press(page, 'Enter');
  await expect(page.getByRole('button', { name: /^Eliminar Glicemia/ })).toBeVisible();
  await expectNoWcagViolations(page, 'services');
  await tabTo(page, next);
  await press(page, 'Enter');

  // Date: the first free time is chosen; the days and times are one Tab stop each.
  await onStep(page, 'Fecha y hora de atención');
  await expect(page.getByText('Horario seleccionado:')).toBeVisible();
  const pressedDay = page.locator('.visita-day[aria-pressed="true"]');
  await tabTo(page, pressedDay);
  await press(page, 'Tab');
  // One Tab from the chosen day leaves the week for the next arrow, not the next day.
  await expect(page.getByRole('button', { name: 'Semana siguiente' })).toBeFocused();
  await expectNoWcagViolations(page, 'date');
  await holdAFreeTime(page, next);

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
  await press(page, 'End');
  await page.keyboard.type('12345678');
  await expectNoWcagViolations(page, 'patient');
  await tabTo(page, next);
  await press(page, 'Enter');

  // Confirmation.
  await onStep(page, 'Confirma tu cita');
  await expectNoWcagViolations(page, 'confirmation');
  await tabTo(page, next);
  await press(page, 'Enter');

  // Payment by credit card.
  await onStep(page, 'Método de pago');
  const credit = page.getByRole('button', { name: 'Tarjeta de crédito' });
  await tabTo(page, credit);
  await press(page, 'Enter');
  await expect(credit).toHaveAttribute('aria-expanded', 'true');
  await typeInto(page, page.getByLabel('Número de tarjeta'), TEST_VISA);
  await typeInto(page, page.getByLabel('Nombre del titular'), 'APRO');
  await typeInto(page, page.getByLabel('Vencimiento (MM/AA)'), '11/30');
  await typeInto(page, page.getByLabel('CVC'), '123');
  await expect(next).toBeEnabled();
  await expectNoWcagViolations(page, 'payment');
  await tabTo(page, next);
  await press(page, 'Enter');

  await onStep(page, '¡Tu cita está agendada!');
  await expectNoWcagViolations(page, 'success');
  await expectFocusNeverLost(page, 'on the success step');
});
