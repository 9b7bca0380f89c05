import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { TOO_MANY_HOLDS } from '@visita/domain/contract/api-errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { appointments, visits } from '../../db/schema.ts';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO, tomorrowIn } from './test-fixtures.ts';

type Appointment = { id: string; token?: string };

/**
 * Squatting: the per-minute limits only slow one address down; with each hold living 20 minutes
 * it could still keep a sector's whole day. A caller sending no browser key (an IPv6 one by its
 * /64) keeps at most HOLDS_PER_BROWSER live holds of different appointments at once; staff are not
 * counted. Callers with browser keys: address-sharing.test.ts.
 */
describe.each(TEST_ENGINES)('live holds per address on $name', (engine) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    // No browser key sent: each address is one browser, bounded by HOLDS_PER_BROWSER.
    t = await createTestApp(engine, { env: { HOLDS_PER_BROWSER: '2' } });
    db = t.testDb.database.db;
  });
  afterAll(() => t.close());

  const hold = (appointment: Appointment, hour: number, ip: string, headers: Record<string, string> = {}) => {
    const date = tomorrowIn(SANTIAGO);
    const at = (h: number) => `${date} ${String(h).padStart(2, '0')}:00:00`;
    return t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${appointment.id}/schedule/`,
      payload: { begin_date: at(hour), end_date: at(hour + 1) },
      headers: {
        ...(appointment.token === undefined ? {} : { [APPOINTMENT_TOKEN_HEADER]: appointment.token }),
        ...headers,
      },
      remoteAddress: ip,
    });
  };
  /** Appointments in a sector of their own: each test's blocks are its own. */
  const newAppointments = async (count: number) => {
    const { sectorId } = await createFixtureSector(db, [{}]);
    const made: Appointment[] = [];
    for (let i = 0; i < count; i += 1) made.push(await createFixtureAppointment(db, sectorId));
    return made as [Appointment, Appointment, Appointment, Appointment];
  };
  const heldFrom = async (id: string) => {
    const [row] = await db
      .select({ heldFrom: appointments.heldFrom })
      .from(appointments)
      .where(eq(appointments.id, id));
    return row?.heldFrom;
  };

  it('refuses a third appointment held from one IPv4 address with 429 and a Spanish message', async () => {
    const ip = '203.0.113.10';
    const [first, second, third] = await newAppointments(3);
    expect((await hold(first, 8, ip)).statusCode).toBe(200);
    expect((await hold(second, 9, ip)).statusCode).toBe(200);
    const refused = await hold(third, 10, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      err: 'too-many-holds',
      msg: 'Tienes varias reservas en curso sin confirmar. Confirma o deja expirar alguna antes de reservar otra hora.',
    });
    expect(refused.json()).toEqual({ err: TOO_MANY_HOLDS.err, msg: TOO_MANY_HOLDS.msg });
    // Refused before anything changed: the third appointment holds nothing.
    expect(await db.select().from(visits).where(eq(visits.appointmentId, third.id))).toEqual([]);
    expect(await heldFrom(first.id)).toBe(ip);
  });

  it('lets a person change their time: holding again for the same appointment replaces its hold', async () => {
    const ip = '203.0.113.11';
    const [first, second, third] = await newAppointments(3);
    expect((await hold(first, 8, ip)).statusCode).toBe(200);
    expect((await hold(second, 9, ip)).statusCode).toBe(200);
    // At the bound, the first appointment picks another time, twice: still one hold each.
    expect((await hold(first, 11, ip)).statusCode).toBe(200);
    expect((await hold(first, 12, ip)).statusCode).toBe(200);
    expect((await hold(second, 13, ip)).statusCode).toBe(200);
    expect((await hold(third, 14, ip)).statusCode).toBe(429);
  });

  it('counts only live holds: a lapsed one frees its place', async () => {
    const ip = '203.0.113.12';
    const [first, second, third] = await newAppointments(3);
    expect((await hold(first, 8, ip)).statusCode).toBe(200);
    expect((await hold(second, 9, ip)).statusCode).toBe(200);
    expect((await hold(third, 10, ip)).statusCode).toBe(429);
    await db
      .update(visits)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(visits.appointmentId, first.id));
    expect((await hold(third, 10, ip)).statusCode).toBe(200);
  });

  it('bounds the address, not whoever comes next: another address still holds', async () => {
    const [first, second, other] = await newAppointments(3);
    expect((await hold(first, 8, '203.0.113.13')).statusCode).toBe(200);
    expect((await hold(second, 9, '203.0.113.13')).statusCode).toBe(200);
    expect((await hold(other, 10, '203.0.113.13')).statusCode).toBe(429);
    expect((await hold(other, 10, '198.51.100.13')).statusCode).toBe(200);
  });

  it('counts IPv6 addresses by their /64: the same network shares the bound, another does not', async () => {
    const [first, second, third] = await newAppointments(3);
    expect((await hold(first, 8, '2001:db8:1:2::a')).statusCode).toBe(200);
    expect((await hold(second, 9, '2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(200);
    expect(await heldFrom(second.id)).toBe('2001:db8:1:2::/64');
    const refused = await hold(third, 10, '2001:db8:1:2::b');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ err: 'too-many-holds' });
    expect((await hold(third, 10, '2001:db8:1:3::a')).statusCode).toBe(200);
  });

  it("does not count the client's staff, who book for many people from one office", async () => {
    const ip = '203.0.113.14';
    const staff = { authorization: `Bearer ${DEMO_LAAS_TOKEN}` };
    const [first, second, third, fourth] = await newAppointments(4);
    for (const { id } of [first, second, third, fourth])
      await db.update(appointments).set({ clientId: 'demo-laas' }).where(eq(appointments.id, id));
    // Staff hold with their API token alone, and with the appointment's token too (the staff widget).
    expect((await hold({ id: first.id }, 8, ip, staff)).statusCode).toBe(200);
    expect((await hold(second, 9, ip, staff)).statusCode).toBe(200);
    expect((await hold(third, 10, ip, staff)).statusCode).toBe(200);
    expect(await heldFrom(first.id)).toBeNull();
    // Their holds leave the address's bound whole for the public.
    expect((await hold(fourth, 11, ip)).statusCode).toBe(200);
    expect(await heldFrom(fourth.id)).toBe(ip);
  });
});
