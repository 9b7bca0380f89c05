import * as ERRORS from '@visita/domain/contract/api-errors';
import { addDays } from '@visita/domain/availability';
import { AGENDA_SERVICE_KINDS } from '@visita/domain/contract/console-agenda';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { appointments, nurseSectors, nurseShifts, nurses, visits } from '../../db/schema.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { insertScheduledAppointment } from '../../test-support/scheduled-appointment.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { confirmAppointment, pricedAtConfirmation } from '../appointments/confirmation.ts';
import { localToInstant } from './blocks.ts';
import { createFixtureSector, SANTIAGO } from './test-fixtures.ts';

type Headers = Record<string, string>;
interface Visit {
  appointment_id: string;
  code: string;
  client_id: string;
  patient: string;
  commune: string | null;
  services: string[];
  status: string;
  payment_status: string | null;
}
interface Block {
  start: string;
  end: string;
  state: 'free' | 'booked' | 'hold';
  visit: Visit | null;
  hold_expires_at: string | null;
}
interface AgendaDay {
  sector: { id: string; name: string; time_zone: string };
  date: string;
  load: Array<{ start: string; end: string; booked: number; capacity: number }>;
  nurses: Array<{ id: string; name: string; skills: string[]; blocks: Block[] }>;
}

/** A Wednesday of Santiago's summer (UTC-3): local 23:00 is 02:00 UTC the next day. */
const DAY = '2031-01-15';
/** A Wednesday long gone: the agenda reads any day, not only the booking horizon. */
const PAST_DAY = '2025-03-12';
const HOUR_MS = 3_600_000;

/** The instant of a local time of a day in Santiago. */
const at = (date: string, clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  const instant = localToInstant(date, hours * 60 + minutes, SANTIAGO);
  if (instant === null) throw new Error(`${date} ${clock} does not exist in Santiago`);
  return instant;
};
const iso = (ms: number) => new Date(ms).toISOString();

const patient = (overrides: Partial<StoredCartPatient>): StoredCartPatient => ({
  first_name: 'Valentina',
  last_name: 'Morales',
  date_of_birth: '1990-04-02',
  gender: 'female',
  document_type: 'ci',
  document_number: '11.111.111-1',
  email: 'valentina@correo.cl',
  phone: '+56 9 1111 1111',
  items: [ID.glicemia],
  packs: [],
  is_fonasa: false,
  ...overrides,
});

