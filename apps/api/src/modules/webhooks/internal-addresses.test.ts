import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsMailer } from '../../adapters/mail/fs-mailer.ts';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { clients } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createBookingDeliverer } from '../notifications/deliver-booking-event.ts';
import { enqueueEvents } from '../outbox/queries.ts';
import { createOutboxWorker } from '../outbox/worker.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import { INTERNAL_WEBHOOK_URL_MESSAGE, isPublicAddress, namesInternalHost } from './webhook-address.ts';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const SECRET = 'whsec_partner_0123456789';

/** A receiver on this machine that counts what reaches it, as an internal service would. */
async function startReceiver(): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    // What an internal service might answer: it must never show up anywhere.
    response.writeHead(500, { 'content-type': 'text/plain' }).end('panel interno: db=10.0.0.5');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}
const stop = (server: Server | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

describe('which addresses a webhook may reach', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.254', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['::127.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['2002:7f00:1::1', false],
    ['not an address', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['100.128.0.1', true],
    ['2001:4860:4860::8888', true],
    ['::ffff:8.8.8.8', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each([
    ['https://10.0.0.1/hooks', true],
    ['http://127.0.0.1:9999/hook', true],
    ['https://[::1]/hook', true],
    ['https://[::ffff:192.168.0.1]/hook', true],
    ['https://[fd00::1]/hook', true],
    // The URL parser reads these as 127.0.0.1 and 10.0.0.1.
    ['https://2130706433/hook', true],
    ['https://0xa.0.0.1/hook', true],
    ['https://localhost:8443/hook', true],
    ['https://api.localhost/hook', true],
    ['https://metadata.google.internal/computeMetadata', true],
    ['https://hooks.partner.cl/visita', false],
    ['https://8.8.8.8/hook', false],
    ['https://local-partner.cl/hook', false],
  ])('%s names an internal host: %s', (url, expected) => {
    expect(namesInternalHost(url)).toBe(expected);
  });
});

describe('a delivery to an internal address', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => stop(receiver?.server));
  const event = { id: 'evt-internal', topic: 'appointment.confirmed', payload: {} };

  it('is refused before any connection when the URL names one, and the host hears nothing', async () => {
    await expect(
      deliverWebhook({ url: `http://${receiver.url}/hooks`, secret: SECRET }, event),
    ).rejects.toThrow(/^webhook refused: internal address$/);
    expect(receiver.hits).toEqual([]);
  });

  it('is refused at connect when a name resolves to one (localhost), and the host hears nothing', async () => {
    const port = receiver.url.split(':')[1];
    await expect(
      deliverWebhook({ url: `http://localhost:${port}/hooks`, secret: SECRET }, event),
    ).rejects.toThrow(/^webhook refused: internal address$/);
    expect(receiver.hits).toEqual([]);
  });

  it('reaches the receiver as before with the test setting (WEBHOOK_ALLOW_PRIVATE)', async () => {
    const port = receiver.url.split(':')[1];
    await expect(
      deliverWebhook({ url: `http://localhost:${port}/hooks`, secret: SECRET }, event, {
        allowPrivate: true,
      }),
    ).rejects.toThrow('webhook answered 500');
    expect(receiver.hits).toEqual(['/hooks']);
    receiver.hits.length = 0;
  });
});

