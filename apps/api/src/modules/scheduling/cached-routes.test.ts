import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { nurseSectors } from '../../db/schema.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO, tomorrowIn } from './test-fixtures.ts';

const [engine] = TEST_ENGINES;
if (!engine) throw new Error('no test engine');

describe('availability with its cache on (as in production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, env: { AVAILABILITY_CACHE_MS: '60000' } });
  });
  afterAll(() => t?.close());

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
  const hold = async (appointment: { id: string; token: string }, time: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${appointment.id}/schedule/`,
      headers: { 'x-appointment-token': appointment.token },
      payload: {
        begin_date: `${date} ${time}:00`,
        end_date: `${date} ${Number(time.slice(0, 2)) + 1}:00:00`,
      },
    });
    return response.statusCode;
  };

  it('stops offering a block on this instance as soon as its last nurse is held', async () => {
    const { db } = t.app;
    const { sectorId } = await createFixtureSector(db, [{}]);
    const first = await createFixtureAppointment(db, sectorId);
    const second = await createFixtureAppointment(db, sectorId);
    expect(await offered(second)).toContain('10:00');
    expect(await hold(first, '10:00')).toBe(200);
    expect(await offered(second)).not.toContain('10:00');
  });

  it("stops offering it in every sector the held nurse serves, not only the hold's own", async () => {
    // Two sources' sectors over the same commune share their nurse, as partners' sectors do.
    const { db } = t.app;
    const own = await createFixtureSector(db, [{}]);
    const other = await createFixtureSector(db, []);
    const [nurseId] = own.nurseIds;
    await db.insert(nurseSectors).values({ nurseId: nurseId ?? 0, sectorId: other.sectorId });
    const here = await createFixtureAppointment(db, own.sectorId);
    const there = await createFixtureAppointment(db, other.sectorId);
    const elsewhere = await createFixtureSector(db, [{}]);
    const unrelated = await createFixtureAppointment(db, elsewhere.sectorId);
    expect(await offered(there)).toContain('11:00');
    expect(await offered(unrelated)).toContain('11:00');
    expect(await hold(here, '11:00')).toBe(200);
    expect(await offered(there)).not.toContain('11:00');
    expect(await hold(there, '11:00')).toBe(409);
    expect(await offered(unrelated)).toContain('11:00');
  });

  it('tells a sector a nurse joined after this instance learnt which sectors share her', async () => {
    const { db } = t.app;
    const own = await createFixtureSector(db, [{}]);
    const joined = await createFixtureSector(db, []);
    const [nurseId] = own.nurseIds;
    const here = await createFixtureAppointment(db, own.sectorId);
    const there = await createFixtureAppointment(db, joined.sectorId);
    // The first hold learns (and keeps) that no other sector shares this nurse.
    expect(await hold(here, '12:00')).toBe(200);
    expect(await offered(there)).toEqual([]);
    await db.insert(nurseSectors).values({ nurseId: nurseId ?? 0, sectorId: joined.sectorId });
    // The roster change reaches the instance through the database's notification.
    await expect.poll(() => offered(there), { timeout: 5000, interval: 50 }).toContain('13:00');
    expect(await hold(here, '13:00')).toBe(200);
    expect(await offered(there)).not.toContain('13:00');
    // The block she left at 12:00 is free again in both sectors.
    expect(await offered(there)).toContain('12:00');
  });
});
