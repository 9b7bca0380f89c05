import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { insertLabNurse, paidScheduledAppointment } from '../../test-support/scheduled-appointment.ts';
import { METRICS_TOKEN, sample } from '../../test-support/metrics.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(TEST_ENGINES)('Prometheus metrics on $name', (engine) => {
  let t: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    // Each scrape here must count afresh (metrics-cache.test.ts tests the figures' reuse).
    t = await createTestApp(engine, {
      env: { METRICS_TOKEN, RATE_LIMIT_COUPONS_PER_MINUTE: '1', METRICS_CACHE_MS: '0' },
    });
    closed = await createTestApp(engine, { seed: false });
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await closed?.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  };

  it('answers 404 {err, msg} unless configured, and 401 without its token', async () => {
    const off = await closed.app.inject({ method: 'GET', url: '/metrics' });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ err: 'not-found' });
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Basic ${METRICS_TOKEN}`,
      `Bearer ${METRICS_TOKEN}x`,
    ]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.json()).toEqual({
        err: 'metrics-not-authorized',
        msg: 'Se requiere el token de métricas.',
      });
    }
  });

  it('counts a booking through the funnel: confirmed, paid, its e-mail waiting, the request timed by route', async () => {
    const before = await scrape();
    const row = await paidScheduledAppointment(t.app, {
      nurseId: await insertLabNurse(t.app.db, 'Enfermera métricas'),
      blockStart: new Date(Date.UTC(2033, 0, 3, 13)),
      afterHold: async () => {
        expect(sample(await scrape(), 'visita_live_holds')).toBe(sample(before, 'visita_live_holds') + 1);
      },
    });

    const after = await scrape();
    expect(sample(after, 'visita_appointments', { status: 'confirmed' })).toBe(
      sample(before, 'visita_appointments', { status: 'confirmed' }) + 1,
    );
    expect(sample(after, 'visita_payments', { status: 'approved' })).toBe(
      sample(before, 'visita_payments', { status: 'approved' }) + 1,
    );
    // Its confirmation e-mail waits in the outbox (no worker runs in this test).
    expect(sample(after, 'visita_outbox_backlog', { channel: 'email' })).toBeGreaterThan(0);
    expect(sample(after, 'visita_outbox_oldest_age_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(0);
    // The card call, timed under its route's pattern (never the appointment's id).
    const route = { method: 'POST', route: '/api/v2/mercado-pago/:id/card/', status: '200' };
    expect(sample(after, 'visita_http_request_duration_seconds_count', route)).toBe(
      sample(before, 'visita_http_request_duration_seconds_count', route) + 1,
    );
    expect(after).not.toContain(row.id);
    // The process's own figures come too.
    expect(after).toContain('process_cpu_user_seconds_total');
  });

  it('counts rate-limit refusals by route', async () => {
    const url = '/api/v2/coupons/validate/?coupon=BIENVENIDA10&source=marketplace&country=cl&items=1';
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) codes.push((await t.app.inject({ method: 'GET', url })).statusCode);
    expect(codes).toContain(429);
    const refused = codes.filter((code) => code === 429).length;
    expect(
      sample(await scrape(), 'visita_rate_limit_refusals_total', { route: '/api/v2/coupons/validate/' }),
    ).toBe(refused);
  });
});
