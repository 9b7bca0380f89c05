import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO, tomorrowIn } from './test-fixtures.ts';

const [engine] = TEST_ENGINES;
if (!engine) throw new Error('no test engine');

describe('availability with its cache on (as in production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, env: { AVAILABILITY_CACHE_MS: '60000' } });
  });
  afterAll(() => t?.close());

  it('stops offering a block on this instance as soon as its last nurse is held', async () => {
    const { db } = t.app;
    const { sectorId } = await createFixtureSector(db, [{}]);
    const first = await createFixtureAppointment(db, sectorId);
    const second = await createFixtureAppointment(db, sectorId);
    const date = tomorrowIn(SANTIAGO);
    const offered = async (appointment: { id: string; token: string }) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v2/time-availability/?appointment_id=${appointment.id}&country=cl&from_date=${date}`,
        headers: { 'x-appointment-token': appointment.token },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: Array<{ date: string; begin_time: string }> }).data
        .filter((entry) => entry.date === date)
        .map((entry) => entry.begin_time);
    };
    expect(await offered(second)).toContain('10:00');
    const hold = await t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${first.id}/schedule/`,
      headers: { 'x-appointment-token': first.token },
      payload: { begin_date: `${date} 10:00:00`, end_date: `${date} 11:00:00` },
    });
    expect(hold.statusCode).toBe(200);
    expect(await offered(second)).not.toContain('10:00');
  });
});
