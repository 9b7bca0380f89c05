import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../admin-token.ts';
import { waitForMail } from './mail-helpers.ts';
import { addExam, APOQUINDO, chooseAddress } from './address-and-services-helpers.ts';
import {
  fillPatient,
  freshEmail,
  freshRut,
  holdFirstBlock,
  servicesToDate,
} from './patients-and-payment-helpers.ts';

/**
 * A partner onboarded by an operator, not by a code change: created through the admin API with its
 * own colours, texts, terms, rules, site and webhook, it books end to end in the widget at once (no
 * restart), its endpoint receives signed events it can verify as docs/webhooks.md says, and a
 * change to its profile shows on the next load.
 */

test.describe.configure({ timeout: 120_000 });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** docs/webhooks.md's verification, as a partner would write it from the docs. */
function verifyVisitaWebhook(secret: string, header: string | undefined, rawBody: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.trim().split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1 ?? '', 'hex'));
}

const SECRET = 'whsec_farmacia_del_parque_0123456789';
const received: Received[] = [];
let endpoint: Server;
let endpointUrl = '';

test.beforeAll(async () => {
  endpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/visita`;
});
test.afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));

test('a partner created through the admin API books end to end with its own texts, terms, colours and rules, and its endpoint verifies the signed event', async ({
  page,
  request,
  baseURL,
}) => {
  const id = `farmacia-parque-${Date.now().toString(36)}`;
  const admin = { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'x-operator': 'e2e' };
  const created = await request.post('/api/admin/partners', {
    headers: admin,
    data: {
      id,
      name: 'Farmacia del Parque',
      country: 'cl',
      sales_source: 'marketplace',
      show_tyc: true,
      domains: [new URL(baseURL ?? 'http://localhost:4310').origin],
      sdk_config_v2: {
        main_color: '#7B1FA2',
        background_logo_color: '#4A148C',
        availableFeatures: ['self-service'],
        show_whatsapp_sac_button: true,
        manual_confirmation: true,
        manual_confirmation_payment_status: 'Payment Pending',
      },
      profile: {
        rules: { skips_payment_and_closes: true },
        footer: 'alliance',
        copy: {
          introduction: { title: 'Exámenes a domicilio con Farmacia del Parque' },
          steps: {
            address: { title: '¿A qué dirección vamos?' },
            success: { title: '¡Listo, te esperamos!' },
          },
          results_delivery: 'Tus resultados llegarán a tu correo en {hours} horas.',
        },
        terms: {
          title: 'Condiciones de Farmacia del Parque',
          sections: [
            { heading: 'Pago', paragraphs: ['Pagas tus exámenes en la farmacia al retirar tu informe.'] },
          ],
        },
        help: {
          question: '¿Dudas con tu reserva?',
          action: { kind: 'phone', label: 'Llama a la farmacia', href: 'tel:+56221234567' },
          hours: 'Todos los días de 9:00 a 21:00.',
        },
        webhook: { url: endpointUrl, secret: SECRET },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Its widget, at once: its introduction, colours, footer, help and terms.
  await page.goto(`/${id}`);
  await expect(
    page.getByRole('heading', { name: 'Exámenes a domicilio con Farmacia del Parque' }),
  ).toBeVisible();
  await expect(page.getByText('En alianza con')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Llama a la farmacia' })).toHaveAttribute(
    'href',
    'tel:+56221234567',
  );
  const theme = await page
    .locator('.visita-theme')
    .evaluate((element) => getComputedStyle(element).getPropertyValue('--visita-main').trim().toLowerCase());
  expect(theme).toBe('#7b1fa2');
  await page.getByRole('button', { name: 'Ver términos y condiciones' }).click();
  await expect(page.getByRole('heading', { name: 'Condiciones de Farmacia del Parque' })).toBeVisible();
  await expect(page.getByText('Pagas tus exámenes en la farmacia al retirar tu informe.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Volver' }).click();
  await page.getByRole('checkbox', { name: 'He leído y aceptado los términos y condiciones' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Its own step title, then a whole booking that ends without a payment step.
  await expect(page.getByRole('heading', { name: '¿A qué dirección vamos?' })).toBeVisible();
  await chooseAddress(page, APOQUINDO);
  await expect(page.getByRole('combobox', { name: 'Dirección' })).toHaveValue(/,/);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await addExam(page, 'Glicemia');
  await servicesToDate(page);
  await holdFirstBlock(page);
  const email = freshEmail();
  await fillPatient(page, {
    firstName: 'Rocío',
    lastName: 'Sepúlveda',
    secondLastName: 'Vera',
    day: '21',
    month: 'Julio',
    year: '1979',
    document: freshRut(),
    email,
    phone: '+56987651234',
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirma tu cita' })).toBeVisible();
  const confirmed = page.waitForResponse(
    (r) => r.url().includes('/manual_confirm/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  expect((await confirmed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: '¡Listo, te esperamos!' })).toBeVisible();
  await expect(page.getByText(/^Tus resultados llegarán a tu correo en \d+ horas\.$/)).toBeVisible();
  await expect(page.getByText(`Te enviamos la confirmación a ${email}`, { exact: false })).toBeVisible();
  const mail = await waitForMail(request, (m) => m.to.includes(email));
  expect(mail.subject).toContain('Farmacia del Parque');

  // The partner's endpoint got the confirmation, signed; it verifies it and finds no personal data.
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const event = received.find((one) => JSON.parse(one.body).type === 'appointment.confirmed');
  expect(event).toBeDefined();
  const signature = event?.headers['x-visita-signature'];
  expect(
    verifyVisitaWebhook(SECRET, typeof signature === 'string' ? signature : undefined, event?.body ?? ''),
  ).toBe(true);
  expect(verifyVisitaWebhook('another-secret-0123456789', String(signature), event?.body ?? '')).toBe(false);
  expect(event?.body).not.toContain(email);
  expect(event?.body).not.toContain('Sepúlveda');

  // A change to its profile shows on the next load: no deploy, no restart.
  const patched = await request.patch(`/api/admin/partners/${id}`, {
    headers: admin,
    data: { profile: { copy: { introduction: { title: 'Tus exámenes, sin salir de casa' } } } },
  });
  expect(patched.status()).toBe(200);
  await page.goto(`/${id}`);
  await expect(page.getByRole('heading', { name: 'Tus exámenes, sin salir de casa' })).toBeVisible();
  const audit = await request.get(`/api/admin/audit?partner_id=${id}`, { headers: admin });
  expect(
    ((await audit.json()) as { results: Array<{ action: string }> }).results.map((r) => r.action),
  ).toEqual(['partner.updated', 'partner.created']);
});