describe.each(TEST_ENGINES)('partner webhooks and internal addresses on $name', (engine) => {
  let closed: TestApp;
  let open: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    closed = await createTestApp(engine, { seed: false, env: { ADMIN_TOKEN } });
    open = await createTestApp(engine, { seed: false, env: { ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await closed?.close();
    await open?.close();
    await stop(receiver?.server);
  });

  const partner = (id: string, url: string) => ({
    id,
    name: 'Laboratorio Sur',
    country: 'cl',
    sales_source: 'marketplace',
    profile: { webhook: { url, secret: SECRET } },
  });
  const create = (t: TestApp, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/admin/partners', headers: auth, payload: body as object });
  const deliveries = async (t: TestApp, clientId: string) => {
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/webhooks/deliveries?client_id=${clientId}`,
      headers: auth,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json().results as Array<Record<string, unknown>>;
  };
  /** One webhook event for the partner, delivered by the worker as the server runs it. */
  async function deliverOne(t: TestApp, clientId: string) {
    await enqueueEvents(t.app.db, [
      { topic: 'appointment.confirmed', channel: 'webhook', clientId, payload: { appointment_id: 'a1' } },
    ]);
    const worker = createOutboxWorker({
      db: t.app.db,
      now: () => new Date(Date.now() + 1000),
      deliver: createBookingDeliverer({
        db: t.app.db,
        mailer: createFsMailer('/tmp/visita-internal-addresses-mail'),
        gateway: createSandboxGateway(t.app.db),
        catalogue: t.app.catalogue,
        publicUrl: 'https://reservas.example',
        mailFrom: 'reservas@visita.example',
        rosters: t.app.rosters,
        webhookAllowPrivate: t.app.config.WEBHOOK_ALLOW_PRIVATE,
      }),
    });
    return worker.runOnce();
  }

  it.each([
    ['http://10.0.0.1/'],
    ['https://10.0.0.1/hooks'],
    ['https://169.254.169.254/latest/meta-data/'],
    ['https://100.64.0.1/hooks'],
    ['https://[::ffff:192.168.0.1]/hooks'],
    ['http://127.0.0.1:6379/'],
    ['https://localhost/hooks'],
  ])('refuses to save a webhook at %s: 400 with the field in Spanish', async (url) => {
    const response = await create(closed, partner(`lab-${Math.random().toString(36).slice(2, 8)}`, url));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      err: 'invalid-partner',
      fields: { 'profile.webhook.url': INTERNAL_WEBHOOK_URL_MESSAGE },
    });
  });

  it('refuses the same in a change of the webhook, and keeps the stored one', async () => {
    expect((await create(closed, partner('lab-patch', 'https://hooks.labsur.cl/visita'))).statusCode).toBe(
      201,
    );
    const patched = await closed.app.inject({
      method: 'PATCH',
      url: '/api/admin/partners/lab-patch',
      headers: auth,
      payload: { profile: { webhook: { url: 'https://192.168.0.10/hooks' } } },
    });
    expect(patched.statusCode, patched.body).toBe(400);
    expect(patched.json().fields).toEqual({ 'profile.webhook.url': INTERNAL_WEBHOOK_URL_MESSAGE });
    const [row] = await closed.app.db.select().from(clients).where(eq(clients.id, 'lab-patch'));
    expect((row?.profile as { webhook: { url: string } }).webhook.url).toBe('https://hooks.labsur.cl/visita');
  });

  it('does not deliver to a stored internal address: the host hears nothing, the list says refused and no more', async () => {
    // Saved before the check existed, or by a name that then pointed elsewhere.
    expect((await create(closed, partner('lab-stored', 'https://hooks.labsur.cl/visita'))).statusCode).toBe(
      201,
    );
    await closed.app.db
      .update(clients)
      .set({ profile: { webhook: { url: `http://${receiver.url}/probe?x=1`, secret: SECRET } } })
      .where(eq(clients.id, 'lab-stored'));
    expect(await deliverOne(closed, 'lab-stored')).toBe(0);
    expect(receiver.hits).toEqual([]);
    const listed = await deliveries(closed, 'lab-stored');
    expect(listed).toEqual([
      expect.objectContaining({ attempts: 1, last_error: 'webhook refused: internal address' }),
    ]);
    // Nothing of the host: no status, no answer, no port. Ids and instants are left out: a
    // timestamp such as '…03.500Z' or a uuid may hold those digits by chance.
    const shown = JSON.stringify(
      listed.map(({ id: _id, created_at: _c, next_attempt_at: _n, failed_at: _f, ...rest }) => rest),
    );
    for (const detail of ['500', 'panel interno', receiver.url.split(':')[1] ?? ''])
      expect(shown).not.toContain(detail);
  });

  it('with WEBHOOK_ALLOW_PRIVATE, saves and delivers to a receiver on this machine as before', async () => {
    const created = await create(open, partner('lab-local', `http://${receiver.url}/visita`));
    expect(created.statusCode, created.body).toBe(201);
    await deliverOne(open, 'lab-local');
    expect(receiver.hits).toEqual(['/visita']);
    receiver.hits.length = 0;
    // It answered 500: retried, and the list shows that status (the operator's own test receiver).
    expect(await deliveries(open, 'lab-local')).toEqual([
      expect.objectContaining({ last_error: 'webhook answered 500' }),
    ]);
  });

  it('shows only its own kinds of failure: an error quoting something else is a plain failure', async () => {
    await enqueueEvents(closed.app.db, [
      { topic: 'appointment.confirmed', channel: 'webhook', clientId: 'lab-other', payload: {} },
    ]);
    const worker = createOutboxWorker({
      db: closed.app.db,
      now: () => new Date(Date.now() + 1000),
      deliver: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432 <html>panel interno</html>');
      },
    });
    await worker.runOnce();
    expect(await deliveries(closed, 'lab-other')).toEqual([
      expect.objectContaining({ last_error: 'webhook delivery failed' }),
    ]);
  });
});
