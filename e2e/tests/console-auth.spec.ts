import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { withDemoAdminCode } from './console-helpers.ts';
import { waitForMail } from './mail-helpers.ts';

/**
 * The console's sign-in: nobody signed in lands on /ingresar; the demo admin signs in with the
 * keyboard alone (password, then the authenticator's code) and creates a coordinator, who signs
 * in with the one-time password and must change it first; every API refusal shows its Spanish
 * message in an alert; axe finds nothing on the sign-in pages.
 */

test.describe.configure({ timeout: 120_000 });

// The demo admin (apps/api/src/db/seed/demo-operators.ts).
const ADMIN_EMAIL = 'admin@visita.localhost';
const ADMIN_PASSWORD = 'visita-demo-admin';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  expect(
    results.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The page's heading has the focus (where a navigation leaves the keyboard and the screen reader). */
async function expectTitleFocused(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
}

/** Presses Tab until `target` has the focus (a keyboard user's way to a field or button). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  for (let presses = 0; presses < 20; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

/** The admin's sign-in by keyboard: e-mail, password, Enter; the code, Enter. */
async function signInAsAdminByKeyboard(page: Page): Promise<void> {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/ingresar$/);
  await expectTitleFocused(page, 'Iniciar sesión');
  await tabTo(page, page.getByRole('textbox', { name: 'Correo' }));
  await page.keyboard.type(ADMIN_EMAIL);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Contraseña\s*\*?$/)).toBeFocused();
  await page.keyboard.type(ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/console\/ingresar\/codigo$/);
  await expectTitleFocused(page, 'Código de verificación');
  await tabTo(page, page.getByRole('textbox', { name: /Código de verificación/ }));
  await withDemoAdminCode(async (code) => {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/console\/citas$/);
  });
  await expect(page.getByTestId('operator')).toContainText('Administración');
}

async function signIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/console/ingresar');
  await page.getByRole('textbox', { name: 'Correo' }).fill(email);
  await page.getByLabel(/^Contraseña\s*\*?$/).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  return { context, page };
}

test('nobody signed in is sent to /ingresar; axe finds nothing on the sign-in pages', async ({ page }) => {
  await page.goto('/console/citas');
  await expect(page).toHaveURL(/\/console\/ingresar$/);
  await expectTitleFocused(page, 'Iniciar sesión');
  await expectNoViolations(page, '/ingresar');

  // A refusal shows the API's message in an alert (and the page stays accessible with it).
  await page.getByRole('textbox', { name: 'Correo' }).fill('nadie@visita.localhost');
  await page.getByLabel(/^Contraseña\s*\*?$/).fill('no-es-la-contraseña');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toContainText('El correo o la contraseña no son correctos.');
  await expectNoViolations(page, '/ingresar con error');

  for (const [path, title] of [
    ['/console/ingresar/codigo', 'Código de verificación'],
    ['/console/ingresar/contrasena', 'Cambiar contraseña'],
    ['/console/ingresar/segundo-factor', 'Configurar segundo factor'],
    ['/console/restablecer', 'Restablecer contraseña'],
    ['/console/restablecer?token=enlace-de-prueba-vencido-0000', 'Crear contraseña nueva'],
  ] as const) {
    await page.goto(path);
    await expectTitleFocused(page, title);
    await expectNoViolations(page, path);
  }

  // Passwords that differ are caught before any call; an unknown link, by the API.
  await page.getByLabel(/^Contraseña nueva/).fill('una-contraseña-larga');
  await page.getByLabel('Repite la contraseña nueva').fill('otra-contraseña-larga');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText('Las contraseñas no coinciden.');
  await page.getByLabel('Repite la contraseña nueva').fill('una-contraseña-larga');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'El enlace para restablecer la contraseña no es válido',
  );
  await expectNoViolations(page, '/restablecer?token= con error');

  // Asking for a link answers the same for any address.
  await page.goto('/console/restablecer');
  await page.getByRole('textbox', { name: 'Correo' }).fill('nadie@visita.localhost');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText('Si el correo pertenece a una cuenta');
});

