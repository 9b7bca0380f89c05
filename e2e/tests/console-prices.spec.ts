import { type APIRequestContext, expect, test } from '@playwright/test';
import { PRICE_CSV_HEADERS } from '@visita/domain/contract/console-prices';
import { formatCurrency } from '@visita/domain/money';
import { expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

/**
 * Prices in the console: the admin imports a CSV (a new price for a source, and a row the dry
 * run refuses), sees the dry run, applies it, and the price shows on the page and in what the
 * widget quotes at once; then edits that one price by hand.
 */

test.describe.configure({ timeout: 180_000 });

// Hemograma (demo catalogue item 1) for iDoktor's source: no price of its own in the seed.
const ITEM_ID = 1;
const SOURCE = 'idoktor';
const money = (amount: number) => formatCurrency(amount, 'cl');

/** What the widget quotes for the item under the source (the public catalogue call). */
async function widgetPrice(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/v2/items/?ids=${ITEM_ID}&country=cl&source=${SOURCE}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Array<{ price: number }> }).results[0]?.price ?? -1;
}

test('an admin imports prices from a CSV: the dry run, the apply, the price on the page and in the widget', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const before = await widgetPrice(page.request);
  expect(before).toBe(8990);

  await openSection(page, 'Precios');
  await expect(page.getByRole('heading', { level: 1, name: 'Precios' })).toBeFocused();
  await page.getByRole('combobox', { name: 'Fuente de venta' }).selectOption(SOURCE);
  await page.getByRole('textbox', { name: 'Ítem (nombre o id)' }).fill('Hemograma');
  await page.getByRole('button', { name: 'Ver precios' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`sales_source=${SOURCE}&q=Hemograma`));
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Hemograma/ }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(money(8990));
  await expect(row).not.toContainText(`${SOURCE} ·`);
  await expectNoViolations(page, 'Precios');

  const csv = [
    PRICE_CSV_HEADERS.join(','),
    `${ITEM_ID},Hemograma,${SOURCE},,7790,`,
    `${ITEM_ID},Hemograma,${SOURCE},Ñuñoa,9.990,`,
  ].join('\r\n');
  await page.getByLabel('Archivo CSV').setInputFiles({
    name: 'precios.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Revisar archivo' }).click();
  const summary = page.getByRole('status').filter({ hasText: 'Revisión:' });
  await expect(summary).toHaveText(
    'Revisión: 1 agregados, 0 cambiados, 0 quitados, 1 rechazados, 0 sin cambios.',
  );
  await expect(summary).toBeFocused();
  const added = page.getByRole('table', { name: 'Agregados' });
  await expect(added.getByRole('row').nth(1)).toContainText(`Hemograma (${ITEM_ID})`);
  await expect(added.getByRole('row').nth(1)).toContainText(`${SOURCE} · toda comuna`);
  await expect(added.getByRole('row').nth(1)).toContainText(money(7790));
  const refused = page.getByRole('table', { name: 'Rechazados' });
  await expect(refused.getByRole('row').nth(1)).toContainText(
    'El precio no es un número entero (sin puntos, comas ni símbolos).',
  );
  // Nothing is written by the dry run.
  expect(await widgetPrice(page.request)).toBe(8990);
  await expectNoViolations(page, 'Precios: revisión del CSV');

  await page.getByRole('button', { name: 'Aplicar cambios' }).click();
  const applied = page.getByRole('status').filter({ hasText: 'Se aplicaron los cambios' });
  await expect(applied).toHaveText(
    'Se aplicaron los cambios: 1 agregados, 0 cambiados, 0 quitados. El widget ya los cotiza.',
  );
  await expect(applied).toBeFocused();
  await expect(row).toContainText(`${SOURCE} · toda comuna: ${money(7790)}`);
  // The widget quotes it at once (the catalogue's change notification), not after its cache.
  expect(await widgetPrice(page.request)).toBe(7790);

  // One price edited by hand, from the keyboard.
  const edit = row.getByRole('button', { name: `Editar Hemograma: ${SOURCE} · toda comuna` });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Precio de Hemograma' });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, 'Precios: editar un precio');
  await dialog.getByRole('textbox', { name: 'Precio', exact: true }).fill('7690');
  await dialog.getByRole('textbox', { name: 'Precio de promoción' }).fill('6990');
  await dialog.getByRole('button', { name: 'Guardar precio' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Se guardó el precio de Hemograma' }),
  ).toBeFocused();
  await expect(row).toContainText(`${SOURCE} · toda comuna: ${money(7690)} (promoción ${money(6990)})`);
  expect(await widgetPrice(page.request)).toBe(7690);
});
