import { expect, test } from '@playwright/test';
import { expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

test.describe.configure({ timeout: 120_000 });

test('an admin creates an amount coupon for one sales source, sees it listed, and the widget prices it at once', async ({
  page,
  request,
}) => {
  const code = `CONSOLA${Date.now().toString(36).toUpperCase()}`;
  await signInAsAdmin(page);
  await openSection(page, 'Cupones');
  await expect(page.getByRole('heading', { name: 'Cupones', level: 1 })).toBeFocused();
  // The demo's coupons are listed with their discount, validity, uses and state.
  const table = page.getByRole('table', { name: 'Cupones de descuento' });
  await expect(table.getByRole('row').filter({ hasText: 'BIENVENIDA10' })).toContainText('10 %');
  await expectNoViolations(page, 'the coupons');

  await page.getByRole('link', { name: 'Nuevo cupón' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo cupón', level: 1 })).toBeFocused();
  await page.getByLabel('Código').fill(code.toLowerCase());
  await page.getByLabel('Tipo de descuento').selectOption({ label: 'Monto fijo' });
  await page.getByLabel('Monto de descuento').fill('2000');
  await page.getByRole('combobox', { name: 'Fuentes de venta' }).fill('marketpl');
  await page.getByRole('option', { name: 'marketplace', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Usos totales').fill('50');
  await page.getByLabel('Un uso por persona (por documento del paciente)').check();
  await expectNoViolations(page, 'the new coupon form');
  await page.getByRole('button', { name: 'Crear cupón' }).click();

  // Its page opens, saying so; it has no uses yet.
  await expect(page.getByRole('heading', { name: `Cupón ${code}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Cupón ${code} creado.` })).toBeVisible();
  await expect(page.getByText('Nadie ha usado este cupón todavía.')).toBeVisible();
  await expectNoViolations(page, "the coupon's page");

  // Listed with what it is.
  await page.getByRole('link', { name: 'Volver a los cupones' }).click();
  const row = page
    .getByRole('table', { name: 'Cupones de descuento' })
    .getByRole('row')
    .filter({ hasText: code });
  await expect(row).toContainText('$2.000 (CL), uno por persona');
  await expect(row).toContainText('marketplace');
  await expect(row).toContainText('0 / 50');

  // The widget's quote takes the amount off at once, with no restart.
  const quote = async (coupon: string | null) => {
    const answer = await request.post('/api/v2/cart-price/', {
      data: {
        coupon_code: coupon,
        country: 'cl',
        locality: 'Las Condes',
        source: 'marketplace',
        patients: [{ is_fonasa: false, items: [2, 3], packs: [] }],
      },
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { discount: number; net_price: number };
  };
  const [without, withIt] = [await quote(null), await quote(code)];
  expect(withIt.discount).toBe(2000);
  expect(withIt.net_price).toBe(without.net_price - 2000);

  // Deactivated from the list: the widget no longer takes it.
  await row.getByRole('button', { name: `Desactivar ${code}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${code} quedó desactivado.` })).toBeVisible();
  expect((await quote(code)).discount).toBe(0);
});
