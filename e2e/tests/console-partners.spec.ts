import { expect, test } from '@playwright/test';
import { expectNoViolations, openSection, signInAsAdmin } from './console-helpers.ts';

test.describe.configure({ timeout: 120_000 });

const PARTNER = 'confuturo';
const COLOUR = '#8E1B4F';

test("an admin changes a partner's colour: the preview shows it before saving, and the widget after", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await openSection(page, 'Socios');
  await expect(page.getByRole('heading', { name: 'Socios', level: 1 })).toBeFocused();
  const table = page.getByRole('table', { name: 'Socios que embeben el widget' });
  await expect(table.getByRole('row').filter({ hasText: PARTNER })).toContainText('Chile');
  await expectNoViolations(page, 'the partners');

  await table.getByRole('link', { name: PARTNER, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Socio');
  const embed = page.getByRole('group', { name: /Widget embebido en el sitio del socio/ });
  const colour = embed.getByRole('textbox', { name: 'Color principal' });
  await expect(colour).toBeVisible();

  // The preview is the widget itself, in the stored colours first.
  const preview = page.frameLocator('[data-testid="partner-preview"]');
  const theme = preview.locator('.visita-theme');
  await expect(theme).toBeVisible();
  await expect(theme).not.toHaveAttribute('style', new RegExp(`--visita-main: ${COLOUR.toLowerCase()}`));

  // A bad value is refused next to its field, in Spanish, before anything is sent.
  const logo = page.getByRole('textbox', { name: 'URL del logo' });
  const storedLogo = await logo.inputValue();
  await logo.fill('http://logo.example/logo.png');
  await expect(page.getByText('Debe ser una URL https.')).toBeVisible();
  await logo.fill(storedLogo);
  await expect(page.getByText('Debe ser una URL https.')).toHaveCount(0);

  // The draft's colour shows in the preview before saving.
  await colour.fill(COLOUR);
  await expect(theme).toHaveAttribute('style', new RegExp(`--visita-main: ${COLOUR.toLowerCase()}`));
  const before = await page.request.get(`/api/alliances/clients/sdk-config/?id=${PARTNER}`);
  expect((await before.json()).sdk_config_v2?.main_color ?? null).not.toBe(COLOUR);
  await expectNoViolations(page, "the partner's page");

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Cambios guardados. El widget los muestra de inmediato.' }),
  ).toBeVisible();
  // Audited with the admin as actor.
  const trail = page.getByRole('table', { name: 'Cambios del socio, los más recientes primero' });
  await expect(trail.getByRole('row').nth(1)).toContainText('Documento cambiado');
  await expect(trail.getByRole('row').nth(1)).toContainText('sdk_config_v2.main_color');
  await expect(trail.getByRole('row').nth(1)).toContainText('admin@visita.localhost');

  // The widget at the partner's address shows the new colour.
  const widget = await page.context().newPage();
  await widget.goto(`/${PARTNER}`);
  await expect(widget.locator('.visita-theme')).toHaveAttribute(
    'style',
    new RegExp(`--visita-main: ${COLOUR.toLowerCase()}`),
  );
  await widget.close();
});
