import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { enqueueEvents } from '../outbox/queries.ts';
import { createOutboxWorker } from '../outbox/worker.ts';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';

describe.each(TEST_ENGINES)('operator API on $name', (engine) => {
  let t: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, env: { ADMIN_TOKEN } });
    closed = await createTestApp(engine, { seed: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await closed?.close();
  });

  const get = (app: TestApp, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/api/admin/webhooks/deliveries', headers });

  it('does not exist without ADMIN_TOKEN, and asks for it, and refuses another', async () => {
    expect((await get(closed, { authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode).toBe(404);
    expect((await get(t)).statusCode).toBe(401);
    const wrong = await get(t, { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ err: 'forbidden', msg: 'El token de operador no es válido.' });
  });

  it('lists the webhooks a partner did not accept, with why and when they are tried next', async () => {
    await enqueueEvents(t.app.db, [
      { topic: 'appointment.confirmed', channel: 'webhook', clientId: 'demo', payload: {} },
      { topic: 'appointment.confirmed', channel: 'email', clientId: 'demo', payload: {} },
    ]);
    const worker = createOutboxWorker({
      db: t.app.db,
      now: () => new Date(Date.now() + 1000),
      deliver: async (event) => {
        if (event.channel === 'webhook') throw new Error('webhook answered 500');
      },
    });
    await worker.runOnce();
    const listed = await get(t, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().results).toEqual([
      expect.objectContaining({
        topic: 'appointment.confirmed',
        client_id: 'demo',
        attempts: 1,
        last_error: 'webhook answered 500',
        failed_at: null,
        next_attempt_at: expect.any(String),
      }),
    ]);
  });
});
