import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

/**
 * The catalogue in the console: the admin edits an exam's display name and fasting hours and the
 * widget's catalogue call answers them at once; then sets a vaccine's stock to 0 (the state the
 * widget reads: a source following it closes with 'Se acabó el stock.', a confirmation is
 * refused) and the list shows it sold out; then gives one sales source a count of its own of
 * the vaccine (added, edited to sold out, removed), by keyboard.
 */

test.describe.configure({ timeout: 180_000 });

// Triglicéridos (demo catalogue item 27, 12 hours of fasting; no other test reads it) and the
// hepatitis A vaccine (item 52, unlimited, followed by no source: no test beside this one closes).
const EXAM_ID = 27;
const VACCINE_ID = 52;

async function widgetExam(request: APIRequestContext) {
  const response = await request.get(`/api/v2/items/?ids=${EXAM_ID}&country=cl`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Array<{ display_name: string | null; fast_hours: number }> })
    .results[0];
}

test("an admin edits an exam and a vaccine's stock: the widget reads the exam at once, the list shows the stock", async ({
  page,
}) => {
  await signInAsAdmin(page);
  expect(await widgetExam(page.request)).toMatchObject({ display_name: null, fast_hours: 12 });

  await openSection(page, 'Catálogo');
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo' })).toBeFocused();
  await page.getByRole('combobox', { name: 'Tipo' }).selectOption('exam');
  await page.getByRole('textbox', { name: 'Nombre o id' }).fill('triglicéridos');
  await page.getByRole('button', { name: 'Ver ítems' }).press('Enter');
  await expect(page).toHaveURL(/kind=exam&q=trigl/);
  const table = page.getByRole('table', { name: 'Ítems del catálogo' });
  await expect(table.getByRole('rowheader', { name: /^Triglicéridos/ })).toBeVisible();
  await expectNoViolations(page, 'Catálogo');

  await table.getByRole('link', { name: 'Triglicéridos' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Triglicéridos' })).toBeFocused();
  await expectNoViolations(page, 'Catálogo: un examen');
  await page.getByRole('textbox', { name: 'Nombre para mostrar' }).fill('Triglicéridos en sangre');
  await page.getByRole('textbox', { name: 'Horas de ayuno' }).fill('10');
  await page.getByRole('button', { name: 'Guardar cambios' }).press('Enter');
  const saved = page.getByRole('status').filter({ hasText: 'Cambios guardados' });
  await expect(saved).toBeFocused();
  // The widget's catalogue call answers the change at once (the catalogue's change notification).
  expect(await widgetExam(page.request)).toMatchObject({
    display_name: 'Triglicéridos en sangre',
    fast_hours: 10,
  });

  await page.goto(`/console/catalogo/${VACCINE_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vacuna contra la hepatitis A' })).toBeFocused();
  await expect(page.getByText(/^Ilimitado\./)).toBeVisible();
  await page.getByRole('textbox', { name: 'Unidades disponibles' }).fill('0');
  await page.getByRole('button', { name: 'Guardar stock' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Stock guardado: Agotado (0).' })).toBeFocused();
  await expectNoViolations(page, 'Catálogo: una vacuna');

  await page.getByRole('link', { name: 'Volver al catálogo' }).click();
  await page.getByRole('combobox', { name: 'Tipo' }).selectOption('vaccine');
  await page.getByRole('button', { name: 'Ver ítems' }).click();
  const vaccineRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^Vacuna contra la hepatitis A/ }) });
  await expect(vaccineRow).toContainText('Agotado (0)');
  await expectNoViolations(page, 'Catálogo: vacunas');
  // Back to the demo's stock, so other tests booking the vaccine find it.
  await page.goto(`/console/catalogo/${VACCINE_ID}`);
  await page.getByRole('textbox', { name: 'Unidades disponibles' }).fill('1000');
  await page.getByRole('button', { name: 'Guardar stock' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Stock guardado: 1000 disponibles.' }),
  ).toBeVisible();
});

test('an admin gives a sales source its own count of a vaccine, sells it out and sends the source back to the shared stock', async ({
  page,
}) => {
  // redsalud and the hepatitis A vaccine: no other test books that vaccine for that source. The
  // widget's operative state per source is the API tests' (it would close a source other e2e use).
  await signInAsAdmin(page);
  await page.goto(`/console/catalogo/${VACCINE_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vacuna contra la hepatitis A' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Existencias por fuente' })).toBeVisible();
  await expect(page.getByText('Ninguna fuente tiene existencias propias')).toBeVisible();

  // Added by keyboard: the source chosen, its units typed, the form sent with Enter.
  await page.getByRole('combobox', { name: 'Fuente de venta' }).selectOption('redsalud');
  await page.getByRole('textbox', { name: 'Unidades de la fuente' }).fill('5');
  await page.getByRole('textbox', { name: 'Unidades de la fuente' }).press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Existencias de redsalud guardadas: 5 disponibles.' }),
  ).toBeFocused();
  const table = page.getByRole('table', { name: 'Existencias por fuente' });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'redsalud' }) });
  await expect(row).toContainText('5 disponibles');
  await expectNoViolations(page, 'Catálogo: existencias por fuente');

  // Edited to 0: sold out for that source alone.
  await row.getByRole('button', { name: 'Editar redsalud' }).press('Enter');
  const units = page.getByRole('textbox', { name: 'Unidades de redsalud' });
  await expect(units).toBeFocused();
  await units.fill('0');
  await units.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Existencias de redsalud guardadas: Agotado (0).' }),
  ).toBeFocused();
  await expect(row).toContainText('Agotado (0)');
  const api = await page.request.get(`/api/console/catalogue/${VACCINE_ID}/source-stock`);
  expect(await api.json()).toMatchObject({
    sources: [{ sales_source: 'redsalud', stock: 0, stock_state: 'out' }],
  });
  await expectNoViolations(page, 'Catálogo: una fuente agotada');

  // Removed: the source takes from the shared stock again.
  await row.getByRole('button', { name: 'Quitar redsalud' }).press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'redsalud vuelve a tomar del stock compartido.' }),
  ).toBeFocused();
  await expect(page.getByText('Ninguna fuente tiene existencias propias')).toBeVisible();
});
