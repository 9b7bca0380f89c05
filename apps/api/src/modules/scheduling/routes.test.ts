import { addDays, addMonths } from '@visita/domain/availability';
import {
  APPOINTMENT_TOKEN_HEADER,
  availabilityAnswerSchema,
  scheduleAnswerSchema,
} from '@visita/domain/contract/appointments';
import { BLOCK_SELECTION_FAILED_MESSAGE } from '@visita/domain/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { appointments, visits } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { isoWeekday, localParts, localToInstant } from './blocks.ts';
import { DEMO_NURSES } from '../../db/seed/demo-nurses.ts';
import { confirmVisit } from './hold.ts';
import { expireLapsedHolds } from '../appointments/transitions.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO, tomorrowIn } from './test-fixtures.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

describe.each(TEST_ENGINES)('scheduling on $name', (engine) => {
  let t: TestApp;
  let db: Db;
  let labItem: number;
  let vaccineItem: number;
  let medicalItem: number;
  let mxItem: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.testDb.database.db;
    const catalogue = await t.app.catalogue();
    const find = (country: 'cl' | 'mx', skill: string) =>
      [...catalogue.byId.values()].find(
        (item) => item.country === country && item.skill === skill && item.resourcetype !== null,
      )?.id ?? 0;
    labItem = find('cl', 'lab');
    vaccineItem = find('cl', 'vaccine');
    medicalItem = find('cl', 'medical_service');
    mxItem = find('mx', 'lab');
  }, 60_000);
  afterAll(() => t?.close());

  const availability = (query: Record<string, string | string[]>, token?: string) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      for (const entry of Array.isArray(value) ? value : [value]) params.append(key, entry);
    return t.app.inject({
      method: 'GET',
      url: `/api/v2/time-availability/?${params}`,
      headers: token ? { [APPOINTMENT_TOKEN_HEADER]: token } : {},
    });
  };
  const baseQuery = (appointmentId: string, extra: Record<string, string | string[]> = {}) => ({
    appointment_id: appointmentId,
    country: 'cl',
    ...extra,
  });
  const schedule = (id: string, token: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${id}/schedule/`,
      headers: token ? { [APPOINTMENT_TOKEN_HEADER]: token } : {},
      payload: body as object,
    });
  const block = (date: string, hour: number) => ({
    begin_date: `${date} ${String(hour).padStart(2, '0')}:00:00`,
    end_date: `${date} ${String(hour + 1).padStart(2, '0')}:00:00`,
  });
  const entriesOf = (body: unknown) => availabilityAnswerSchema.parse(body).data;

  describe('GET /api/v2/time-availability/', () => {
    it('offers the demo sector Monday to Saturday within shifts, without the taken blocks', async () => {
      // No stored sector: the one covering the address (Las Condes, marketplace) is used.
      const appointment = await createFixtureAppointment(db, null, { lat: -33.4129, lng: -70.5799 });
      const response = await availability(
        baseQuery(appointment.id, { items: [String(labItem)] }),
        appointment.token,
      );
      expect(response.statusCode).toBe(200);
      const data = entriesOf(response.json());
      expect(data.length).toBeGreaterThan(50);
      for (const entry of data) {
        const weekday = isoWeekday(entry.date);
        expect(weekday).toBeLessThan(7);
        const [open, close] = weekday === 6 ? ['09:00', '14:00'] : ['08:00', '18:00'];
        expect(entry.begin_time >= open && entry.end_time <= close).toBe(true);
      }
      // Every Chilean nurse is booked at 10:00 and 11:00 on the next working day.
      const today = localParts(new Date(), SANTIAGO).date;
      const next = isoWeekday(addDays(today, 1)) === 7 ? addDays(today, 2) : addDays(today, 1);
      const times = data.filter((entry) => entry.date === next).map((entry) => entry.begin_time);
      expect(times).not.toContain('10:00');
      expect(times).not.toContain('11:00');
      expect(times).toContain('12:00');
      expect(DEMO_NURSES.length).toBeGreaterThan(0);
    });

    it('offers the Mexican demo sector in Mexico City time', async () => {
      const appointment = await createFixtureAppointment(db, null, {
        country: 'mx',
        lat: 19.3733,
        lng: -99.1785,
      });
      const response = await availability(
        baseQuery(appointment.id, { country: 'mx', items: [String(mxItem)] }),
        appointment.token,
      );
      expect(response.statusCode).toBe(200);
      expect(entriesOf(response.json()).length).toBeGreaterThan(50);
    });

    it('answers entries in time order, only blocks not yet begun, up to one month ahead', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const now = new Date();
      const data = entriesOf((await availability(baseQuery(appointment.id), appointment.token)).json());
      const today = localParts(now, SANTIAGO).date;
      const horizonEnd = addMonths(today, 1);
      expect(data[0]?.date).toBe(localParts(now, SANTIAGO).minutes >= 23 * 60 ? addDays(today, 1) : today);
      expect(data.at(-1)).toMatchObject({ date: horizonEnd, begin_time: '23:00', end_time: '00:00' });
      const starts = data.map(
        (entry) => localToInstant(entry.date, Number(entry.begin_time.slice(0, 2)) * 60, SANTIAGO) ?? 0,
      );
      expect(starts.every((start) => start > now.getTime())).toBe(true);
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
      expect(new Set(starts).size).toBe(starts.length);
    });

    it('starts at from_date, never before today, and answers nothing beyond the horizon', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const today = localParts(new Date(), SANTIAGO).date;
      const from = addDays(today, 7);
      const later = entriesOf(
        (await availability(baseQuery(appointment.id, { from_date: from }), appointment.token)).json(),
      );
      expect(later[0]).toMatchObject({ date: from, begin_time: '00:00' });
      const past = entriesOf(
        (
          await availability(baseQuery(appointment.id, { from_date: '2020-01-01' }), appointment.token)
        ).json(),
      );
      expect((past[0]?.date ?? '') >= today).toBe(true);
      const beyond = await availability(
        baseQuery(appointment.id, { from_date: addMonths(today, 2) }),
        appointment.token,
      );
      expect(beyond.statusCode).toBe(200);
      expect(entriesOf(beyond.json())).toEqual([]);
    });

    it('needs a nurse with every skill of the items (packs through their sub-items)', async () => {
      const { sectorId } = await createFixtureSector(db, [{ skills: ['lab'] }, { skills: ['vaccine'] }]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const count = async (items: number[]) =>
        entriesOf(
          (
            await availability(baseQuery(appointment.id, { items: items.map(String) }), appointment.token)
          ).json(),
        ).length;
      expect(await count([labItem])).toBeGreaterThan(0);
      expect(await count([vaccineItem])).toBeGreaterThan(0);
      // Nobody has both lab and vaccine, or the medical service.
      expect(await count([labItem, vaccineItem])).toBe(0);
      expect(await count([medicalItem])).toBe(0);
    });

    it('leaves out inactive nurses, days off, confirmed visits and live holds, not expired holds', async () => {
      const tomorrow = tomorrowIn(SANTIAGO);
      const { sectorId, nurseIds } = await createFixtureSector(db, [
        { shifts: [[isoWeekday(tomorrow), '08:00', '12:00']] },
        { active: false },
        { daysOff: [tomorrow] },
      ]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const timesTomorrow = async () =>
        entriesOf(
          (await availability(baseQuery(appointment.id, { from_date: tomorrow }), appointment.token)).json(),
        )
          .filter((entry) => entry.date === tomorrow)
          .map((entry) => entry.begin_time);
      expect(await timesTomorrow()).toEqual(['08:00', '09:00', '10:00', '11:00']);
      const at = (hour: number) => new Date(localToInstant(tomorrow, hour * 60, SANTIAGO) ?? 0);
      const others = await Promise.all([1, 2, 3].map(() => createFixtureAppointment(db, sectorId)));
      await db.insert(visits).values([
        {
          appointmentId: others[0]?.id ?? '',
          nurseId: nurseIds[0] ?? 0,
          blockStart: at(8),
          blockEnd: at(9),
          status: 'confirmed',
        },
        {
          appointmentId: others[1]?.id ?? '',
          nurseId: nurseIds[0] ?? 0,
          blockStart: at(9),
          blockEnd: at(10),
          status: 'hold',
          expiresAt: new Date(Date.now() + 600_000),
        },
        {
          appointmentId: others[2]?.id ?? '',
          nurseId: nurseIds[0] ?? 0,
          blockStart: at(10),
          blockEnd: at(11),
          status: 'hold',
          expiresAt: new Date(Date.now() - 1000),
        },
      ]);
      expect(await timesTomorrow()).toEqual(['10:00', '11:00']);
    });

    it.each([
      ['no token', (id: string) => ({ query: baseQuery(id), token: undefined }), 404],
      ['a wrong token', (id: string) => ({ query: baseQuery(id), token: 'x'.repeat(43) }), 404],
      [
        'an unknown id',
        () => ({ query: baseQuery('00000000-0000-4000-8000-000000000000'), token: 'x' }),
        404,
      ],
      [
        'a malformed from_date',
        (id: string) => ({ query: baseQuery(id, { from_date: '2026-02-30x' }) }),
        400,
      ],
      ['a bad country', (id: string) => ({ query: baseQuery(id, { country: 'ar' }) }), 400],
      ['another country', (id: string) => ({ query: baseQuery(id, { country: 'mx' }) }), 400],
      [
        '10 000 items',
        (id: string) => ({
          query: baseQuery(id, { items: Array.from({ length: 10_000 }, (_, i) => String(i + 1)) }),
        }),
        400,
      ],
      ['an unknown item', (id: string) => ({ query: baseQuery(id, { items: ['99999999'] }) }), 400],
      [
        'SQL as an item',
        (id: string) => ({ query: baseQuery(id, { items: ['1; DROP TABLE visits; --'] }) }),
        400,
      ],
    ] as const)('answers a clean Spanish error for %s', async (_name, build, status) => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const { query, token } = { token: appointment.token as string | undefined, ...build(appointment.id) };
      const response = await availability(query as Record<string, string | string[]>, token);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
    });

    it("accepts the product's commune, region, include_source_only and beta header, and answers the same as without", async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const without = await availability(baseQuery(appointment.id), appointment.token);
      const params = new URLSearchParams({
        ...baseQuery(appointment.id),
        locality: 'Las Condes',
        region: 'Región Metropolitana de Santiago',
        include_source_only: 'true',
      });
      const withThem = await t.app.inject({
        method: 'GET',
        url: `/api/v2/time-availability/?${params}`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: appointment.token, 'x-polygon-beta-tester': 'true' },
      });
      expect(withThem.statusCode).toBe(200);
      expect(without.statusCode).toBe(200);
      expect(entriesOf(withThem.json()).length).toBeGreaterThan(0);
      expect(withThem.json()).toEqual(without.json());
      // Declared, so the OpenAPI document (the contract) says they are accepted.
      const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
      };
      const declared = document.paths['/api/v2/time-availability/']?.get.parameters.map(
        (parameter) => `${parameter.in} ${parameter.name}`,
      );
      expect(declared).toEqual(
        expect.arrayContaining([
          'query locality',
          'query region',
          'query include_source_only',
          'header x-polygon-beta-tester',
        ]),
      );
    });

    it('reads no declared-but-unused parameter, whatever it holds (SQL-looking text stays text)', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const response = await availability(
        baseQuery(appointment.id, { locality: "Las Condes'; DROP TABLE visits; --", region: "' OR 1=1 --" }),
        appointment.token,
      );
      expect(response.statusCode).toBe(200);
      await db.select().from(visits).limit(1);
    });
  });

  describe('POST /api/v2/appointments/{id}/schedule/', () => {
    it('holds a nurse for 20 minutes and marks the appointment scheduled', async () => {
      const { sectorId, nurseIds } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const date = tomorrowIn(SANTIAGO);
      const before = Date.now();
      const response = await schedule(appointment.id, appointment.token, block(date, 10));
      expect(response.statusCode).toBe(200);
      const body = scheduleAnswerSchema.parse(response.json());
      expect(body).toMatchObject({ ...block(date, 10), status: 'scheduled' });
      const expires = Date.parse(body.expires_at);
      expect(expires - before).toBeGreaterThanOrEqual(20 * 60_000 - 1000);
      expect(expires - before).toBeLessThanOrEqual(20 * 60_000 + 5000);
      const [row] = await db.select().from(visits).where(eq(visits.appointmentId, appointment.id));
      expect(row).toMatchObject({ nurseId: nurseIds[0], status: 'hold' });
      expect(row?.blockStart.getTime()).toBe(localToInstant(date, 600, SANTIAGO));
      const [stored] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
      expect(stored?.status).toBe('scheduled');
    });

    it('accepts the time without seconds', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const date = tomorrowIn(SANTIAGO);
      const response = await schedule(appointment.id, appointment.token, {
        begin_date: `${date} 09:00`,
        end_date: `${date} 10:00`,
      });
      expect(response.statusCode).toBe(200);
    });

    it('replaces the first hold of an appointment with its second', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const first = await createFixtureAppointment(db, sectorId);
      const second = await createFixtureAppointment(db, sectorId);
      const date = tomorrowIn(SANTIAGO);
      expect((await schedule(first.id, first.token, block(date, 10))).statusCode).toBe(200);
      expect((await schedule(first.id, first.token, block(date, 12))).statusCode).toBe(200);
      const rows = await db.select().from(visits).where(eq(visits.appointmentId, first.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.blockStart.getTime()).toBe(localToInstant(date, 720, SANTIAGO));
      // The 10:00 block is free again for others.
      expect((await schedule(second.id, second.token, block(date, 10))).statusCode).toBe(200);
    });

    it('answers 409 block-not-available with the documented toast when every nurse is taken', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const first = await createFixtureAppointment(db, sectorId);
      const second = await createFixtureAppointment(db, sectorId);
      const date = tomorrowIn(SANTIAGO);
      expect((await schedule(first.id, first.token, block(date, 10))).statusCode).toBe(200);
      const taken = await schedule(second.id, second.token, block(date, 10));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ err: 'block-not-available', msg: BLOCK_SELECTION_FAILED_MESSAGE });
      const [stored] = await db.select().from(appointments).where(eq(appointments.id, second.id));
      expect(stored?.status).toBe('pending');
    });

    it('lets an expired hold free its block', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const first = await createFixtureAppointment(db, sectorId);
      const second = await createFixtureAppointment(db, sectorId);
      const date = tomorrowIn(SANTIAGO);
      expect((await schedule(first.id, first.token, block(date, 10))).statusCode).toBe(200);
      await db
        .update(visits)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(visits.appointmentId, first.id));
      expect((await schedule(second.id, second.token, block(date, 10))).statusCode).toBe(200);
      expect(await db.select().from(visits).where(eq(visits.appointmentId, first.id))).toEqual([]);
      // The first appointment's confirmation now fails clearly.
      await expect(confirmVisit(db, first.id)).rejects.toMatchObject({
        statusCode: 409,
        err: 'hold-expired',
      });
    });

    it('confirmVisit makes the hold permanent, even past its 20 minutes while nobody took it', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const first = await createFixtureAppointment(db, sectorId);
      const second = await createFixtureAppointment(db, sectorId);
      const date = tomorrowIn(SANTIAGO);
      expect((await schedule(first.id, first.token, block(date, 10))).statusCode).toBe(200);
      await db
        .update(visits)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(visits.appointmentId, first.id));
      const visit = await confirmVisit(db, first.id);
      expect(visit).toMatchObject({ status: 'confirmed', expiresAt: null });
      expect((await schedule(second.id, second.token, block(date, 10))).statusCode).toBe(409);
      await expect(confirmVisit(db, second.id)).rejects.toMatchObject({ err: 'hold-expired' });
    });

    it('lets an appointment whose hold lapsed and was swept pick a block again', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const date = tomorrowIn(SANTIAGO);
      expect((await schedule(appointment.id, appointment.token, block(date, 10))).statusCode).toBe(200);
      await db
        .update(visits)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(visits.appointmentId, appointment.id));
      await expireLapsedHolds(db);
      const [expired] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
      expect(expired?.status).toBe('expired');
      expect((await schedule(appointment.id, appointment.token, block(date, 11))).statusCode).toBe(200);
      const [again] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
      expect(again?.status).toBe('scheduled');
    });

    it('refuses to schedule a confirmed appointment', async () => {
      const { sectorId } = await createFixtureSector(db, [{}]);
      const appointment = await createFixtureAppointment(db, sectorId);
      await setConfirmed(db, appointment.id);
      const response = await schedule(appointment.id, appointment.token, block(tomorrowIn(SANTIAGO), 10));
      expect(response.statusCode).toBe(409);
      expect(response.json().err).toBe('appointment-not-schedulable');
    });

    it('holds only nurses with the skills of the given items', async () => {
      const { sectorId } = await createFixtureSector(db, [{ skills: ['lab'] }]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const date = tomorrowIn(SANTIAGO);
      const vaccine = await schedule(appointment.id, appointment.token, {
        ...block(date, 10),
        items: [String(vaccineItem)],
      });
      expect(vaccine.statusCode).toBe(400);
      expect(vaccine.json().err).toBe('block-outside-shifts');
      const lab = await schedule(appointment.id, appointment.token, {
        ...block(date, 10),
        items: [String(labItem)],
      });
      expect(lab.statusCode).toBe(200);
    });

    const today = () => localParts(new Date(), SANTIAGO).date;
    it.each([
      [
        'no token',
        () => ({ token: null, body: block(tomorrowIn(SANTIAGO), 10) }),
        404,
        'appointment-not-found',
      ],
      [
        'a malformed date',
        () => ({ body: { begin_date: 'mañana 10:00', end_date: 'x' } }),
        400,
        'invalid-request',
      ],
      ['an impossible date', () => ({ body: block('2026-02-30', 10) }), 400, 'invalid-block'],
      [
        'a block that is not one hour',
        () => ({
          body: {
            begin_date: `${tomorrowIn(SANTIAGO)} 10:00:00`,
            end_date: `${tomorrowIn(SANTIAGO)} 12:00:00`,
          },
        }),
        400,
        'invalid-block',
      ],
      [
        'a block off the hour grid',
        () => ({
          body: {
            begin_date: `${tomorrowIn(SANTIAGO)} 10:30:00`,
            end_date: `${tomorrowIn(SANTIAGO)} 11:30:00`,
          },
        }),
        400,
        'block-outside-shifts',
      ],
      [
        'a block outside shifts',
        () => ({ body: block(tomorrowIn(SANTIAGO), 20) }),
        400,
        'block-outside-shifts',
      ],
      ['a past block', () => ({ body: block(addDays(today(), -1), 10) }), 400, 'block-in-past'],
      [
        'a block beyond one month',
        () => ({ body: block(addDays(addMonths(today(), 1), 1), 10) }),
        400,
        'block-out-of-horizon',
      ],
      [
        'a script in the dates',
        () => ({ body: { begin_date: '<script>', end_date: '<script>' } }),
        400,
        'invalid-request',
      ],
      [
        'SQL in the dates',
        () => ({ body: { begin_date: "2026-01-01 10:00'; DROP TABLE visits;--", end_date: 'x' } }),
        400,
        'invalid-request',
      ],
      [
        '10 000 items',
        () => ({
          body: {
            ...block(tomorrowIn(SANTIAGO), 10),
            items: Array.from({ length: 10_000 }, (_, i) => String(i)),
          },
        }),
        400,
        'invalid-request',
      ],
    ] as const)('answers a clean Spanish error for %s', async (_name, build, status, err) => {
      // Shifts 08:00 to 18:00 every day.
      const { sectorId } = await createFixtureSector(db, [
        {
          shifts: [1, 2, 3, 4, 5, 6, 7].map(
            (weekday) => [weekday, '08:00', '18:00'] as [number, string, string],
          ),
        },
      ]);
      const appointment = await createFixtureAppointment(db, sectorId);
      const built = build() as { token?: null; body: unknown };
      const response = await schedule(
        appointment.id,
        built.token === null ? undefined : appointment.token,
        built.body,
      );
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ err, msg: expect.any(String) });
      expect(await db.select().from(visits).where(eq(visits.appointmentId, appointment.id))).toEqual([]);
    });

    it('lets exactly 3 of 50 concurrent requests hold a block with 3 free nurses', async () => {
      const { sectorId, nurseIds } = await createFixtureSector(db, [{}, {}, {}]);
      const people = await Promise.all(
        Array.from({ length: 50 }, () => createFixtureAppointment(db, sectorId)),
      );
      const date = tomorrowIn(SANTIAGO);
      const responses = await Promise.all(people.map((p) => schedule(p.id, p.token, block(date, 15))));
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(3);
      expect(codes.filter((code) => code === 409)).toHaveLength(47);
      for (const response of responses.filter((r) => r.statusCode === 409))
        expect(response.json()).toEqual({ err: 'block-not-available', msg: BLOCK_SELECTION_FAILED_MESSAGE });
      const rows = await db
        .select()
        .from(visits)
        .where(sql`${visits.nurseId} in (${sql.join(nurseIds, sql`, `)})`);
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((row) => row.nurseId)).size).toBe(3);
    }, 60_000);
  });
});
