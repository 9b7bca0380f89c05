import {
  APPOINTMENT_TOKEN_HEADER,
  createAppointmentAnswerSchema,
} from '@visita/domain/contract/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { RATE_LIMITED } from '@visita/domain/contract/api-errors';
import { SEED_ADDRESS } from '../../robustness/seeds.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO, tomorrowIn } from './test-fixtures.ts';

const engine = TEST_ENGINES[0];
if (!engine) throw new Error('no engine');

/** Squatting: nobody may take a day's nurse-blocks by creating and holding appointments by the dozen. */
describe('limits on creating appointments and holding blocks', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: {
        RATE_LIMIT_APPOINTMENTS_PER_MINUTE: '3',
        RATE_LIMIT_HOLDS_PER_MINUTE: '4',
        RATE_LIMIT_HOLDS_PER_APPOINTMENT: '2',
        TRUST_PROXY: '10.0.0.1',
      },
    });
    db = t.testDb.database.db;
  });
  afterAll(() => t.close());

  const create = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/appointments/',
      payload: SEED_ADDRESS,
      headers: { 'x-forwarded-for': ip },
      remoteAddress: '10.0.0.1',
    });
  const hold = (appointment: { id: string; token: string }, hour: number, ip: string) => {
    const date = tomorrowIn(SANTIAGO);
    const at = (h: number) => `${date} ${String(h).padStart(2, '0')}:00:00`;
    return t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${appointment.id}/schedule/`,
      payload: { begin_date: at(hour), end_date: at(hour + 1) },
      headers: { [APPOINTMENT_TOKEN_HEADER]: appointment.token, 'x-forwarded-for': ip },
      remoteAddress: '10.0.0.1',
    });
  };

  it('answers 429 {err, msg} in Spanish past the appointments an address may create in a minute', async () => {
    for (let i = 0; i < 3; i += 1) {
      const created = await create('203.0.113.20');
      expect(created.statusCode).toBe(201);
      createAppointmentAnswerSchema.parse(created.json());
    }
    const refused = await create('203.0.113.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      err: 'rate-limited',
      msg: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await create('198.51.100.20')).statusCode).toBe(201);
  });

  it('lets an appointment change its hold a few times a minute, then refuses', async () => {
    const { sectorId } = await createFixtureSector(db, [{}]);
    const appointment = await createFixtureAppointment(db, sectorId);
    expect((await hold(appointment, 9, '203.0.113.30')).statusCode).toBe(200);
    // From another address: the count is the appointment's.
    expect((await hold(appointment, 10, '203.0.113.31')).statusCode).toBe(200);
    const refused = await hold(appointment, 11, '203.0.113.32');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ err: RATE_LIMITED.err, msg: RATE_LIMITED.msg });
  });

  it('limits the holds of one address across appointments', async () => {
    const { sectorId } = await createFixtureSector(db, [{}, {}, {}, {}, {}, {}]);
    const squatter = '203.0.113.40';
    for (let i = 0; i < 4; i += 1) {
      const appointment = await createFixtureAppointment(db, sectorId);
      expect((await hold(appointment, 10, squatter)).statusCode).toBe(200);
    }
    const fifth = await createFixtureAppointment(db, sectorId);
    expect((await hold(fifth, 10, squatter)).statusCode).toBe(429);
    // Someone else still gets the block the squatter could not take.
    expect((await hold(fifth, 10, '198.51.100.40')).statusCode).toBe(200);
  });
});
