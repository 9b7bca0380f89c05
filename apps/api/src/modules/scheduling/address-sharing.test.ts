import { randomBytes } from 'node:crypto';
import {
  SECTOR_DAY_SHARE,
  TOO_MANY_HOLDS,
  TOO_MANY_HOLDS_FROM_NETWORK,
  TOO_MANY_UNPAID_CONFIRMATIONS,
} from '@visita/domain/contract/api-errors';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { BROWSER_KEY_HEADER } from '@visita/domain/contract/endpoint';
import { addDays } from '@visita/domain/availability';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { appointments, visits } from '../../db/schema.ts';
import { SEED_ADDRESS } from '../../robustness/seeds.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { finalizePatient } from '../../test-support/scheduled-appointment.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createFixtureSector, SANTIAGO, tomorrowIn } from './test-fixtures.ts';

/** A partner whose embed confirms without a card (pay at the address): every visit is free to confirm. */
const FREE_PARTNER = 'redsalud';
const newBrowser = () => randomBytes(12).toString('hex');

type Booking = { id: string; token: string };

/**
 * docs/decisions/free-confirmations.md: many people share one address (a carrier's NAT), so the
 * limits on booking count per browser there, with a ceiling per address; one address never keeps
 * more than half of a sector-day, with holds or with visits confirmed without payment, and its
 * unpaid confirmations are bounded per day. The limits run as a production instance has them.
 */
