/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Locator } from 'playwright-core';

interface KeyboardStep {
  step: string;
  /** Tab presses from the step's title (which has the focus on arrival) to what goes on. */
  tabs: number;
  /** axe violations with the WCAG 2.2 A and AA tags on the step as it is left. */
  axe: number;
}

export interface KeyboardBooking {
  steps: KeyboardStep[];
  /** Times a Tab left the focus on the page's body (the goal is none). */
  focusLost: number;
  /** Whether the booking reached '¡Tu cita está agendada!'. */
  booked: boolean;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * A whole booking on /demo at 390×844 with the keyboard alone (Tab, typing, arrows, Enter), as the
 * end-to-end test makes it, counting what it costs: the Tab presses per step, the times the focus
 * fell to the page, and axe's WCAG 2.2 A/AA violations on each step.
 */
export async function measureKeyboardBooking(
  baseUrl: string,
  executablePath: string,
): Promise<KeyboardBooking> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CL' });
  const page = await context.newPage();
  const result: KeyboardBooking = { steps: [], focusLost: 0, booked: false };
  let tabs = 0;
  const isFocused = (target: Locator) =>
    target.evaluate((element) => element === document.activeElement).catch(() => false);
  const tabTo = async (target: Locator) => {
    for (let press = 0; press < 80 && !(await isFocused(target)); press++) {
      await page.keyboard.press('Tab');
      tabs += 1;
      const lost = await page.evaluate(
        () => document.activeElement === null || document.activeElement === document.body,
      );
      if (lost) result.focusLost += 1;
    }
    if (!(await isFocused(target))) throw new Error(`Tab never reached ${target.toString()}`);
  };
  const typeInto = async (target: Locator, text: string) => {
    await tabTo(target);
    await page.keyboard.type(text);
  };
  const leave = async (step: string, next = page.getByRole('button', { name: 'Continuar' })) => {
    await tabTo(next);
    const axe = await new AxeBuilder({ page: page as never }).withTags(WCAG_TAGS).analyze();
    result.steps.push({ step, tabs, axe: axe.violations.length });
    tabs = 0;
    await page.keyboard.press('Enter');
  };
  const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
  const waitFor = async (target: Locator) => target.waitFor({ state: 'visible', timeout: 15_000 });
  try {
    await page.goto(`${baseUrl}/demo`);
    await leave('introduction');
    await waitFor(heading('¿Dónde te visitamos?').or(heading('¿Cómo quieres agendar?')));
    if (await heading('¿Cómo quieres agendar?').isVisible()) await leave('schedule type');
    await waitFor(heading('¿Dónde te visitamos?'));
    await typeInto(page.getByRole('combobox', { name: 'Dirección' }), 'Avenida Apoquindo 4500, Las Condes');
    await page.getByRole('option').first().filter({ hasText: 'Apoquindo' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await leave('address');
    await waitFor(heading('Servicios'));
    await typeInto(page.getByRole('combobox', { name: 'Buscar examen' }), 'Glicemia');
    await page
      .getByRole('option')
      .first()
      .filter({ hasText: /Glicemia/i })
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await leave('services');
    await waitFor(heading('Fecha y hora de atención'));
    await page.getByText('Horario seleccionado:').waitFor();
    await leave('date');
    await waitFor(heading('Datos del paciente'));
    await typeInto(page.getByLabel('Primer nombre'), 'Teresa');
    await typeInto(page.getByLabel('Apellido paterno'), 'Mora');
    await typeInto(page.getByLabel('Apellido materno'), 'Lagos');
    for (const [label, value] of [
      ['Día', '12'],
      ['Mes', 'Marzo'],
      ['Año', '1984'],
    ] as const) {
      await tabTo(page.getByLabel(label, { exact: true }));
      await page.keyboard.type(value);
    }
    await typeInto(page.getByLabel(/^Número de documento/), rut());
    await typeInto(page.getByLabel('Correo electrónico'), `bench.${Date.now()}@example.com`);
    await tabTo(page.getByLabel('Teléfono'));
    await page.keyboard.press('End');
    await page.keyboard.type('12345678');
    await leave('patient');
    await waitFor(heading('Confirma tu cita'));
    await leave('confirmation');
    await waitFor(heading('Método de pago'));
    await tabTo(page.getByRole('button', { name: 'Tarjeta de crédito' }));
    await page.keyboard.press('Enter');
    await typeInto(page.getByLabel('Número de tarjeta'), '4509953566233704');
    await typeInto(page.getByLabel('Nombre del titular'), 'APRO');
    await typeInto(page.getByLabel('Vencimiento (MM/AA)'), '11/30');
    await typeInto(page.getByLabel('CVC'), '123');
    await leave('payment');
    await waitFor(heading('¡Tu cita está agendada!'));
    result.booked = true;
  } finally {
    await browser.close();
  }
  return result;
}

/** A valid Chilean RUT nobody else in the demo data has. */
function rut(): string {
  const body = String(20_000_000 + Math.floor(Math.random() * 9_000_000));
  let sum = 0;
  let factor = 2;
  for (const digit of [...body].reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const check = 11 - (sum % 11);
  return `${body}-${check === 11 ? '0' : check === 10 ? 'K' : String(check)}`;
}
