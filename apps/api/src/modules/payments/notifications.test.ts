import { createHmac } from 'node:crypto';
import { NOTIFICATION_GATEWAY_UNREACHABLE } from '@visita/domain/contract/api-errors';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayUnavailableError } from '../../adapters/payments/payment-gateway.ts';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { loadConfig } from '../../config.ts';
import errorHandler from '../../plugins/app/error-handler.ts';
import { createCatalogueReader } from '../catalogue/snapshot.ts';
import paymentsRoutes from './routes.ts';
import { appointments, nurses, payments } from '../../db/schema.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertScheduledAppointment } from '../../test-support/scheduled-appointment.ts';
import { isSignedByGateway } from './notifications.ts';

const SECRET = 'secreto-de-notificaciones-0123456789';

/** What MercadoPago sends: x-signature 'ts=…,v1=HMAC(manifest)' and its request id. */
function signed(dataId: string, requestId = 'req-1', ts = Math.floor(Date.now() / 1000), secret = SECRET) {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
  return { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId };
}

describe('the notification signature', () => {
  it.each([
    ['a signature of the manifest', signed('123'), '123', true],
    ['an alphanumeric id, lower-cased in the manifest', signed('abc9'), 'ABC9', true],
    [
      'another secret',
      signed('123', 'req-1', Math.floor(Date.now() / 1000), 'otro-secreto-0123456789'),
      '123',
      false,
    ],
    ['another payment id', signed('124'), '123', false],
    [
      'a signature an hour old (a replay)',
      signed('123', 'req-1', Math.floor(Date.now() / 1000) - 3600),
      '123',
      false,
    ],
    ['garbage', { 'x-signature': 'ts=1,v1=zz', 'x-request-id': 'req-1' }, '123', false],
    ['no signature', { 'x-signature': undefined, 'x-request-id': 'req-1' }, '123', false],
  ])('%s → %s', (_name, headers, dataId, valid) => {
    expect(isSignedByGateway(SECRET, headers['x-signature'], headers['x-request-id'], dataId)).toBe(valid);
  });
});