describe.each(TEST_ENGINES)('the console agenda on $name', (engine) => {
  let t: TestApp;
  let admin: Headers;
  let sectorId: number;
  /** all day; off that day; 09:00-13:00 on Wednesdays; off that day with a visit. */
  let [working, off, morning, offWithVisit] = [0, 0, 0, 0];
  /** Works 21:30-22:30 in Bogotá (UTC-5) on Wednesdays and Thursdays: 23:30 in Santiago. */
  let bogota = 0;
  const booked: Record<'exam' | 'vaccine' | 'pack' | 'hold' | 'past', string> = {
    exam: '',
    vaccine: '',
    pack: '',
    hold: '',
    past: '',
  };

  const get = (url: string, headers: Headers = admin) => t.app.inject({ method: 'GET', url, headers });
  const agenda = async (query: Record<string, string> = {}, headers: Headers = admin) => {
    const response = await get(
      `/api/console/agenda/day?${new URLSearchParams({ sector_id: String(sectorId), date: DAY, ...query })}`,
      headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AgendaDay;
  };
  const nurseOf = (day: AgendaDay, id: number) => {
    const nurse = day.nurses.find((row) => row.id === String(id));
    if (!nurse) throw new Error(`nurse ${id} not in the agenda`);
    return nurse;
  };
  const blockAt = (day: AgendaDay, nurseId: number, start: number) =>
    nurseOf(day, nurseId).blocks.find((block) => Date.parse(block.start) === start);

  /** A booking of `nurseId` in the block at `start`: held as finalise holds it, then confirmed. */
  async function confirmedVisit(
    nurseId: number,
    start: number,
    patients: StoredCartPatient[],
    clientId = 'demo',
    { keptOffRoster = false } = {},
  ): Promise<string> {
    const { id } = await insertScheduledAppointment(t.app.db, {
      patients,
      nurseId,
      blockStart: new Date(start),
    });
    await t.app.db.update(appointments).set({ clientId }).where(eq(appointments.id, id));
    // A visit kept with a nurse on her day off: a coordinator's exception, made on her page.
    if (keptOffRoster)
      await t.app.db.update(visits).set({ keptOffRoster }).where(eq(visits.appointmentId, id));
    await confirmAppointment(
      t.app.db,
      id,
      {
        paymentMethod: 'credit_card',
        paymentGateway: 'Sandbox',
        paymentStatus: 'Payment Successful',
      },
      pricedAtConfirmation(await t.app.catalogue(), new Date()),
    );
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await consoleSessionFor(t.app, { role: 'coordinator' })).headers;
    let ids: number[];
    ({ sectorId, nurseIds: ids } = await createFixtureSector(t.app.db, [
      {},
      { daysOff: [DAY] },
      { shifts: [[3, '09:00', '13:00']] },
      { daysOff: [DAY] },
    ]));
    [working = 0, off = 0, morning = 0, offWithVisit = 0] = ids;
    const [row] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera de Bogotá', skills: ['lab'] })
      .returning({ id: nurses.id });
    bogota = row?.id ?? 0;
    await t.app.db.insert(nurseSectors).values({ nurseId: bogota, sectorId });
    await t.app.db.insert(nurseShifts).values(
      [3, 4].map((weekday) => ({
        nurseId: bogota,
        weekday,
        startsAt: '21:30',
        endsAt: '22:30',
        timeZone: 'America/Bogota',
      })),
    );

    booked.exam = await confirmedVisit(working, at(DAY, '10:00'), [patient({})]);
    booked.vaccine = await confirmedVisit(
      working,
      at(DAY, '23:00'),
      [patient({ first_name: 'José Ignacio', last_name: 'ñúñez', items: [ID.vacunaInfluenza] })],
      'clinicaalemana',
    );
    booked.pack = await confirmedVisit(
      offWithVisit,
      at(DAY, '12:00'),
      [patient({ first_name: 'Ana', last_name: 'Pérez', items: [], packs: [ID.packDiabetes] })],
      'demo',
      { keptOffRoster: true },
    );
    booked.hold = (
      await insertScheduledAppointment(t.app.db, {
        patients: [patient({ first_name: 'Rosa', last_name: 'Díaz' })],
        nurseId: morning,
        blockStart: new Date(at(DAY, '10:00')),
      })
    ).id;
    booked.past = await confirmedVisit(working, at(PAST_DAY, '08:00'), [patient({ last_name: 'Antigua' })]);
  }, 60_000);
  afterAll(() => t?.close());

  it("lists the demo's sectors, filtered by country and sales source", async () => {
    const list = async (query: string) => {
      const response = await get(`/api/console/sectors${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (
        response.json() as {
          results: Array<{
            id: string;
            name: string;
            country: string;
            sales_source: string;
            time_zone: string;
          }>;
        }
      ).results;
    };
    const all = await list('');
    expect(all).toContainEqual(
      expect.objectContaining({
        name: 'Las Condes',
        country: 'cl',
        sales_source: 'marketplace',
        time_zone: 'America/Santiago',
      }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ name: 'Coyoacán', country: 'mx', time_zone: 'America/Mexico_City' }),
    );
    expect(all).toContainEqual(expect.objectContaining({ id: String(sectorId), name: 'Sector de prueba' }));
    const mexico = await list('?country=mx');
    expect(mexico.length).toBe(16);
    expect(mexico.every((sector) => sector.country === 'mx')).toBe(true);
    const clinic = await list('?country=cl&sales_source=clinicaalemana');
    expect(clinic.map((sector) => sector.name).sort()).toEqual(
      [
        'Chicureo',
        'Huechuraba',
        'La Reina',
        'Las Condes',
        'Lo Barnechea',
        'Providencia',
        'Vitacura',
        'Ñuñoa',
      ].sort(),
    );
    expect(await list('?sales_source=nobody')).toEqual([]);
  });

  it("shows a booked visit in its nurse's block: the patient as first name and initial, nothing more", async () => {
    const day = await agenda();
    expect(day.sector).toEqual({ id: String(sectorId), name: 'Sector de prueba', time_zone: SANTIAGO });
    expect(day.date).toBe(DAY);
    const block = blockAt(day, working, at(DAY, '10:00'));
    expect(block).toEqual({
      start: iso(at(DAY, '10:00')),
      end: iso(at(DAY, '11:00')),
      state: 'booked',
      visit: {
        appointment_id: booked.exam,
        code: booked.exam.slice(0, 8).toUpperCase(),
        client_id: 'demo',
        patient: 'Valentina M.',
        commune: 'Las Condes',
        services: ['Glicemia'],
        status: 'confirmed',
        payment_status: 'Payment Successful',
      },
      hold_expires_at: null,
    });
    expect(JSON.stringify(day)).not.toContain('Morales');
    expect(blockAt(day, working, at(DAY, '23:00'))?.visit?.patient).toBe('José Ñ.');
    // Every other block of her day is free.
    const others = nurseOf(day, working).blocks.filter(
      (row) => ![at(DAY, '10:00'), at(DAY, '23:00')].includes(Date.parse(row.start)),
    );
    expect(others).toHaveLength(22);
    expect(others.every((row) => row.state === 'free' && row.visit === null)).toBe(true);
  });

  it('shows a live hold as a hold until it lapses, then the block is free', async () => {
    const start = at(DAY, '11:00');
    const { id } = await insertScheduledAppointment(t.app.db, {
      patients: [patient({ first_name: 'Luz' })],
      nurseId: morning,
      blockStart: new Date(start),
    });
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.appointmentId, id));
    const held = blockAt(await agenda(), morning, start);
    expect(held).toMatchObject({ state: 'hold', hold_expires_at: visit?.expiresAt?.toISOString() });
    expect(held?.visit).toMatchObject({ appointment_id: id, patient: 'Luz M.', status: 'scheduled' });

    await t.app.db
      .update(visits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(visits.appointmentId, id));
    expect(blockAt(await agenda(), morning, start)).toEqual({
      start: iso(start),
      end: iso(start + HOUR_MS),
      state: 'free',
      visit: null,
      hold_expires_at: null,
    });
    await t.app.db.delete(visits).where(eq(visits.appointmentId, id));
  });

  it('counts per block the booked visits (not holds) and the nurses working', async () => {
    const day = await agenda();
    // The sector's blocks: the whole local day, and the Bogotá nurse's at 23:30.
    const starts = [...Array.from({ length: 24 }, (_, hour) => at(DAY, `${hour}:00`)), at(DAY, '23:30')].sort(
      (a, b) => a - b,
    );
    expect(day.load.map((row) => row.start)).toEqual(starts.map(iso));
    const expected = (start: number) => ({
      booked: [at(DAY, '10:00'), at(DAY, '12:00'), at(DAY, '23:00')].includes(start) ? 1 : 0,
      capacity: start >= at(DAY, '09:00') && start < at(DAY, '13:00') ? 2 : 1,
    });
    for (const row of day.load) expect(row, row.start).toMatchObject(expected(Date.parse(row.start)));
    // The same figures as the nurses' own blocks give.
    for (const row of day.load) {
      const blocks = day.nurses.flatMap((nurse) => nurse.blocks.filter((block) => block.start === row.start));
      expect(row.booked).toBe(blocks.filter((block) => block.state === 'booked').length);
    }
  });

  it("shows no blocks on a nurse's day off, and a visit left on it still shows", async () => {
    const day = await agenda();
    expect(nurseOf(day, off).blocks).toEqual([]);
    expect(nurseOf(day, offWithVisit).blocks).toEqual([
      expect.objectContaining({
        start: iso(at(DAY, '12:00')),
        state: 'booked',
        visit: expect.objectContaining({ appointment_id: booked.pack, patient: 'Ana P.' }),
      }),
    ]);
    // The day after, both work the whole day.
    const next = await agenda({ date: addDays(DAY, 1) });
    expect(nurseOf(next, off).blocks).toHaveLength(24);
    expect(nurseOf(next, offWithVisit).blocks.every((block) => block.state === 'free')).toBe(true);
  });

  it("reads the date as the sector's local day", async () => {
    const day = await agenda();
    const nurse = nurseOf(day, working);
    expect(nurse.blocks[0]?.start).toBe(iso(at(DAY, '00:00')));
    expect(nurse.blocks[0]?.start).toBe(`${DAY}T03:00:00.000Z`);
    expect(nurse.blocks.at(-1)?.start).toBe(`${addDays(DAY, 1)}T02:00:00.000Z`);
    // Wednesday 21:30 in Bogotá is 23:30 in Santiago, still Wednesday there; Thursday's is Thursday's.
    expect(nurseOf(day, bogota).blocks.map((block) => block.start)).toEqual([
      `${addDays(DAY, 1)}T02:30:00.000Z`,
    ]);
    const next = await agenda({ date: addDays(DAY, 1) });
    expect(nurseOf(next, bogota).blocks.map((block) => block.start)).toEqual([
      `${addDays(DAY, 2)}T02:30:00.000Z`,
    ]);
    // The 23:00 visit is Wednesday's, not Thursday's (whose UTC date it has).
    expect(JSON.stringify(next)).not.toContain(booked.vaccine);
    expect(blockAt(day, working, at(DAY, '23:00'))?.visit?.appointment_id).toBe(booked.vaccine);
  });

  it('reads any day, a past one too', async () => {
    const day = await agenda({ date: PAST_DAY });
    expect(blockAt(day, working, at(PAST_DAY, '08:00'))).toMatchObject({
      state: 'booked',
      visit: { appointment_id: booked.past, patient: 'Valentina A.' },
    });
    // No day off then: the three all-day nurses work at 08:00.
    expect(day.load.find((row) => row.start === iso(at(PAST_DAY, '08:00')))).toMatchObject({
      booked: 1,
      capacity: 3,
    });
    const far = await agenda({ date: '2040-07-04' });
    expect(nurseOf(far, working).blocks).toHaveLength(24);
  });

  it('filters by partner, service kind and status: a visit left out keeps its block taken, without details', async () => {
    const shown = (day: AgendaDay) =>
      day.nurses
        .flatMap((nurse) => nurse.blocks)
        .flatMap((block) => (block.visit ? [block.visit.appointment_id] : []))
        .sort();
    expect(shown(await agenda())).toEqual([booked.exam, booked.vaccine, booked.pack, booked.hold].sort());
    expect(shown(await agenda({ client_id: 'clinicaalemana' }))).toEqual([booked.vaccine]);
    expect(shown(await agenda({ kind: 'vaccine' }))).toEqual([booked.vaccine]);
    // A pack is a pack, and its items' kind too.
    expect(shown(await agenda({ kind: 'pack' }))).toEqual([booked.pack]);
    expect(shown(await agenda({ kind: 'exam' }))).toEqual([booked.exam, booked.pack, booked.hold].sort());
    expect(shown(await agenda({ kind: 'service' }))).toEqual([]);
    expect(shown(await agenda({ status: 'scheduled' }))).toEqual([booked.hold]);
    expect(shown(await agenda({ status: 'confirmed', client_id: 'demo' }))).toEqual(
      [booked.exam, booked.pack].sort(),
    );

    const filtered = await agenda({ client_id: 'clinicaalemana' });
    expect(blockAt(filtered, working, at(DAY, '10:00'))).toMatchObject({ state: 'booked', visit: null });
    expect(blockAt(filtered, morning, at(DAY, '10:00'))).toMatchObject({ state: 'hold', visit: null });
    // The load is the sector's whatever the filters.
    expect(filtered.load).toEqual((await agenda()).load);
    expect(AGENDA_SERVICE_KINDS).toContain('service');
  });

  it('reads a stored cart that is not what it should be without failing', async () => {
    const start = at(PAST_DAY, '09:00');
    const { id } = await insertScheduledAppointment(t.app.db, {
      patients: [patient({})],
      nurseId: working,
      blockStart: new Date(start),
    });
    const broken = [{ first_name: 'Inés', items: 'glicemia', packs: [{ id: 1 }, 'x', -3, 3] }, 'nadie'];
    await t.app.db.execute(
      sql`update appointments set patients = ${JSON.stringify(broken)}::jsonb where id = ${id}::uuid`,
    );
    expect(blockAt(await agenda({ date: PAST_DAY }), working, start)?.visit).toMatchObject({
      appointment_id: id,
      patient: 'Inés',
      services: ['Glicemia'],
    });
    await t.app.db.execute(sql`update appointments set patients = '{}'::jsonb where id = ${id}::uuid`);
    expect(blockAt(await agenda({ date: PAST_DAY }), working, start)?.visit).toMatchObject({
      patient: '',
      services: [],
    });
  });

  it("sums the week's days as the day view shows each, per nurse and for the sector", async () => {
    const response = await get(
      `/api/console/agenda/week?${new URLSearchParams({ sector_id: String(sectorId), date: DAY })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const week = response.json() as {
      days: Array<{ date: string; booked: number; capacity: number; visits: number }>;
      nurses: Array<{ id: string; days: Array<{ booked: number; capacity: number; visits: number } | null> }>;
    };
    expect(week.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(DAY, i)));
    const day = await agenda();
    expect(week.days[0]).toEqual({
      date: DAY,
      booked: day.load.reduce((sum, row) => sum + row.booked, 0),
      capacity: day.load.reduce((sum, row) => sum + row.capacity, 0),
      visits: 3,
    });
    const weekOf = (id: number) => week.nurses.find((nurse) => nurse.id === String(id))?.days;
    expect(weekOf(working)?.[0]).toEqual({ booked: 2, capacity: 24, visits: 2 });
    // Off that day: nothing; the next day she works again.
    expect(weekOf(off)?.[0]).toBeNull();
    expect(weekOf(off)?.[1]).toMatchObject({ booked: 0, capacity: 24 });
    // The hold takes no booked block of the morning nurse.
    expect(weekOf(morning)?.[0]).toEqual({ booked: 0, capacity: 4, visits: 0 });
    const bad = await get(`/api/console/agenda/week?sector_id=${sectorId}&date=ayer`);
    expect(bad.statusCode).toBe(400);
    const finance = (await consoleSessionFor(t.app, { role: 'finance' })).headers;
    expect(
      (await get(`/api/console/agenda/week?sector_id=${sectorId}&date=${DAY}`, finance)).statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown sector and 400 for bad input', async () => {
    for (const sector of ['999999', 'abc', '1e3', '-1']) {
      const response = await get(`/api/console/agenda/day?sector_id=${sector}&date=${DAY}`);
      expect(response.statusCode, sector).toBe(404);
      expect(response.json()).toMatchObject({
        err: ERRORS.CONSOLE_SECTOR_NOT_FOUND.err,
        msg: ERRORS.CONSOLE_SECTOR_NOT_FOUND.msg,
      });
    }
    for (const query of [
      `sector_id=${sectorId}&date=2031-02-30`,
      `sector_id=${sectorId}&date=mañana`,
      `sector_id=${sectorId}&date=15-01-2031`,
      `sector_id=${sectorId}`,
      `date=${DAY}`,
      `sector_id=${'9'.repeat(200)}&date=${DAY}`,
      `sector_id=${sectorId}&date=${DAY}&kind=x`,
      `sector_id=${sectorId}&date=${DAY}&status=lost`,
      `sector_id=${sectorId}&date=${DAY}&client_id=${'x'.repeat(200)}`,
    ]) {
      const response = await get(`/api/console/agenda/day?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
    }
    for (const query of ['country=chile', `sales_source=${'x'.repeat(200)}`]) {
      const response = await get(`/api/console/sectors?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('is for the agenda.read roles: 403 for finance and partners, 401 without a session', async () => {
    const url = `/api/console/agenda/day?sector_id=${sectorId}&date=${DAY}`;
    const owner = (await consoleSessionFor(t.app, { role: 'admin' })).headers;
    expect((await get(url, owner)).statusCode).toBe(200);
    expect((await get('/api/console/sectors', owner)).statusCode).toBe(200);
    const finance = (await consoleSessionFor(t.app, { role: 'finance' })).headers;
    const partner = (await consoleSessionFor(t.app, { role: 'partner', clientId: 'demo' })).headers;
    for (const headers of [finance, partner])
      for (const path of [url, '/api/console/sectors']) {
        const response = await get(path, headers);
        expect(response.statusCode, path).toBe(403);
        expect(response.json()).toMatchObject({ err: ERRORS.CONSOLE_FORBIDDEN.err });
      }
    for (const path of [url, '/api/console/sectors']) {
      const response = await get(path, {});
      expect(response.statusCode, path).toBe(401);
      expect(response.json()).toMatchObject({ err: ERRORS.CONSOLE_NOT_SIGNED_IN.err });
    }
  });
});
