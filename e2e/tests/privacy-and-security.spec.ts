import { expect, type Page, test } from '@playwright/test';
import { addExam, goToAddress, goToServices } from './address-and-services-helpers.ts';
import { fillPatient, holdFirstBlock, servicesToDate } from './patients-and-payment-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** Every Content-Security-Policy refusal the page reports in its console. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('an existing patient (RUT 11.111.111-1) books under the strict page policy, and the session learns only masked data', async ({
  page,
}) => {
  const violations = cspViolations(page);
  const shell = await page.request.get('/demo');
  const policy = shell.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("default-src 'self'");
  expect(shell.headers()['x-content-type-options']).toBe('nosniff');
  expect(shell.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await goToServices(page);
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  await expect(page.getByRole('heading', { name: /^Datos del paciente/ })).toBeVisible();
  await fillPatient(page, {
    firstName: 'Camila',
    lastName: 'González',
    secondLastName: 'Muñoz',
    day: '21',
    month: 'Julio',
    year: '1988',
    document: '11.111.111-1',
    email: 'camila.gonzalez@correo.cl',
    phone: '+56987654321',
    gender: 'Femenino',
  });
  const lookup = page.waitForResponse((r) => r.url().includes('/api/users/find_by_identifier/'));
  const finalised = page.waitForResponse((r) => r.url().includes('/finalize/'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const answer = await lookup;
  expect(answer.status()).toBe(200);
  expect(answer.request().headers()['x-appointment-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(await answer.json()).toEqual({
    id: expect.anything(),
    masked: true,
    email: 'c***@correo.cl',
    phone: '+569 **** **21',
  });
  expect((await finalised).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  expect(violations).toEqual([]);

  // Without the booking's token the same look-up answers nothing about her.
  const stranger = await page.request.get('/api/users/find_by_identifier/?identifier=11.111.111-1');
  expect(stranger.status()).toBe(401);
  expect(await stranger.text()).not.toContain('Camila');
});

test('a failed exam search is reported to the API with its origin, without what was typed', async ({
  page,
}) => {
  await goToServices(page);
  // The network drops the search: the widget cannot know why, only that it failed.
  await page.route('**/api/v2/search/client/**', (route) => route.abort('failed'));
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/v2/errors/') && r.method() === 'POST');
  await page.getByRole('combobox', { name: 'Buscar examen' }).first().fill('Hemograma');
  const request = await reported;
  expect(request.postDataJSON()).toMatchObject({
    origin: 'exam-search',
    context: { path: '/v2/search/client/' },
  });
  expect(request.postData()).not.toContain('Hemograma');
  expect((await request.response())?.status()).toBe(202);
});

test('a failed address suggestion is reported as a geocoding failure, without the address', async ({
  page,
}) => {
  await goToAddress(page);
  await page.route('**/api/v2/places/autocomplete/**', (route) => route.abort('failed'));
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/v2/errors/') && r.method() === 'POST');
  await page.getByRole('combobox', { name: 'Dirección' }).fill('Avenida Apoquindo 4500');
  const request = await reported;
  expect(request.postDataJSON()).toMatchObject({ origin: 'geocoding' });
  expect(request.postData()).not.toContain('Apoquindo');
  expect((await request.response())?.status()).toBe(202);
});