describe.each(TEST_ENGINES)('people sharing one address, and one address squatting, on $name', (engine) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      // The defaults an instance starts with (config.ts), which test-app.ts turns off.
      env: {
        RATE_LIMIT_APPOINTMENTS_PER_MINUTE: '10',
        RATE_LIMIT_HOLDS_PER_MINUTE: '20',
        RATE_LIMIT_HOLDS_PER_APPOINTMENT: '6',
        HOLDS_PER_BROWSER: '3',
        HOLDS_PER_ADDRESS: '30',
        ADDRESS_SHARE_OF_SECTOR_DAY: '50',
        UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY: '5',
        UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '50',
      },
    });
    db = t.testDb.database.db;
  }, 60_000);
  afterAll(() => t.close());

  /** A sector of its own with `nurses` nurses on shift all day: its day holds 24 visits per nurse. */
  const sectorOf = async (nurses: number) =>
    (
      await createFixtureSector(
        db,
        Array.from({ length: nurses }, () => ({})),
      )
    ).sectorId;

  /** Created through the API from `ip` by `browser`, then placed in the test's sector. */
  const create = async (ip: string, browser: string, sectorId: number): Promise<Booking> => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/appointments/',
      payload: { ...SEED_ADDRESS, client_id: FREE_PARTNER, sales_source: FREE_PARTNER },
      headers: { [BROWSER_KEY_HEADER]: browser },
      remoteAddress: ip,
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json() as Booking;
    await db
      .update(appointments)
      .set({ sectorId, targetLat: 0.05, targetLng: 0.05 })
      .where(eq(appointments.id, booking.id));
    return booking;
  };
  const hold = (booking: Booking, ip: string, browser: string, date: string, hour: number) => {
    const at = (h: number) => `${date} ${String(h).padStart(2, '0')}:00:00`;
    return t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${booking.id}/schedule/`,
      payload: { begin_date: at(hour), end_date: at(hour + 1) },
      headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token, [BROWSER_KEY_HEADER]: browser },
      remoteAddress: ip,
    });
  };
  const finalize = (booking: Booking, ip: string, browser: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${booking.id}/finalize/`,
      payload: { patients: [finalizePatient()], sales_source: FREE_PARTNER },
      headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token, [BROWSER_KEY_HEADER]: browser },
      remoteAddress: ip,
    });
  const confirm = (booking: Booking, ip: string, browser: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/appointments/${booking.id}/manual_confirm/`,
      payload: { force_confirmation: true },
      headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token, [BROWSER_KEY_HEADER]: browser },
      remoteAddress: ip,
    });
  const refusedWith = (
    response: Awaited<ReturnType<typeof hold>>,
    entry: { status: number; err: string; msg: string },
  ) => {
    expect(response.statusCode, response.body).toBe(entry.status);
    expect(response.json()).toEqual({ err: entry.err, msg: entry.msg });
  };
  /** A whole booking by one person: created, held, finalised and confirmed without payment. */
  const book = async (ip: string, browser: string, sectorId: number, date: string, hour: number) => {
    const booking = await create(ip, browser, sectorId);
    const held = await hold(booking, ip, browser, date, hour);
    if (held.statusCode !== 200) return { booking, held, confirmed: null };
    const finalized = await finalize(booking, ip, browser);
    expect(finalized.statusCode, finalized.body).toBe(200);
    return { booking, held, confirmed: await confirm(booking, ip, browser) };
  };

  it('twenty people behind one address book twenty blocks at once, each from their own browser, and all are confirmed', async () => {
    const ip = '203.0.113.100';
    const sectorId = await sectorOf(2);
    const date = tomorrowIn(SANTIAGO);
    const people = Array.from({ length: 20 }, (_, index) => ({ browser: newBrowser(), hour: 2 + index }));
    const booked = await Promise.all(
      people.map(({ browser, hour }) => book(ip, browser, sectorId, date, hour)),
    );
    for (const { held, confirmed } of booked) {
      expect(held.statusCode, held.body).toBe(200);
      expect(confirmed?.statusCode, confirmed?.body).toBe(200);
    }
    const rows = await db
      .select({ status: appointments.status })
      .from(appointments)
      .where(
        inArray(
          appointments.id,
          booked.map(({ booking }) => booking.id),
        ),
      );
    expect(rows.map((row) => row.status)).toEqual(Array(20).fill('confirmed'));
  }, 120_000);

  it('creating appointments: ten a minute per browser, a hundred per address whatever the keys', async () => {
    const ip = '203.0.113.104';
    const sectorId = await sectorOf(1);
    const household = newBrowser();
    for (let i = 0; i < 10; i += 1) await create(ip, household, sectorId);
    const createFrom = (browser: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/appointments/',
        payload: SEED_ADDRESS,
        headers: { [BROWSER_KEY_HEADER]: browser },
        remoteAddress: ip,
      });
    expect((await createFrom(household)).statusCode).toBe(429);
    let created = 10;
    let answer = await createFrom(newBrowser());
    while (answer.statusCode === 201 && created < 150) {
      created += 1;
      answer = await createFrom(newBrowser());
    }
    // The household's refused call counted against the address too.
    expect(created).toBe(99);
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toMatchObject({ err: 'rate-limited' });
  }, 120_000);

  it('one browser keeps three live holds; a fourth is refused, and a neighbour at the same address still holds', async () => {
    const ip = '203.0.113.101';
    const sectorId = await sectorOf(2);
    const date = tomorrowIn(SANTIAGO);
    const squatter = newBrowser();
    for (const hour of [8, 9, 10])
      expect((await hold(await create(ip, squatter, sectorId), ip, squatter, date, hour)).statusCode).toBe(
        200,
      );
    const fourth = await create(ip, squatter, sectorId);
    refusedWith(await hold(fourth, ip, squatter, date, 11), TOO_MANY_HOLDS);
    expect(await db.select().from(visits).where(eq(visits.appointmentId, fourth.id))).toEqual([]);
    const neighbour = newBrowser();
    expect((await hold(await create(ip, neighbour, sectorId), ip, neighbour, date, 11)).statusCode).toBe(200);
  }, 60_000);

  it('a caller inventing a browser key per hold stops at half of a sector-day, then at the address ceiling', async () => {
    const ip = '203.0.113.102';
    // One nurse: 24 blocks a day, so one address keeps at most 12 of them.
    const sectorId = await sectorOf(1);
    const date = addDays(tomorrowIn(SANTIAGO), 1);
    for (let hour = 0; hour < 12; hour += 1) {
      const browser = newBrowser();
      expect((await hold(await create(ip, browser, sectorId), ip, browser, date, hour)).statusCode).toBe(200);
    }
    const browser = newBrowser();
    const refused = await hold(await create(ip, browser, sectorId), ip, browser, date, 12);
    refusedWith(refused, SECTOR_DAY_SHARE);
    // The other half of the day is left to everyone else, at another address.
    const other = newBrowser();
    expect(
      (await hold(await create('198.51.100.102', other, sectorId), '198.51.100.102', other, date, 12))
        .statusCode,
    ).toBe(200);
    // Across other days, live holds from the address stop at 30 whatever the keys.
    let held = 12;
    let day = addDays(date, 1);
    let refusal: Awaited<ReturnType<typeof hold>> | null = null;
    while (refusal === null && held < 40) {
      for (let hour = 0; hour < 12 && refusal === null; hour += 1) {
        const key = newBrowser();
        const answer = await hold(await create(ip, key, sectorId), ip, key, day, hour);
        if (answer.statusCode === 200) held += 1;
        else refusal = answer;
      }
      day = addDays(day, 1);
    }
    expect(held).toBe(30);
    if (!refusal) throw new Error('no refusal');
    refusedWith(refusal, TOO_MANY_HOLDS_FROM_NETWORK);
  }, 120_000);

  it('visits confirmed without payment count against the sector-day, and past five a day per browser and fifty per address', async () => {
    const ip = '203.0.113.103';
    const sectorId = await sectorOf(1);
    const first = addDays(tomorrowIn(SANTIAGO), 2);
    // One browser confirms five free visits; its sixth is refused (its hold is let go).
    const household = newBrowser();
    for (const hour of [8, 9, 10, 11, 12]) {
      const { confirmed } = await book(ip, household, sectorId, first, hour);
      expect(confirmed?.statusCode, confirmed?.body).toBe(200);
    }
    const sixth = await book(ip, household, sectorId, first, 13);
    expect(sixth.held.statusCode).toBe(200);
    if (!sixth.confirmed) throw new Error('not confirmed');
    refusedWith(sixth.confirmed, TOO_MANY_UNPAID_CONFIRMATIONS);
    const sixthRow = (await db.select().from(appointments).where(eq(appointments.id, sixth.booking.id)))[0];
    expect(sixthRow?.status).toBe('scheduled');
    await db.delete(visits).where(eq(visits.appointmentId, sixth.booking.id));

    // Confirmed visits keep their share of the day: with the five, seven more fill half of it.
    for (let hour = 0; hour < 7; hour += 1) {
      const { confirmed } = await book(ip, newBrowser(), sectorId, first, hour);
      expect(confirmed?.statusCode, confirmed?.body).toBe(200);
    }
    const past = await book(ip, newBrowser(), sectorId, first, 20);
    refusedWith(past.held, SECTOR_DAY_SHARE);

    // Over other days, new keys each time: the address's fiftieth free visit of the day is its last.
    let confirmedCount = 12;
    let day = addDays(first, 1);
    let refusal: Awaited<ReturnType<typeof confirm>> | null = null;
    while (refusal === null && confirmedCount < 60) {
      for (let hour = 0; hour < 12 && refusal === null; hour += 1) {
        const { held, confirmed } = await book(ip, newBrowser(), sectorId, day, hour);
        expect(held.statusCode, held.body).toBe(200);
        if (confirmed?.statusCode === 200) confirmedCount += 1;
        else refusal = confirmed;
        // Its hold let go, so live holds never bound this loop.
        if (confirmed?.statusCode !== 200) await db.delete(visits).where(eq(visits.status, 'hold'));
      }
      day = addDays(day, 1);
    }
    expect(confirmedCount).toBe(50);
    if (!refusal) throw new Error('no refusal');
    refusedWith(refusal, TOO_MANY_UNPAID_CONFIRMATIONS);
  }, 240_000);
});
