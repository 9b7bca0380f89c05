import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page } from '@playwright/test';

/** Where the widget is: its own page, or a partner's iframe. */
export type Widget = Page | FrameLocator;

/** No serious or critical axe violation on the current screen. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// Every WCAG 2.x A and AA rule axe knows, whatever its impact.
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** No WCAG 2.2 A or AA violation at all on the current screen (`where` names it in a failure). */
export async function expectNoWcagViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const found = results.violations.map(
    (v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}

/** From the introduction of a client with both features to the address step. */
export async function goToAddress(page: Page, client = 'demo', query = ''): Promise<void> {
  await page.goto(`/${client}${query}`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Clients with both features ask how to book first; others go straight to the address.
  const schedule = page.getByRole('heading', { name: '¿Cómo quieres agendar?' });
  const address = page.getByRole('heading', { name: '¿Dónde te visitamos?' });
  await expect(schedule.or(address)).toBeVisible();
  if (await schedule.isVisible()) await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(address).toBeVisible();
}

/**
 * Types an address and picks its suggestion once the debounced autocomplete answers, on the
 * widget's page or inside a partner's frame (`widget`).
 */
export async function chooseAddress(page: Page, text: string, widget: Widget = page): Promise<void> {
  const search = widget.getByRole('combobox', { name: 'Dirección' });
  const answered = page.waitForResponse((response) =>
    response.url().includes('/api/v2/places/autocomplete/'),
  );
  await search.fill(text);
  await answered;
  await widget.getByRole('option').first().click();
}

export const APOQUINDO = 'Avenida Apoquindo 4500, Las Condes';
export const TALAGANTE = 'Calle Balmaceda 100, Talagante';
export const ANTOFAGASTA = 'Avenida Grecia 1000, Antofagasta';

/** Address chosen (Apoquindo unless told) and on to the services step. */
export async function goToServices(page: Page, address = APOQUINDO, client = 'demo'): Promise<void> {
  await goToAddress(page, client);
  await chooseAddress(page, address);
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
}

/** Searches an exam in a patient's panel and adds the first result. */
export async function addExam(widget: Widget, query: string, panel = 0): Promise<void> {
  const search = widget.getByRole('combobox', { name: 'Buscar examen' }).nth(panel);
  await search.fill(query);
  // Until this query's answer arrives the list shows only the last answer's options that match
  // the text (aria-busy meanwhile); the answer may reorder them.
  const list = widget.getByRole('listbox', { name: 'Buscar examen' });
  await expect(list).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  const option = list.getByRole('option', { name: new RegExp(query, 'i') }).first();
  await option.click();
}
