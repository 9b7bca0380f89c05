import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import {
  addExam,
  APOQUINDO,
  chooseAddress,
  expectNoSeriousAxeViolations,
} from './address-and-services-helpers.ts';
import {
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
  TEST_VISA,
} from './patients-and-payment-helpers.ts';

/**
 * A whole booking inside the widget embedded by the partner page (/demo-host/, client
 * demo). The page hears visita:mounted, then visita:success with the appointment id only, and on
 * 'Salir' visita:successful and visita:close; no event carries the patient's data.
 */

interface HostEvent {
  widget?: string;
  event: string;
  detail: Record<string, unknown>;
}

const inlineEvents = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { visitaEvents: HostEvent[] }).visitaEvents)).filter(
    (e) => e.widget === 'inline',
  );

async function toDate(page: Page, frame: FrameLocator): Promise<void> {
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¿Cómo quieres agendar?' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¿Dónde te visitamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO, frame);
  await expect(frame.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await addExam(frame, 'Glicemia');
  await servicesToDate(frame);
}

test.describe.configure({ timeout: 120_000 });

test('after a booking inside the partner page, the host hears mounted, success, then successful and close, with no personal data', async ({
  page,
}) => {
  // A public booking asks for nothing it may not have: no refused call in the console or the network.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/\b40[13]\b/.test(message.text())) refused.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) refused.push(response.url());
  });
  await page.goto('/demo-host/');
  await expect
    .poll(() => inlineEvents(page))
    .toEqual([{ widget: 'inline', event: 'visita:mounted', detail: {} }]);
  const frame = page.frameLocator('#visita-inline iframe');
  await toDate(page, frame);

  await holdFirstBlock(page, frame);

  const patient = {
    first: 'Florencia',
    last: 'Gutiérrez',
    second: 'Salinas',
    rut: freshRut(),
    email: freshEmail(),
    phone: '+56961234567',
  };
  await expect(frame.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();
  await frame.getByLabel('Primer nombre').fill(patient.first);
  await frame.getByLabel('Apellido paterno').fill(patient.last);
  await frame.getByLabel('Apellido materno').fill(patient.second);
  await frame.getByLabel('Día').selectOption('12');
  await frame.getByLabel('Mes').selectOption({ label: 'Agosto' });
  await frame.getByLabel('Año').selectOption('1983');
  await frame.getByLabel(/^Número de documento/).fill(patient.rut);
  await frame.getByLabel('Correo electrónico').fill(patient.email);
  await frame.getByLabel('Teléfono').fill(patient.phone);
  await frame.getByRole('button', { name: 'Continuar' }).click();

  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: 'Método de pago', level: 1 })).toBeVisible();
  await frame.getByRole('button', { name: 'Tarjeta de crédito' }).click();
  await frame.getByLabel('Número de tarjeta').fill(TEST_VISA);
  await frame.getByLabel('Nombre del titular').fill('APRO');
  await frame.getByLabel('Vencimiento (MM/AA)').fill('11/30');
  await frame.getByLabel('CVC').fill('123');
  const paid = page.waitForResponse((r) => r.url().includes('/card/') && r.request().method() === 'POST');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  expect((await paid).status()).toBe(200);
  await expect(frame.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The success screen is the tallest step, the more so in a narrow column of the partner's page:
  // the frame grows to all of it, nothing scrolls or hides inside, and its one button is on top
  // where it is drawn (not under the help box).
  await page.locator('#visita-inline').evaluate((column) => (column.style.maxWidth = '20rem'));
  const iframe = page.locator('#visita-inline iframe');
  await expect(frame.getByTestId('booking-where')).toBeVisible();
  await expect
    .poll(async () => {
      const outer = (await iframe.boundingBox())?.height ?? 0;
      // Where the content ends: the lowest edge of anything on the page, scrolled or not.
      const content = await frame
        .locator('html')
        .evaluate((html) =>
          Math.max(
            html.scrollHeight,
            ...[...document.querySelectorAll('body *')].map((element) =>
              Math.ceil(element.getBoundingClientRect().bottom + window.scrollY),
            ),
          ),
        );
      return outer >= content && content > 800;
    })
    .toBe(true);
  const exit = frame.getByRole('button', { name: 'Salir' });
  expect(
    await exit.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === button;
    }),
  ).toBe(true);
  // What was booked reads as a definition list: each label at the start, its value beside it.
  const summary = frame.getByTestId('booking-summary');
  const label = await summary.locator('dt').first().boundingBox();
  const value = await summary.locator('dd').first().boundingBox();
  expect(label && value && label.x < value.x && Math.abs(label.y - value.y) < 2).toBe(true);
  await expect(summary.locator('dt').first()).toHaveCSS('text-align', 'start');

  // mounted, the purchase on leaving the confirmation, then success carrying the appointment id
  // and nothing else.
  await expect
    .poll(async () => (await inlineEvents(page)).map((e) => e.event))
    .toEqual(['visita:mounted', 'visita:purchase', 'visita:success']);
  const [, purchase, success] = await inlineEvents(page);
  expect(Object.keys(success?.detail ?? {})).toEqual(['appointmentId']);
  const appointmentId = String(success?.detail.appointmentId);
  expect(appointmentId).toMatch(/^[\w-]{8,}$/);
  // The purchase: the cart's ids and amounts, for the partner's analytics.
  expect(purchase?.detail).toEqual({
    appointmentId,
    currency: 'CLP',
    total: expect.any(Number),
    items: [{ id: expect.any(String), price: expect.any(Number), quantity: 1 }],
  });
  expect(purchase?.detail.total).toBeGreaterThan(0);

  // 'Salir': successful (appointment and place ids), then close.
  await exit.click();
  await expect
    .poll(async () => (await inlineEvents(page)).map((e) => e.event))
    .toEqual(['visita:mounted', 'visita:purchase', 'visita:success', 'visita:successful', 'visita:close']);
  const successful = (await inlineEvents(page))[3];
  expect(Object.keys(successful?.detail ?? {}).sort()).toEqual(['appointmentId', 'placeId']);
  expect(successful?.detail.appointmentId).toBe(appointmentId);
  // The chosen address's place id, not null: the cart and address live until 'Salir'.
  expect(successful?.detail.placeId).toEqual(expect.stringMatching(/^\S+$/));

  // Nothing the person typed reached the host page.
  const everything = JSON.stringify(await inlineEvents(page)).toLowerCase();
  for (const value of [
    patient.first,
    patient.last,
    patient.second,
    patient.rut,
    patient.email,
    patient.phone,
  ]) {
    expect(everything).not.toContain(value.toLowerCase());
  }
  expect(everything).not.toContain('1983');
  expect(everything).not.toContain('apoquindo');
  expect(refused).toEqual([]);
});

