import { expect, test } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../admin-token.ts';
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

test("an admin edits a partner's nested fields through their inputs, the preview follows, and removes a mode's settings", async ({
  page,
  request,
}) => {
  // A partner of its own (its own sales source), so no other test sees its settings change.
  const id = `socio-anidado-${Date.now().toString(36)}`;
  const created = await request.post('/api/admin/partners', {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'x-operator': 'e2e' },
    data: {
      id,
      name: 'Clínica Anidada',
      country: 'cl',
      sales_source: id,
      sdk_config_v2: { main_color: '#0B6E4F', show_whatsapp_sac_button: true },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const config = async () =>
    (await (await request.get(`/api/alliances/clients/sdk-config/?id=${id}`)).json()) as {
      receivers: unknown[];
      sdk_config_v2: Record<string, unknown> | null;
      profile: { help: { question: string; action: { kind: string; href: string } } | null };
    };

  await signInAsAdmin(page);
  await openSection(page, 'Socios');
  await page
    .getByRole('table', { name: 'Socios que embeben el widget' })
    .getByRole('link', { name: id, exact: true })
    .click();
  const preview = page.frameLocator('[data-testid="partner-preview"]');
  await expect(preview.locator('.visita-theme')).toHaveAttribute('style', /--visita-main: #0b6e4f/);

  // The help box: made by its button (the keyboard lands on its first input), each part an input.
  const help = page.getByRole('group', { name: 'Caja de ayuda', exact: true });
  await help.getByRole('button', { name: 'Escribir caja de ayuda propia' }).click();
  const question = help.getByRole('textbox', { name: 'Pregunta de la caja de ayuda' });
  await expect(question).toBeFocused();
  await question.fill('¿Dudas con tu visita?');
  await help.getByRole('combobox', { name: 'Medio de contacto' }).selectOption('phone');
  await help.getByRole('textbox', { name: 'Texto del contacto' }).fill('Llámanos');
  const href = help.getByRole('textbox', { name: 'Enlace del contacto' });
  // The API's rule, in its words, on the input itself while typed.
  await href.fill('http://ayuda.example');
  await expect(help.getByText('Debe ser https://, tel: o mailto:.')).toBeVisible();
  await expect(href).toHaveAttribute('aria-invalid', 'true');
  await href.fill('tel:+56221234567');
  await expect(help.getByText('Debe ser https://, tel: o mailto:.')).toHaveCount(0);
  await help.getByRole('textbox', { name: 'Horario de atención' }).fill('Lunes a viernes, 9 a 18 h');
  // The preview follows the draft before anything is saved.
  await expect(preview.locator('.visita-help')).toContainText('¿Dudas con tu visita?');
  await expect(preview.locator('.visita-help')).toContainText('Llámanos');
  expect((await config()).profile.help).toBeNull();

  // Receivers as rows: two added, the first removed, the second moves up.
  const receivers = page.getByRole('group', { name: 'Receptores' });
  await receivers.getByRole('button', { name: 'Agregar receptor' }).click();
  await expect(receivers.getByRole('textbox', { name: 'Id del receptor 1' })).toBeFocused();
  await receivers.getByRole('textbox', { name: 'Id del receptor 1' }).fill('1');
  await receivers.getByRole('textbox', { name: 'Nombre del receptor 1' }).fill('Mesa central');
  await receivers.getByRole('button', { name: 'Agregar receptor' }).click();
  await receivers.getByRole('textbox', { name: 'Id del receptor 2' }).fill('7');
  await receivers.getByRole('textbox', { name: 'Nombre del receptor 2' }).fill('Sucursal Centro');
  await receivers.getByRole('button', { name: 'Quitar receptor 1' }).click();
  await expect(receivers.getByRole('textbox', { name: 'Nombre del receptor 1' })).toHaveValue(
    'Sucursal Centro',
  );
  await expect(receivers.getByRole('textbox', { name: 'Nombre del receptor 2' })).toHaveCount(0);
  await expectNoViolations(page, "the partner's nested fields");

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Cambios guardados. El widget los muestra de inmediato.' }),
  ).toBeVisible();
  const saved = await config();
  expect(saved.profile.help).toMatchObject({
    question: '¿Dudas con tu visita?',
    action: { kind: 'phone', href: 'tel:+56221234567' },
  });
  expect(saved.receivers).toEqual([{ id: 7, name: 'Sucursal Centro' }]);

  // The embed's settings removed: the mode has none, the preview shows the product's look.
  const embed = page.getByRole('group', { name: /Widget embebido en el sitio del socio/ });
  await embed.getByRole('button', { name: 'Quitar los ajustes del widget embebido' }).click();
  const none = embed.getByText('Sin ajustes propios: el widget usa los del producto en este modo.');
  await expect(none).toBeFocused();
  await expect(embed.getByRole('textbox', { name: 'Color principal' })).toHaveValue('');
  // The flags show what the widget does without settings: the logo's band on, the help box off.
  await expect(embed.getByRole('checkbox', { name: 'Mostrar la franja del logo' })).toBeChecked();
  await expect(embed.getByRole('checkbox', { name: 'Caja de ayuda' })).not.toBeChecked();
  await expect(preview.locator('.visita-theme')).not.toHaveAttribute('style', /--visita-main: #0b6e4f/);
  await expect(preview.locator('.visita-help')).toHaveCount(0);
  expect((await config()).sdk_config_v2).not.toBeNull();
  await expectNoViolations(page, "the partner's page without the embed's settings");

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  const trail = page.getByRole('table', { name: 'Cambios del socio, los más recientes primero' });
  await expect(trail.getByRole('row').nth(1)).toContainText('sdk_config_v2');
  expect((await config()).sdk_config_v2).toBeNull();
  // Read back after saving, the mode still has none.
  await expect(
    page.getByRole('group', { name: /Widget embebido/ }).getByText(/Sin ajustes propios/),
  ).toBeVisible();
});
