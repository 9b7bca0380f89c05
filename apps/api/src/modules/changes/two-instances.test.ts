import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  createFixtureAppointment,
  createFixtureSector,
  SANTIAGO,
  tomorrowIn,
} from '../scheduling/test-fixtures.ts';
import { createChangeBus } from './change-bus.ts';
import { nurseDaysOff, nurseExtraShifts } from '../../db/schema.ts';
import { isoWeekday } from '../scheduling/blocks.ts';

// Long caches, as an instance in production keeps them: only a told change may refresh them.
const CACHED = { AVAILABILITY_CACHE_MS: '60000', CATALOGUE_CACHE_MS: '60000' };

describe.each(TEST_ENGINES)('two instances on one $name database', (engine) => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp(engine, { seed: false, env: CACHED });
    const config = loadConfig({ SEED: 'none', DATA_DIR: '/tmp/visita-test-unused', ...CACHED });
    second = await buildApp({ config, database: await first.testDb.openAnother() });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a hold on one instance is seen by the other's cached availability at once", async () => {
    const { db } = first.app;
    const { sectorId } = await createFixtureSector(db, [{}]);
    const holder = await createFixtureAppointment(db, sectorId);
    const looker = await createFixtureAppointment(db, sectorId);
    const date = tomorrowIn(SANTIAGO);
    const offeredBy = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v2/time-availability/?appointment_id=${looker.id}&country=cl&locality=Las%20Condes&from_date=${date}`,
        headers: { 'x-appointment-token': looker.token },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: Array<{ date: string; begin_time: string }> }).data
        .filter((entry) => entry.date === date)
        .map((entry) => entry.begin_time);
    };
    // The second instance answers, and keeps its answer for a minute.
    expect(await offeredBy(second)).toContain('10:00');

    const hold = await first.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${holder.id}/schedule/`,
      headers: { 'x-appointment-token': holder.token },
      payload: { begin_date: `${date} 10:00:00`, end_date: `${date} 11:00:00` },
    });
    expect(hold.statusCode).toBe(200);
    // NOTIFY reaches the other instance within milliseconds; never a stale cached answer after.
    await expect.poll(() => offeredBy(second), { timeout: 3000, interval: 50 }).not.toContain('10:00');
  });

  it('who works when, changed in the database by anyone, is seen by every instance at once', async () => {
    const { db } = first.app;
    const { nurseIds, sectorId } = await createFixtureSector(db, [{}]);
    const looker = await createFixtureAppointment(db, sectorId);
    const date = tomorrowIn(SANTIAGO);
    const offeredBy = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v2/time-availability/?appointment_id=${looker.id}&country=cl&from_date=${date}`,
        headers: { 'x-appointment-token': looker.token },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: Array<{ date: string }> }).data.filter(
        (entry) => entry.date === date,
      ).length;
    };
    // Both instances keep the sector's roster (a minute by default) after answering once.
    expect(await offeredBy(first.app)).toBeGreaterThan(0);
    expect(await offeredBy(second)).toBeGreaterThan(0);
    // The only nurse takes the day off, written straight to the database as an operator might.
    await db.insert(nurseDaysOff).values({ nurseId: nurseIds[0] ?? 0, day: date });
    await expect.poll(() => offeredBy(second), { timeout: 3000, interval: 50 }).toBe(0);
    await expect.poll(() => offeredBy(first.app), { timeout: 3000, interval: 50 }).toBe(0);
  });

  it("a nurse's extra shift on a date is offered by every instance at once", async () => {
    const { db } = first.app;
    const date = tomorrowIn(SANTIAGO);
    // Her only weekly shift is on another weekday: tomorrow offers nothing until the extra shift.
    const otherDay = (isoWeekday(date) % 7) + 1;
    const { nurseIds, sectorId } = await createFixtureSector(db, [
      { shifts: [[otherDay, '08:00', '12:00']] },
    ]);
    const looker = await createFixtureAppointment(db, sectorId);
    const offeredBy = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v2/time-availability/?appointment_id=${looker.id}&country=cl&from_date=${date}`,
        headers: { 'x-appointment-token': looker.token },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: Array<{ date: string; begin_time: string }> }).data
        .filter((entry) => entry.date === date)
        .map((entry) => entry.begin_time);
    };
    expect(await offeredBy(first.app)).toEqual([]);
    expect(await offeredBy(second)).toEqual([]);
    await db.insert(nurseExtraShifts).values({
      nurseId: nurseIds[0] ?? 0,
      day: date,
      startsAt: '15:00',
      endsAt: '17:00',
      timeZone: SANTIAGO,
    });
    await expect.poll(() => offeredBy(second), { timeout: 3000, interval: 50 }).toEqual(['15:00', '16:00']);
    await expect
      .poll(() => offeredBy(first.app), { timeout: 3000, interval: 50 })
      .toEqual(['15:00', '16:00']);
  });

  it('a change published by one instance reaches every other, once, and not its own echo twice', async () => {
    const a = await createChangeBus(first.testDb.database);
    const b = await createChangeBus(await first.testDb.openAnother());
    const seenByA: unknown[] = [];
    const seenByB: unknown[] = [];
    a.subscribe((change) => {
      seenByA.push(change);
    });
    b.subscribe((change) => {
      seenByB.push(change);
    });
    await a.publish({ topic: 'client', clientId: 'demo' });
    await expect
      .poll(() => seenByB, { timeout: 3000, interval: 20 })
      .toEqual([{ topic: 'client', clientId: 'demo' }]);
    // Give a would-be echo time to arrive: the publisher was told once, synchronously.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByA).toEqual([{ topic: 'client', clientId: 'demo' }]);
    await a.close();
    await b.close();
  });
});
