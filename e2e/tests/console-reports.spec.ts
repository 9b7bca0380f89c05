import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { formatCurrency } from '@visita/domain/money';
import { bookInWidget, expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

/**
 * The daily report: a booking paid by card in the widget shows in today's row of the 'demo'
 * partner as a booking paid online, on the screen and in the CSV it downloads.
 */

test.describe.configure({ timeout: 180_000 });

/** Today on the Santiago wall clock, where the demo partner's visits are (YYYY-MM-DD). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());

interface ReportRow {
  date: string;
  client_id: string;
  bookings: number;
  paid_online: number;
}

async function demoRow(page: Page, day: string): Promise<ReportRow | undefined> {
  const response = await page.request.get(`/api/console/reports/daily?from=${day}&to=${day}&client_id=demo`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { rows: ReportRow[] }).rows[0];
}

test('a widget booking paid by card is in the day’s report of its partner, on screen and in the CSV', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const day = today();
  const before = (await demoRow(page, day)) ?? { bookings: 0, paid_online: 0 };

  const booking = await bookInWidget(browser);
  const detail = await page.request.get(`/api/console/appointments/${booking.id}`);
  const charged = ((await detail.json()) as { payments: { status: string; amount: number }[] }).payments.find(
    (payment) => payment.status === 'approved',
  );
  expect(charged).toBeDefined();
  const amount = charged?.amount ?? 0;
  const after = await demoRow(page, day);
  expect(after).toMatchObject({
    bookings: before.bookings + 1,
    paid_online: before.paid_online + amount,
  });
  const expected = after as ReportRow;

  await openSection(page, 'Reportes');
  await expect(page.getByRole('heading', { level: 1, name: 'Informe diario' })).toBeFocused();
  await page.getByLabel('Desde').fill(day);
  await page.getByLabel('Hasta').fill(day);
  await page.getByRole('combobox', { name: 'Socio' }).selectOption({ label: 'Demo Salud' });
  await page.getByRole('button', { name: 'Ver informe' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}&client_id=demo`));

  const table = page.getByRole('table', { name: /Cifras por socio y día/ });
  const row = table.getByRole('row').filter({ hasText: 'Demo Salud' });
  await expect(row).toHaveCount(1);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const cells = row.getByRole('cell');
  // The row's header is the day; its cells follow the column headers after it.
  const cellOf = (name: string) => cells.nth(headers.indexOf(name) - 1);
  await expect(cellOf('Reservas confirmadas')).toHaveText(String(expected.bookings));
  await expect(cellOf('Pagado en línea')).toHaveText(formatCurrency(expected.paid_online, 'cl'));
  await expect(table.getByRole('rowheader', { name: 'Total CLP' })).toBeVisible();
  await expectNoViolations(page, 'Reportes');

  // The CSV: its header and the same row.
  const link = page.getByRole('link', { name: 'Descargar CSV' });
  await link.focus();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`informe-diario-demo-${day}-a-${day}.csv`);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Fecha,Id del socio,Socio,Moneda,Reservas confirmadas,Pagado en línea,A cobrar en domicilio,Descuentos,Devoluciones,Facturado a empresas,Canceladas',
  );
  expect(lines).toHaveLength(2);
  const [date, clientId, name, currency, bookings, paidOnline] = lines[1]?.split(',') ?? [];
  expect({ date, clientId, name, currency, bookings, paidOnline }).toEqual({
    date: day,
    clientId: 'demo',
    name: 'Demo Salud',
    currency: 'CLP',
    bookings: String(expected.bookings),
    paidOnline: String(expected.paid_online),
  });
});
