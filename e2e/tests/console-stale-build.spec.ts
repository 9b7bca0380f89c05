import { expect, test } from '@playwright/test';
import { expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

// Signing in as the demo admin may wait for the next TOTP window (another spec used this one).
test.describe.configure({ timeout: 120_000 });

test('a section whose file is gone (a deploy since the page opened) reloads once, then says so in Spanish and offers a reload', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // The nurses' section files are missing, as the previous build's are after a deploy.
  let refused = 0;
  await page.route(/\/console\/assets\/nurses?-page-[^/]*\.js$/, async (route) => {
    refused += 1;
    await route.fulfill({ status: 404, body: 'Not found' });
  });
  const reloaded = page.waitForEvent('load');
  await openSection(page, 'Enfermeras');
  // The console reloads itself once to fetch the new build...
  await reloaded;
  // ...and, the file still missing, shows why instead of the router's English error.
  await expect(page.getByRole('heading', { name: 'No se pudo abrir esta página', level: 1 })).toBeVisible();
  await expect(page.getByText('La consola se actualizó mientras estaba abierta.')).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  expect(refused).toBeGreaterThanOrEqual(2);
  await expectNoViolations(page, 'the page that could not open');

  // Once the files are there again, 'Recargar la página' opens the section.
  await page.unroute(/\/console\/assets\/nurses?-page-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Recargar la página' }).click();
  await expect(page.getByRole('heading', { name: 'Enfermeras', level: 1 })).toBeVisible();
});