test('the admin signs in by keyboard with password and code, creates a coordinator who must change the one-time password, and an admin who must also enrol a second factor; sessions ended from Mi cuenta; a reset by e-mailed link', async ({
  page,
  browser,
  request,
}) => {
  await signInAsAdminByKeyboard(page);
  const nav = page.getByRole('navigation', { name: 'Secciones' });
  for (const section of ['Citas', 'Agenda', 'Operadores', 'Mi cuenta'])
    await expect(nav.getByRole('link', { name: section })).toBeVisible();

  // A coordinator account, made on Operadores; its one-time password is shown once.
  await nav.getByRole('link', { name: 'Operadores' }).click();
  await expectTitleFocused(page, 'Operadores');
  const email = `coordinacion-${Date.now()}@visita.localhost`;
  const form = page.getByRole('form', { name: 'Nueva cuenta' });
  await form.getByRole('textbox', { name: 'Correo' }).fill(email);
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Carla Coordinadora');
  await form.getByRole('combobox', { name: 'Rol' }).selectOption('coordinator');
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  const oneTimePassword = (await page.getByTestId('one-time-password').textContent())?.trim() ?? '';
  expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);

  // The coordinator's first sign-in asks for a new password before anything else.
  const coordinator = await signIn(browser, email, oneTimePassword);
  const other = coordinator.page;
  await expect(other).toHaveURL(/\/console\/ingresar\/contrasena$/);
  await expectTitleFocused(other, 'Cambiar contraseña');
  await expectNoViolations(other, '/ingresar/contrasena (primer ingreso)');
  // Any other page sends back here until the password is changed.
  await other.goto('/console/citas');
  await expect(other).toHaveURL(/\/console\/ingresar\/contrasena$/);
  await other.getByLabel('Contraseña de un solo uso').fill(oneTimePassword);
  await other.getByLabel(/^Contraseña nueva/).fill('corta');
  await other.getByLabel('Repite la contraseña nueva').fill('corta');
  await other.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(other.getByRole('alert')).toContainText('al menos 12 caracteres');
  const newPassword = 'Faro azul sobre el cerro 2026';
  await other.getByLabel(/^Contraseña nueva/).fill(newPassword);
  await other.getByLabel('Repite la contraseña nueva').fill(newPassword);
  await other.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(other).toHaveURL(/\/console\/citas$/);
  await expect(other.getByTestId('operator')).toHaveText('Carla Coordinadora · Coordinación');
  // The coordinator's role opens no Operadores.
  const otherNav = other.getByRole('navigation', { name: 'Secciones' });
  await expect(otherNav.getByRole('link', { name: 'Agenda' })).toBeVisible();
  await expect(otherNav.getByRole('link', { name: 'Operadores' })).toHaveCount(0);

  // Mi cuenta lists this session; signing out ends it.
  await otherNav.getByRole('link', { name: 'Mi cuenta' }).click();
  await expectTitleFocused(other, 'Mi cuenta');
  await expect(other.getByText('Esta sesión')).toBeVisible();
  await other.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await expect(other).toHaveURL(/\/console\/ingresar$/);
  await other.goto('/console/citas');
  await expect(other).toHaveURL(/\/console\/ingresar$/);

  // The one-time password no longer works; the new one does, straight to the console.
  const again = await signIn(browser, email, oneTimePassword);
  await expect(again.page.getByRole('alert')).toContainText('El correo o la contraseña no son correctos.');
  await again.context.close();
  const last = await signIn(browser, email, newPassword);
  await expect(last.page).toHaveURL(/\/console\/citas$/);
  // A session opened elsewhere is ended from Mi cuenta: that browser is signed out.
  const elsewhere = await signIn(browser, email, newPassword);
  await expect(elsewhere.page).toHaveURL(/\/console\/citas$/);
  await last.page.getByRole('link', { name: 'Mi cuenta' }).click();
  const endOther = last.page.getByRole('button', { name: /^Cerrar sesión iniciada el/ });
  await expect(endOther).toHaveCount(1);
  await expectNoViolations(last.page, '/cuenta');
  await endOther.click();
  await expect(endOther).toHaveCount(0);
  await elsewhere.page.getByRole('link', { name: 'Mi cuenta' }).click();
  await expect(elsewhere.page).toHaveURL(/\/console\/ingresar$/);
  await elsewhere.context.close();
  await last.context.close();

  // Forgotten: a reset link by e-mail sets a new password, which then signs in.
  const reset = await browser.newContext();
  const resetPage = await reset.newPage();
  await resetPage.goto('/console/restablecer');
  await resetPage.getByRole('textbox', { name: 'Correo' }).fill(email);
  await resetPage.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(resetPage.getByRole('status')).toContainText('Si el correo pertenece a una cuenta');
  const mail = await waitForMail(request, (received) => received.to.includes(email));
  const link = /https?:\/\/\S+\/console\/restablecer\?token=\S+/.exec(mail.text)?.[0] ?? '';
  await resetPage.goto(new URL(link).pathname + new URL(link).search);
  await expectTitleFocused(resetPage, 'Crear contraseña nueva');
  const resetPassword = 'Velero rojo en la bahía 77';
  await resetPage.getByLabel(/^Contraseña nueva/).fill(resetPassword);
  await resetPage.getByLabel('Repite la contraseña nueva').fill(resetPassword);
  await resetPage.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(resetPage.getByRole('status')).toContainText('Ya puedes iniciar sesión');
  await reset.close();
  const afterReset = await signIn(browser, email, resetPassword);
  await expect(afterReset.page).toHaveURL(/\/console\/citas$/);
  await afterReset.context.close();
  await coordinator.context.close();

  // A second admin: after the one-time password, the role asks for a second factor first.
  const adminEmail = `administracion-${Date.now()}@visita.localhost`;
  await form.getByRole('textbox', { name: 'Correo' }).fill(adminEmail);
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Berta Administradora');
  await form.getByRole('combobox', { name: 'Rol' }).selectOption('admin');
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByTestId('one-time-password')).not.toHaveText(oneTimePassword);
  const adminOneTime = (await page.getByTestId('one-time-password').textContent())?.trim() ?? '';
  const admin = await signIn(browser, adminEmail, adminOneTime);
  await expect(admin.page).toHaveURL(/\/console\/ingresar\/contrasena$/);
  await admin.page.getByLabel('Contraseña de un solo uso').fill(adminOneTime);
  await admin.page.getByLabel(/^Contraseña nueva/).fill(newPassword);
  await admin.page.getByLabel('Repite la contraseña nueva').fill(newPassword);
  await admin.page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(admin.page).toHaveURL(/\/console\/ingresar\/segundo-factor$/);
  await expectTitleFocused(admin.page, 'Configurar segundo factor');
  await admin.page.getByRole('button', { name: 'Generar clave' }).click();
  const secret = ((await admin.page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(admin.page.getByText(/^otpauth:\/\/totp\//)).toBeVisible();
  await expectNoViolations(admin.page, '/ingresar/segundo-factor (clave)');
  await admin.page.getByRole('textbox', { name: /Código de verificación/ }).fill('000000');
  await admin.page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.page.getByRole('alert')).toContainText('El código de verificación no es correcto.');
  await admin.page.getByRole('textbox', { name: /Código de verificación/ }).fill(await generate({ secret }));
  await admin.page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.page).toHaveURL(/\/console\/citas$/);
  await expect(admin.page.getByTestId('operator')).toHaveText('Berta Administradora · Administración');
  await admin.context.close();
});
