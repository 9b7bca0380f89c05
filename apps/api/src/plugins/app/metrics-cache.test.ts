import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { insertLabNurse, insertScheduledAppointment } from '../../test-support/scheduled-appointment.ts';
import { METRICS_TOKEN, sample } from '../../test-support/metrics.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(TEST_ENGINES)('metrics counted in the database, reused between scrapes, on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A window no test outlasts: every scrape below falls inside it.
    t = await createTestApp(engine, { env: { METRICS_TOKEN, METRICS_CACHE_MS: '60000' } });
  }, 90_000);
  afterAll(() => t?.close());

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('counts the tables once for scrapes within the window, overlapping or not', async () => {
    const first = await scrape();
    const scheduled = sample(first, 'visita_appointments', { status: 'scheduled' });
    const scrapesRoute = { method: 'GET', route: '/metrics', status: '200' };
    // One more scheduled appointment (with its nurse's hold) after the first scrape.
    await insertScheduledAppointment(t.app.db, {
      nurseId: await insertLabNurse(t.app.db, 'Enfermera métricas en caché'),
      blockStart: new Date(Date.UTC(2033, 0, 1)),
    });
    const [counted] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from appointments where status = 'scheduled'`,
    );
    expect(Number(counted?.n)).toBe(scheduled + 1);

    // The new row is in the table but not in the figures: no scrape counted the table again.
    const [one, two] = await Promise.all([scrape(), scrape()]);
    const third = await scrape();
    for (const text of [one, two, third])
      expect(sample(text, 'visita_appointments', { status: 'scheduled' })).toBe(scheduled);
    // What the process counts itself is not held back: each scrape is timed as it comes.
    expect(sample(third, 'visita_http_request_duration_seconds_count', scrapesRoute)).toBe(
      sample(first, 'visita_http_request_duration_seconds_count', scrapesRoute) + 3,
    );
  });
});
