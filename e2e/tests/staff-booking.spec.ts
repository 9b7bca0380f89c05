import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './address-and-services-helpers.ts';
import { freshRut } from './patients-and-payment-helpers.ts';
import { consoleUrl, events, toSelectPatient } from './staff-helpers.ts';

/**
 * A staff (laas) booking through the demo staff console. The console's host,
 * console.localhost on the test port, is in LAAS_HOSTS (playwright.config.ts), so the embedded
 * demo-laas widget runs the laas flow with its API token: address, services, date,
 * 'Seleccionar paciente', patient, confirmation, success (no payment: staff confirm manually).
 */

test.describe.configure({ timeout: 120_000 });

test('staff book for an existing patient picked in "Seleccionar paciente"; the console hears mounted then success', async ({
  page,
  baseURL,
}) => {
  await page.goto(consoleUrl(baseURL));
  await expect.poll(() => events(page)).toEqual([{ event: 'visita:mounted', detail: {} }]);
  const frame = page.frameLocator('#visita-console iframe');

  await toSelectPatient(page, frame);

  // 'Seleccionar paciente': the client's list, searched on the server, the demo patient picked.
  await expect(frame.getByRole('button', { name: 'Crear nuevo paciente' })).toBeVisible();
  const search = frame.getByRole('combobox', { name: 'Paciente' });
  await expect(search).toHaveAttribute('placeholder', 'Buscar paciente');
  await expect(frame.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await expectNoSeriousAxeViolations(page);
  // A name the client does not have: the list says so.
  await search.fill('Zuñiga Inexistente');
  await expect(frame.getByRole('option')).toHaveText(['No hay datos para mostrar']);
  await search.fill('');
  const searched = page.waitForResponse(
    (r) =>
      r.url().includes('/api/alliances/clients/demo-laas/patients/') && r.url().includes('search=Camila'),
  );
  await search.fill('Camila');
  expect((await searched).status()).toBe(200);
  await expect(frame.getByRole('option')).toHaveCount(1);
  await frame.getByRole('option', { name: 'Camila Andrea Rojas Fuentes · 16.543.210-K' }).click();
  await frame.getByRole('button', { name: 'Continuar' }).click();

  // The patient form comes filled with the chosen patient; the client's default e-mail hides the field.
  await expect(frame.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();
  await expect(frame.getByLabel('Primer nombre')).toHaveValue('Camila');
  await expect(frame.getByLabel('Apellido paterno')).toHaveValue('Rojas');
  await expect(frame.getByLabel(/^Número de documento/)).toHaveValue('16.543.210-K');
  await expect(frame.getByLabel('Correo electrónico')).toHaveCount(0);
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await frame.getByRole('button', { name: 'Continuar' }).click();
  expect((await finalised).status()).toBe(200);

  // Confirmation, then straight to success: staff confirm manually, without a payment step.
  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  const confirmed = page.waitForResponse((r) => r.url().includes('/manual_confirm/'));
  await frame.getByRole('button', { name: 'Continuar' }).click();
  expect((await confirmed).status()).toBe(200);
  await expect(frame.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Método de pago' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // The host heard mounted, then success with the appointment id and nothing else.
  await expect
    .poll(async () => (await events(page)).map((e) => e.event))
    .toEqual(['visita:mounted', 'visita:success']);
  const success = (await events(page))[1];
  expect(Object.keys(success?.detail ?? {})).toEqual(['appointmentId']);
  const appointmentId = String(success?.detail.appointmentId);
  expect(appointmentId).toMatch(/^[\w-]{8,}$/);

  // The booking is real: the staff token reads it back, confirmed, for the chosen patient.
  const summary = await page.request.get(`/api/v2/appointments/${appointmentId}/`, {
    headers: { authorization: 'Bearer demo-laas-token' },
  });
  expect(summary.status()).toBe(200);
  const body = (await summary.json()) as { status: string; patients: { document_number: string }[] };
  expect(body.status).toBe('confirmed');
  expect(body.patients.map((p) => p.document_number)).toEqual(['16.543.210-K']);
});

test("'Crear nuevo paciente' skips to an empty patient form; the new patient is booked and saved for the client", async ({
  page,
  baseURL,
}) => {
  // demo-laas registers every new patient with its default e-mail: once one has an account with
  // it (here made sure of), the next ones are booked all the same, without a patient account.
  const earlier = await page.request.post('/api/users/register_wo_password/', {
    headers: { authorization: 'Bearer demo-laas-token' },
    data: {
      email: 'pacientes@demo-laas.cl',
      first_name: 'Paciente',
      last_name: 'Anterior',
      second_last_name: 'Demo',
      date_of_birth: '1970-01-01',
      document_type: 'ci',
      document_number: freshRut(),
      gender: 'female',
      country: 'cl',
      phone: '+56911110000',
      locale: 'cl',
      scopes: 'consulta:read',
      is_partial_register: false,
      disable_email_create_password: true,
      acquisition_source: 'laas',
    },
  });
  expect([201, 409]).toContain(earlier.status());

  await page.goto(consoleUrl(baseURL));
  await expect.poll(() => events(page)).toEqual([{ event: 'visita:mounted', detail: {} }]);
  const frame = page.frameLocator('#visita-console iframe');
  await toSelectPatient(page, frame);
  await frame.getByRole('button', { name: 'Crear nuevo paciente' }).click();

  await expect(frame.getByRole('heading', { name: 'Datos del paciente' })).toBeVisible();
  await expect(frame.getByLabel('Primer nombre')).toHaveValue('');
  // demo-laas has a default patient e-mail: no e-mail field.
  await expect(frame.getByLabel('Correo electrónico')).toHaveCount(0);
  const rut = freshRut();
  await frame.getByLabel('Primer nombre').fill('Matías');
  await frame.getByLabel('Apellido paterno').fill('Fernández');
  await frame.getByLabel('Apellido materno').fill('Castro');
  await frame.getByLabel('Día').selectOption('5');
  await frame.getByLabel('Mes').selectOption({ label: 'Junio' });
  await frame.getByLabel('Año').selectOption('1969');
  await frame.getByLabel(/^Número de documento/).fill(rut);
  await frame.getByLabel('Teléfono').fill('+56945678901');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/alliances/clients/demo-laas/patients/') && r.request().method() === 'POST',
  );
  await frame.getByRole('button', { name: 'Continuar' }).click();
  expect((await saved).status()).toBe(201);
  await expect(frame.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await expect(frame.getByRole('heading', { name: '¡Tu cita está agendada!' })).toBeVisible();
  await expect
    .poll(async () => (await events(page)).map((e) => e.event))
    .toEqual(['visita:mounted', 'visita:success']);

  // The new patient is now in the client's list, found by the staff token.
  const list = await page.request.get(
    `/api/alliances/clients/demo-laas/patients/?search=${encodeURIComponent('Matías Fernández')}`,
    { headers: { authorization: 'Bearer demo-laas-token' } },
  );
  expect(list.status()).toBe(200);
  const found = (await list.json()) as { results: { patient: { document_number: string } }[] };
  expect(found.results.map((entry) => entry.patient.document_number)).toContain(rut);
});