test("the host's valid patient is submitted by itself: the patient form is never shown", async ({
  page,
  baseURL,
}) => {
  const rut = freshRut();
  const email = freshEmail();
  await page.goto(`${baseURL}/api/health`);
  await page.setContent(
    `<!doctype html><html lang="es"><body>
      <div id="visita-inline"></div>
      <script src="${baseURL}/embed.js"></script>
      <script>
        window.visitaEvents = [];
        const widget = Visita.open({
          clientId: 'demo',
          container: '#visita-inline',
          patient: {
            first_name: 'Ignacia',
            last_name: 'Poblete',
            second_last_name: 'Lagos',
            date_of_birth: '1991-02-14',
            gender: 'female',
            document_type: 'ci',
            document_number: ${JSON.stringify(rut)},
            email: ${JSON.stringify(email)},
            phone: '+56962223344',
          },
        });
        for (const name of ['visita:mounted', 'visita:error']) {
          widget.on(name, (detail) => window.visitaEvents.push({ widget: 'inline', event: name, detail }));
        }
      </script>
    </body></html>`,
  );
  await expect
    .poll(() => inlineEvents(page))
    .toEqual([{ widget: 'inline', event: 'visita:mounted', detail: {} }]);
  const frame = page.frameLocator('#visita-inline iframe');
  await toDate(page, frame);
  await expect(frame.locator('.visita-time[aria-pressed="true"]')).toBeVisible();
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await frame.getByRole('button', { name: 'Continuar' }).click();
  const finalise = await finalised;
  expect(finalise.status()).toBe(200);
  expect(finalise.request().postDataJSON().patients[0]).toMatchObject({
    first_name: 'Ignacia',
    last_name: 'Poblete',
    document_number: rut,
  });
  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await expect(frame.getByLabel('Primer nombre')).toHaveCount(0);
  // Valid: no error reached the host.
  expect((await inlineEvents(page)).map((e) => e.event)).toEqual(['visita:mounted']);
});