describe.each(TEST_ENGINES)("MercadoPago's notifications on $name", (engine) => {
  let t: TestApp;
  let closed: TestApp;
  let nurseId: number;
  let block = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { MP_WEBHOOK_SECRET: SECRET } });
    closed = await createTestApp(engine);
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera avisos', skills: ['lab'] })
      .returning();
    nurseId = nurse?.id ?? 0;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await closed?.close();
  });

  async function scheduled(): Promise<{ id: string; token: string }> {
    block += 1;
    return insertScheduledAppointment(t.app.db, {
      patients: [
        {
          first_name: 'Ana',
          last_name: 'Rojas',
          email: 'ana@correo.cl',
          is_fonasa: false,
          items: [ID.perfilLipidico],
          packs: [],
        },
      ],
      nurseId,
      blockStart: new Date(Date.UTC(2032, 0, 1) + block * 3_600_000),
    });
  }

  /** A card payment MercadoPago leaves in review (the sandbox's CONT card). */
  async function pendingPayment() {
    const { id, token } = await scheduled();
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v2/cart-price/',
      payload: {
        country: 'cl',
        locality: 'Las Condes',
        source: 'marketplace',
        patients: [{ is_fonasa: false, items: [ID.perfilLipidico], packs: [] }],
      },
    });
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sandbox/card-tokens/',
      payload: {
        card_number: '4111111111111111',
        cardholder_name: 'CONT',
        expiration_month: 12,
        expiration_year: new Date().getUTCFullYear() + 1,
        security_code: '123',
      },
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v2/mercado-pago/${id}/card/`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        token: card.json().id,
        payment_method_id: 'visa',
        amount: quote.json().net_price - quote.json().payment_at_home,
      },
    });
    expect(paid.json().status).toBe('in_process');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.appointmentId, id));
    return { id, gatewayId: payment?.gatewayPaymentId ?? '' };
  }

  const notify = (dataId: string, headers: Record<string, string | undefined>, app = t) =>
    app.app.inject({
      method: 'POST',
      url: `/api/v2/mercado-pago/notifications/?data.id=${dataId}&type=payment`,
      headers: Object.fromEntries(
        Object.entries(headers).filter(([, value]) => value !== undefined),
      ) as Record<string, string>,
      payload: { type: 'payment', action: 'payment.updated', data: { id: dataId } },
    });
  const statusOf = async (id: string) =>
    (await t.app.db.select().from(appointments).where(eq(appointments.id, id)))[0];

  it('confirms the visit when MercadoPago says its review approved the payment, once however often it says so', async () => {
    const { id, gatewayId } = await pendingPayment();
    await createSandboxGateway(t.app.db).review(gatewayId, 'APRO');
    const first = await notify(gatewayId, signed(gatewayId));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await statusOf(id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Payment Successful' });
    const again = await notify(gatewayId, signed(gatewayId, 'req-2'));
    expect(again.statusCode).toBe(200);
    const rows = await t.app.db.select().from(payments).where(eq(payments.appointmentId, id));
    expect(rows.map((row) => row.status)).toEqual(['approved']);
  });

  it('fails the payment when the review rejects it, and the visit stays payable', async () => {
    const { id, gatewayId } = await pendingPayment();
    await createSandboxGateway(t.app.db).review(gatewayId, 'OTHE');
    expect((await notify(gatewayId, signed(gatewayId))).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(payments).where(eq(payments.appointmentId, id));
    expect(row).toMatchObject({ status: 'rejected', statusDetail: 'cc_rejected_other_reason' });
    expect((await statusOf(id))?.status).toBe('scheduled');
  });

  it('refuses an unsigned or forged notification with 401, changing nothing', async () => {
    const { id, gatewayId } = await pendingPayment();
    await createSandboxGateway(t.app.db).review(gatewayId, 'APRO');
    for (const headers of [
      {},
      signed(gatewayId, 'req-1', Math.floor(Date.now() / 1000), 'secreto-falso-0123456789'),
      signed('999'),
    ]) {
      const response = await notify(gatewayId, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        err: 'invalid-signature',
        msg: 'La firma de la notificación no es válida.',
      });
    }
    expect((await statusOf(id))?.status).toBe('scheduled');
  });

  it('acknowledges a payment it does not know without acting', async () => {
    const response = await notify('sandbox-desconocido', signed('sandbox-desconocido'));
    expect(response.statusCode).toBe(200);
  });

  it('does not exist without MP_WEBHOOK_SECRET', async () => {
    expect((await notify('1', signed('1'), closed)).statusCode).toBe(404);
  });
});

describe('a notification while MercadoPago cannot be reached', () => {
  let app: FastifyInstance;
  let testDb: TestDatabase;
  beforeAll(async () => {
    const engine = TEST_ENGINES[0];
    if (!engine) throw new Error('no engine');
    testDb = await engine.create();
    await testDb.database.migrate();
    const sandbox = createSandboxGateway(testDb.database.db);
    // The outside world down: every read of a charge fails as the adapter says it does.
    const unreachable = {
      ...sandbox,
      async getCharge(): Promise<never> {
        throw new GatewayUnavailableError('mercadopago get: ECONNREFUSED');
      },
    };
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', testDb.database.db);
    app.decorate('dbKind', testDb.database.kind);
    app.decorate(
      'config',
      loadConfig({ SEED: 'none', DATA_DIR: '/tmp/visita-test-unused', MP_WEBHOOK_SECRET: SECRET }),
    );
    app.decorate('catalogue', createCatalogueReader(testDb.database.db, 0));
    await app.register(errorHandler);
    await app.register(paymentsRoutes, { prefix: '/api', gateway: unreachable });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('answers 503 in Spanish, so MercadoPago sends it again, and the server answers on', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v2/mercado-pago/notifications/?data.id=987654&type=payment',
        headers: signed('987654'),
        payload: { type: 'payment', action: 'payment.updated', data: { id: '987654' } },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(503);
    expect(first.json()).toEqual({
      err: NOTIFICATION_GATEWAY_UNREACHABLE.err,
      msg: NOTIFICATION_GATEWAY_UNREACHABLE.msg,
    });
    expect((await send()).statusCode).toBe(503);
  });
});
