import { APPOINTMENT_TOKEN_HEADER, appointmentSummarySchema } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { visits } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { confirmVisit } from '../scheduling/hold.ts';
import {
  createFixtureAppointment,
  createFixtureSector,
  SANTIAGO,
  tomorrowIn,
} from '../scheduling/test-fixtures.ts';

describe.each(TEST_ENGINES)("the summary's visit times on $name", (engine) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.testDb.database.db;
  }, 60_000);
  afterAll(() => t?.close());

  const headers = (token: string) => ({ [APPOINTMENT_TOKEN_HEADER]: token });
  const summary = async (id: string, token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/appointments/${id}/`,
      headers: headers(token),
    });
    expect(response.statusCode).toBe(200);
    return appointmentSummarySchema.parse(response.json());
  };
  const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const schedule = (id: string, token: string, date: string, hour: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${id}/schedule/`,
      headers: headers(token),
      payload: { begin_date: `${date} ${clock(hour)}:00`, end_date: `${date} ${clock(hour + 1)}:00` },
    });

  it('are null until a block is held, then the held block in the sector’s wall-clock time', async () => {
    const { sectorId } = await createFixtureSector(db, [{}]);
    const appointment = await createFixtureAppointment(db, sectorId);
    expect(await summary(appointment.id, appointment.token)).toMatchObject({
      local_begin_date: null,
      local_work_period_max_lateness: null,
    });
    const date = tomorrowIn(SANTIAGO);
    expect((await schedule(appointment.id, appointment.token, date, 15)).statusCode).toBe(200);
    expect(await summary(appointment.id, appointment.token)).toMatchObject({
      local_begin_date: `${date} 15:00:00`,
      local_work_period_max_lateness: `${date} 16:00:00`,
    });
    // A second hold replaces the first, and so do the times.
    expect((await schedule(appointment.id, appointment.token, date, 11)).statusCode).toBe(200);
    expect((await summary(appointment.id, appointment.token)).local_begin_date).toBe(`${date} 11:00:00`);
  });

  it('are null again once the hold lapsed, and stay once the visit is confirmed', async () => {
    const { sectorId } = await createFixtureSector(db, [{}]);
    const lapsed = await createFixtureAppointment(db, sectorId);
    const confirmed = await createFixtureAppointment(db, sectorId);
    const date = tomorrowIn(SANTIAGO);
    expect((await schedule(lapsed.id, lapsed.token, date, 9)).statusCode).toBe(200);
    await db
      .update(visits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(visits.appointmentId, lapsed.id));
    expect((await summary(lapsed.id, lapsed.token)).local_begin_date).toBeNull();

    expect((await schedule(confirmed.id, confirmed.token, date, 10)).statusCode).toBe(200);
    await confirmVisit(db, confirmed.id);
    await db
      .update(visits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(visits.appointmentId, confirmed.id));
    expect((await summary(confirmed.id, confirmed.token)).local_begin_date).toBe(`${date} 10:00:00`);
  });

  it('read the clock of a sector in another time zone', async () => {
    const { sectorId } = await createFixtureSector(db, [{}], {
      timeZone: 'America/Mexico_City',
      country: 'mx',
    });
    const appointment = await createFixtureAppointment(db, sectorId);
    const date = tomorrowIn('America/Mexico_City');
    expect((await schedule(appointment.id, appointment.token, date, 8)).statusCode).toBe(200);
    expect((await summary(appointment.id, appointment.token)).local_begin_date).toBe(`${date} 08:00:00`);
  });
});
