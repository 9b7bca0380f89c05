import { expect, test } from '@playwright/test';

const TITLE_PREFIX = 'Servicios médicos a domicilio - Visita & ';

test('without a client id the page asks for one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Se requiere un identificador de cliente.', { exact: true })).toBeVisible();
});

test('an unknown client id is named below the invalid-client text', async ({ page }) => {
  await page.goto('/no-existe');
  await expect(page.getByText('El identificador de cliente no es válido.', { exact: true })).toBeVisible();
  await expect(page.getByText('no-existe', { exact: true })).toBeVisible();
});

test('an id with markup is shown as text, never run', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto('/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  await expect(page.getByText('El identificador de cliente no es válido.', { exact: true })).toBeVisible();
  await expect(page.getByText('<img src=x onerror=alert(1)>', { exact: true })).toBeVisible();
  expect(dialogs).toBe(0);
});

test('a failed config load shows the unexpected-error text with the id', async ({ page }) => {
  // The API is real; only this one answer is made to fail, as a broken network would.
  await page.route('**/api/alliances/clients/sdk-config/**', (route) =>
    route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }),
  );
  await page.goto('/demo');
  await expect(
    page.getByText('Ha ocurrido un error inesperado, comunícate con el equipo de desarrollo', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByText('demo', { exact: true })).toBeVisible();
});

test('/demo shows the introduction with its title, copy and colours', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Exámenes y vacunas a domicilio' })).toBeVisible();
  await expect(page).toHaveTitle(`${TITLE_PREFIX}Demo Salud`);
  const points = page.getByRole('list').getByRole('listitem');
  await expect(points).toHaveText([
    /Agenda tu hora en línea o con tu orden médica\./,
    /Un especialista te visitará en el horario que elijas\./,
    /Recibe tus resultados por correo electrónico\./,
  ]);
  const cta = page.getByRole('button', { name: 'Continuar' });
  await expect(cta).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(page.locator('.visita-banner')).toHaveCSS('background-color', 'rgb(19, 78, 74)');
  await expect(page.getByText('Operado por', { exact: true })).toBeVisible();
  await expect(page.getByText('¿Necesitas ayuda agendando?', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toBeVisible();
  // The introduction has no back button.
  await expect(page.getByRole('button', { name: 'Volver' })).toHaveCount(0);
});

test('a partner client shows its own copy, help line and hours', async ({ page }) => {
  await page.goto('/clinicaalemana');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Toma de muestras y vacunas a domicilio' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`${TITLE_PREFIX}Clínica Alemana`);
  await expect(page.getByText('Necesitas ayuda para reservar?', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Llama a la central' })).toHaveAttribute('href', /^tel:/);
  await page.getByRole('button', { name: 'Horario de atención' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('Horario de atención: Lunes a viernes de 7:30 a 13:30.');
  await expect(page.getByRole('button', { name: 'Continuar' })).toHaveCSS(
    'background-color',
    'rgb(0, 59, 113)',
  );
});

test('a white logo background counts as unset and falls back to #4F4F4F', async ({ page }) => {
  await page.goto('/redsalud');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.visita-banner')).toHaveCSS('background-color', 'rgb(79, 79, 79)');
});

test('Mexico gets its own copy and help hours', async ({ page }) => {
  await page.goto('/demo-mx');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Estudios de laboratorio y vacunas a domicilio' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Escríbenos', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Horario de atención' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('Horario de atención: Lunes a sábado de 9:00 a 18:00.');
});

test('the fund leaves out the results point and reads "En alianza con"', async ({ page }) => {
  await page.goto('/cajalosandes');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vacuna contra la influenza a domicilio' }),
  ).toBeVisible();
  await expect(page.getByRole('list').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('Recibe tus resultados por correo electrónico.')).toHaveCount(0);
  await expect(page.getByText('En alianza con', { exact: true })).toBeVisible();
});

test('hospitalessanangelinn shows no shell footer and no help button', async ({ page }) => {
  await page.goto('/hospitalessanangelinn');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Operado por')).toHaveCount(0);
  await expect(page.getByText('En alianza con')).toHaveCount(0);
  await expect(page.getByText('¿Necesitas ayuda agendando?')).toHaveCount(0);
});

test('the non-binary wording is used where the client asks for it', async ({ page }) => {
  await page.goto('/idoktor');
  await expect(page.getByText('Personal especialista te visitará en el horario que elijas.')).toBeVisible();
});

test('the introduction works by keyboard: title first, then Continue, then back', async ({ page }) => {
  await page.goto('/demo');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-step]')).not.toHaveAttribute('data-step', 'introduction');
  await page.getByRole('button', { name: 'Volver' }).press('Enter');
  await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'introduction');
});

test("'Volver', reached while the next step still loads, goes back: the step's title does not take the focus from it", async ({
  page,
}) => {
  // The next step's code arrives late, as on a slow network, until the test lets it through.
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(/\/assets\/schedule-type-step-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'schedule-type');
  // At once, a busy region says the step is loading and holds the focus (not the page's body).
  const busy = page.getByRole('status').filter({ hasText: 'Cargando' });
  await expect(busy).toBeFocused();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  // The person goes back to 'Volver' while it loads; then the step shows.
  await page.keyboard.press('Shift+Tab');
  const back = page.getByRole('button', { name: 'Volver' });
  await expect(back).toBeFocused();
  letThrough();
  await expect(page.getByRole('heading', { level: 1, name: '¿Cómo quieres agendar?' })).toBeVisible();
  // The focus stayed where the person put it, so Enter goes back.
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'introduction');
  await expect(page.getByRole('heading', { level: 1, name: 'Exámenes y vacunas a domicilio' })).toBeFocused();
});
