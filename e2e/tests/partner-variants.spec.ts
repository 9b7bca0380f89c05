import { expect, type Page, test } from '@playwright/test';
import { addExam, APOQUINDO, chooseAddress, goToServices } from './address-and-services-helpers.ts';
import {
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
} from './patients-and-payment-helpers.ts';

/**
 * The per-partner variants, as the demo partners' profiles set them (docs/partners.md): no partner
 * is named in the widget's code, so each of these is the profile at work.
 */

test.describe.configure({ timeout: 90_000 });

const patient = () => ({
  firstName: 'Ignacia',
  lastName: 'Fuentes',
  secondLastName: 'Rojas',
  day: '3',
  month: 'Marzo',
  year: '1990',
  document: freshRut(),
  email: freshEmail(),
  phone: '+56955512345',
});

/** From the services step with Glicemia to the confirmation, the block held and a patient given. */
async function servicesToConfirmation(page: Page): Promise<void> {
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await fillPatient(page, patient());
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
}

test('an insurer (confuturo) starts at its introduction even with services in the link, tells groups about company events, and its confirmation goes back to the date', async ({
  page,
}) => {
  await page.goto('/confuturo?services=3');
  await expect(page.locator('[data-step="introduction"]')).toBeVisible();
  await expect(
    page.getByText('Un beneficio de Confuturo para cuidar tu salud sin salir de casa.', { exact: true }),
  ).toBeVisible();

  await goToServices(page, APOQUINDO, 'confuturo');
  await expect(
    page.getByText('¿Son más de 10 personas? Escríbenos y organizamos un operativo de salud en tu empresa.', {
      exact: true,
    }),
  ).toBeVisible();
  await servicesToConfirmation(page);
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { name: 'Fecha y hora de atención' })).toBeVisible();
});

test('a pharmacy (cruzverde) shows its referral line, ends at the confirmation without a payment step, and hands the page back to its host', async ({
  page,
}) => {
  interface HostEvent {
    widget?: string;
    event: string;
  }
  await page.goto('/demo-host/?client=cruzverde');
  const frame = page.frameLocator('#visita-inline iframe');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO, frame);
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await expect(
    frame.getByText('Invita a alguien a agendar con tu cupón y gana $7.000 en tu próxima visita.', {
      exact: true,
    }),
  ).toBeVisible();
  await addExam(frame, 'Glicemia');
  await servicesToDate(frame);
  await holdFirstBlock(page, frame);
  const person = patient();
  await frame.getByLabel('Primer nombre').fill(person.firstName);
  await frame.getByLabel('Apellido paterno').fill(person.lastName);
  await frame.getByLabel('Apellido materno').fill(person.secondLastName);
  await frame.getByLabel('Día').selectOption(person.day);
  await frame.getByLabel('Mes').selectOption({ label: person.month });
  await frame.getByLabel('Año').selectOption(person.year);
  await frame.getByLabel(/^Número de documento/).fill(person.document);
  await frame.getByLabel('Correo electrónico').fill(person.email);
  await frame.getByLabel('Teléfono').fill(person.phone);
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();

  const confirmed = page.waitForResponse(
    (r) => r.url().includes('/manual_confirm/') && r.request().method() === 'POST',
  );
  await frame.getByRole('button', { name: 'Continuar' }).click();
  expect((await confirmed).status()).toBe(200);
  await expect
    .poll(async () =>
      (await page.evaluate(() => (window as unknown as { visitaEvents: HostEvent[] }).visitaEvents))
        .filter((e) => e.widget === 'inline')
        .map((e) => e.event),
    )
    .toEqual(['visita:mounted', 'visita:purchase', 'visita:success', 'visita:successful', 'visita:close']);
  await expect(frame.getByRole('heading', { name: 'Método de pago' })).toHaveCount(0);
});

test('a lab network (esencial) adds its fixed service to every availability search', async ({ page }) => {
  await goToServices(page, APOQUINDO, 'esencial');
  await addExam(page, 'Glicemia');
  const searched = page.waitForRequest((r) => r.url().includes('/api/v2/time-availability/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const url = new URL((await searched).url());
  const items = [...url.searchParams.entries()]
    .filter(([key]) => key.startsWith('items'))
    .flatMap(([, value]) => value.split(','));
  // Glicemia from the cart, and the blood count (id 1) the partner's visits always include.
  expect(items, url.href).toContain('1');
  expect(items.length).toBeGreaterThanOrEqual(2);
});

test('a front desk (esencial) that closes the widget starts over inside the frame instead of handing it back', async ({
  page,
}) => {
  interface HostEvent {
    widget?: string;
    event: string;
  }
  await page.goto('/demo-host/?client=esencial');
  const frame = page.frameLocator('#visita-inline iframe');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO, frame);
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await frame.getByRole('button', { name: 'Cerrar' }).click();
  // The next person starts from the beginning, with nothing of the last one's address.
  await expect(frame.locator('[data-step="introduction"]')).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue('');
  const events = await page.evaluate(() => (window as unknown as { visitaEvents: HostEvent[] }).visitaEvents);
  expect(events.filter((e) => e.widget === 'inline' && e.event === 'visita:close')).toEqual([]);
});
