import { Writable } from 'node:stream';
import { STOCKOUT_MESSAGE } from '@visita/domain/cards';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChargeRequest } from '../../adapters/payments/payment-gateway.ts';
import {
  MP_INVALID_TOKEN,
  MP_SERVER_ERROR,
  mpPaymentAnswer,
  recordedMercadoPago,
} from '../../adapters/payments/recorded-answers.ts';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DEMO_SEEDS } from '../../db/seed/demo.ts';
import { runSeeds } from '../../db/seed/run-seeds.ts';
import { appointments, catalogueItems, nurses, payments, visits } from '../../db/schema.ts';
import errorHandler from '../../plugins/app/error-handler.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertScheduledAppointment } from '../../test-support/scheduled-appointment.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { createCatalogueReader } from '../catalogue/snapshot.ts';
import paymentsRoutes from './routes.ts';

const MP_ENV = {
  PAYMENTS: 'mercadopago',
  MP_ACCESS_TOKEN: 'TEST-1234-access',
  MP_PUBLIC_KEY_CL: 'TEST-public-key-cl',
  MP_PUBLIC_KEY_MX: 'TEST-public-key-mx',
};

/** A scheduled appointment with a hold, as finalise leaves it, with a nurse of its own. */
async function scheduledAppointment(
  db: TestApp['app']['db'],
  items: number[],
  block: number,
): Promise<{ id: string; token: string }> {
  const [nurse] = await db
    .insert(nurses)
    .values({ name: `Enfermera ${block}`, skills: ['lab', 'vaccine', 'medical_service'] })
    .returning();
  if (!nurse) throw new Error('nurse insert returned nothing');
  return insertScheduledAppointment(db, {
    patients: [{ first_name: 'Paciente', email: 'paciente@correo.cl', is_fonasa: false, items, packs: [] }],
    nurseId: nurse.id,
    blockStart: new Date(Date.UTC(2032, 0, 1) + block * 3_600_000),
  });
}

describe.each(TEST_ENGINES)('PAYMENTS=mercadopago on $name', (engine) => {
  let t: TestApp;
  let block = 0;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: MP_ENV });
    // A quote of exactly 12.990 CLP: the lipid profile without a visit fee.
    await t.app.db
      .update(catalogueItems)
      .set({ serviceFee: 0 })
      .where(eq(catalogueItems.id, ID.perfilLipidico));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const pay = (id: string, token: string, amount = 12990) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/mercado-pago/${id}/card/`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        token: 'ff8080814c11e237014c1ff593b57b4d',
        payment_method_id: 'visa',
        amount,
        customer_id: null,
      },
    });
  const statusOf = async (id: string) =>
    (await t.app.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.status;

  it('gives the browser the public key of each country', async () => {
    for (const [country, key] of [
      ['cl', 'TEST-public-key-cl'],
      ['mx', 'TEST-public-key-mx'],
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v2/payments/config/?country=${country}`,
      });
      expect(response.json()).toEqual({ gateway: 'mercadopago', public_key: key });
    }
  });

  it('has no sandbox tokeniser (404)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sandbox/card-tokens/',
      payload: {
        card_number: '4111111111111111',
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: 2040,
        security_code: '123',
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
  });

  it('sends a 12.990 CLP quote as transaction_amount 12990 and confirms on approval', async () => {
    const { calls, fetchImpl } = recordedMercadoPago([{ status: 201, body: mpPaymentAnswer() }]);
    vi.stubGlobal('fetch', fetchImpl);
    block += 1;
    const { id, token } = await scheduledAppointment(t.app.db, [ID.perfilLipidico], block);
    const response = await pay(id, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'approved', status_detail: 'accredited' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      transaction_amount: 12990,
      payment_method_id: 'visa',
      installments: 1,
      payer: { email: 'paciente@correo.cl' },
    });
    expect(calls[0]?.headers['x-idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    expect(await statusOf(id)).toBe('confirmed');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.appointmentId, id));
    expect(payment).toMatchObject({ status: 'approved', gatewayPaymentId: '1319024367', amount: 12990 });
    // One reference per attempt (the payment's id): what was charged for it can be searched after a crash.
    expect((calls[0]?.body as { external_reference?: string }).external_reference).toBe(payment?.id);
  });

  it("answers MercadoPago's rejection with its code and the widget's text", async () => {
    const { fetchImpl } = recordedMercadoPago([
      {
        status: 201,
        body: mpPaymentAnswer({ status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' }),
      },
    ]);
    vi.stubGlobal('fetch', fetchImpl);
    block += 1;
    const { id, token } = await scheduledAppointment(t.app.db, [ID.perfilLipidico], block);
    const response = await pay(id, token);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      err: 'cc_rejected_insufficient_amount',
      msg: 'Pago rechazado por fondos insuficientes.',
    });
    expect(await statusOf(id)).toBe('scheduled');
  });

  it('answers an unknown token with 400 and an unreachable gateway with 502, the appointment still payable', async () => {
    block += 1;
    const { id, token } = await scheduledAppointment(t.app.db, [ID.perfilLipidico], block);
    vi.stubGlobal('fetch', recordedMercadoPago([{ status: 400, body: MP_INVALID_TOKEN }]).fetchImpl);
    const invalid = await pay(id, token);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().err).toBe('invalid-card-token');

    block += 1;
    const other = await scheduledAppointment(t.app.db, [ID.perfilLipidico], block);
    vi.stubGlobal('fetch', recordedMercadoPago([{ status: 500, body: MP_SERVER_ERROR }]).fetchImpl);
    const down = await pay(other.id, other.token);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ err: 'payment-gateway-unavailable', msg: 'Ocurrió un error inesperado.' });
    expect(down.body).not.toContain('TEST-1234-access');
    expect(await statusOf(other.id)).toBe('scheduled');
  });
});

describe.each(TEST_ENGINES)('a confirmation lost after charging, on $name', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const refunds: string[] = [];
  /** What happens at the gateway while it charges: another confirmation takes the last dose, or the hold. */
  let meanwhile: () => Promise<void> = async () => {};

  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    await runSeeds(testDb.database.db, DEMO_SEEDS);
    const db = testDb.database.db;
    const sandbox = createSandboxGateway(db);
    // The gateway is the outside world: this one is slow enough for a competitor to win meanwhile.
    const racing = {
      ...sandbox,
      async charge(request: ChargeRequest) {
        await meanwhile();
        return sandbox.charge(request);
      },
      async refund(paymentId: string) {
        refunds.push(paymentId);
      },
    };
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', db);
    app.decorate('dbKind', testDb.database.kind);
    app.decorate('config', loadConfig({ SEED: 'none', DATA_DIR: '/tmp/visita-test-unused' }));
    app.decorate('catalogue', createCatalogueReader(db, 0));
    await app.register(errorHandler);
    await app.register(paymentsRoutes, { prefix: '/api', gateway: racing });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  async function attempt(items: number[], block: number) {
    const db = testDb.database.db;
    const { id, token } = await scheduledAppointment(db, items, block);
    const tokenResponse = await app.inject({
      method: 'POST',
      url: '/api/v2/sandbox/card-tokens/',
      payload: {
        card_number: '4111111111111111',
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: 2040,
        security_code: '123',
      },
    });
    const card = tokenResponse.json().id as string;
    const [item] = await db
      .select()
      .from(catalogueItems)
      .where(eq(catalogueItems.id, items[0] ?? 0));
    // One marketplace item: its price plus its visit fee is the quote.
    const amount = (item?.price ?? 0) + (item?.serviceFee ?? 0);
    const pay = () =>
      app.inject({
        method: 'POST',
        url: `/api/v2/mercado-pago/${id}/card/`,
        headers: { authorization: `Bearer ${token}` },
        payload: { token: card, payment_method_id: 'visa', amount },
      });
    return { id, pay };
  }

  it('refunds the charge and answers stockout when the last dose went to someone else meanwhile', async () => {
    const db = testDb.database.db;
    await db.update(catalogueItems).set({ stock: 1 }).where(eq(catalogueItems.id, ID.vacunaInfluenza));
    const { id, pay } = await attempt([ID.vacunaInfluenza], 1);
    meanwhile = async () => {
      await db.update(catalogueItems).set({ stock: 0 }).where(eq(catalogueItems.id, ID.vacunaInfluenza));
    };
    const response = await pay();
    meanwhile = async () => {};
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ err: 'stockout', msg: STOCKOUT_MESSAGE });
    const [payment] = await db.select().from(payments).where(eq(payments.appointmentId, id));
    expect(payment?.status).toBe('rejected');
    expect(payment?.statusDetail).toMatch(/^refunded:stockout/);
    expect(refunds).toEqual([payment?.gatewayPaymentId]);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe('scheduled');
    // The same attempt again says the same, and charges nothing more.
    const again = await pay();
    expect(again.json()).toEqual({ err: 'stockout', msg: STOCKOUT_MESSAGE });
    expect(refunds).toHaveLength(1);
  });

  it('refunds the charge when the hold lapsed and its block was taken meanwhile', async () => {
    const db = testDb.database.db;
    refunds.length = 0;
    const { id, pay } = await attempt([ID.hemograma], 2);
    meanwhile = async () => {
      await db.delete(visits).where(eq(visits.appointmentId, id));
    };
    const response = await pay();
    meanwhile = async () => {};
    expect(response.statusCode).toBe(409);
    expect(response.json().err).toBe('hold-expired');
    expect(refunds).toHaveLength(1);
  });
});

describe('logs', () => {
  it('never carry the card number, the security code or the cardholder, whatever is logged', async () => {
    const [engine] = TEST_ENGINES;
    if (!engine) throw new Error('no engine');
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const testDb = await engine.create();
    await testDb.database.migrate();
    const logger = { level: 'trace', stream };
    const app = await buildApp({
      config: loadConfig({ SEED: 'none', DATA_DIR: '/tmp/visita-test-unused' }),
      database: testDb.database,
      logger,
    });
    try {
      const body = {
        card_number: '5555555555554444',
        cardholder_name: 'Josefina Quiroga',
        expiration_month: 12,
        expiration_year: 2040,
        security_code: '987',
      };
      const response = await app.inject({
        method: 'POST',
        url: '/api/v2/sandbox/card-tokens/',
        payload: body,
      });
      expect(response.statusCode).toBe(201);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/v2/sandbox/card-tokens/',
        payload: { ...body, card_number: '5555555555554440' },
      });
      expect(bad.statusCode).toBe(400);
      // Whatever a handler or an error logs of the request: the body, or the request itself.
      app.log.info({ body }, 'tokenize');
      app.log.error({ req: { body }, request: { body: { token: response.json().id } } }, 'failed');
      expect(output).toContain('[oculto]');
      for (const secret of [
        '5555555555554444',
        '5555555555554440',
        '"987"',
        'Josefina',
        response.json().id,
      ]) {
        expect(output).not.toContain(secret);
      }
    } finally {
      await app.close();
      await testDb.dispose();
    }
  });
});
