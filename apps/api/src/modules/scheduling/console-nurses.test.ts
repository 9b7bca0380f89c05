import * as ERRORS from '@visita/domain/contract/api-errors';
import { addDays } from '@visita/domain/availability';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import {
  auditLog,
  nurseDaysOff,
  nurseExtraShifts,
  nurseSectors,
  nurseShifts,
  nurses,
  visits,
} from '../../db/schema.ts';
import { sqlStateOf } from '../../db/database.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { isoWeekday, localParts, localToInstant } from './blocks.ts';
import { findSectorNurses } from './queries.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from './test-fixtures.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

type Headers = Record<string, string>;
interface Shift {
  weekday: number;
  starts_at: string;
  ends_at: string;
}
interface Detail {
  id: string;
  name: string;
  document: string | null;
  phone: string | null;
  email: string | null;
  skills: string[];
  sectors: Array<{ id: string; name: string }>;
  active: boolean;
  weekly_hours: number;
  shifts: Shift[];
  days_off: string[];
  extra_shifts: Array<{ date: string; starts_at: string; ends_at: string }>;
  upcoming_visits: number;
}

const patient: StoredCartPatient = {
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
};

const everyDay = (starts_at: string, ends_at: string): Shift[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, starts_at, ends_at }));

describe.each(TEST_ENGINES)('the console nurses on $name', (engine) => {
  let t: TestApp;
  let coordinator: Headers;
  const today = () => localParts(new Date(), SANTIAGO).date;

  beforeAll(async () => {
    t = await createTestApp(engine);
    coordinator = (await consoleSessionFor(t.app, { role: 'coordinator' })).headers;
  }, 60_000);
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    headers = coordinator,
  ) => t.app.inject({ method, url: `/api/console${url}`, headers, ...(payload ? { payload } : {}) });

  /** A confirmed lab visit of `nurseId` at `hour` on `date` (Santiago), as a confirmation leaves it. */
  async function visitOf(sectorId: number, nurseId: number, date: string, hour: number) {
    const booking = await createFixtureAppointment(t.app.db, sectorId);
    await setConfirmed(t.app.db, booking.id, {
      clientId: 'demo',
      patients: [patient],
      paymentStatus: 'Payment Successful',
    });
    const start = localToInstant(date, hour * 60, SANTIAGO) ?? 0;
    const [visit] = await t.app.db
      .insert(visits)
      .values({
        appointmentId: booking.id,
        nurseId,
        blockStart: new Date(start),
        blockEnd: new Date(start + 3_600_000),
        status: 'confirmed',
      })
      .returning({ id: visits.id });
    return { appointmentId: booking.id, visitId: visit?.id ?? '' };
  }

  /** The body that saves nurse `detail` as she is, with `changes`. */
  const bodyOf = (detail: Detail, changes: Record<string, unknown> = {}) => ({
    name: detail.name,
    document: detail.document,
    phone: detail.phone,
    email: detail.email,
    skills: detail.skills,
    sector_ids: detail.sectors.map((sector) => sector.id),
    shifts: detail.shifts,
    active: detail.active,
    ...changes,
  });

  it('creates a nurse with contact, skills, sectors and weekly shifts, lists and reads her, audited', async () => {
    const { sectorId } = await createFixtureSector(t.app.db, []);
    const created = await call('POST', '/nurses', {
      name: '  Carolina Rojas ',
      document: '12.345.678-5',
      phone: '+56 9 2222 3333',
      email: 'carolina@visita.localhost',
      skills: ['vaccine', 'lab'],
      sector_ids: [String(sectorId)],
      shifts: [
        { weekday: 1, starts_at: '08:00', ends_at: '13:00' },
        { weekday: 1, starts_at: '14:00', ends_at: '18:00' },
        { weekday: 6, starts_at: '09:00', ends_at: '12:00' },
      ],
      active: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const nurse = created.json() as Detail;
    expect(nurse).toMatchObject({
      name: 'Carolina Rojas',
      document: '12.345.678-5',
      skills: ['lab', 'vaccine'],
      sectors: [{ id: String(sectorId) }],
      active: true,
      weekly_hours: 12,
      days_off: [],
      upcoming_visits: 0,
    });
    expect(nurse.shifts).toHaveLength(3);
    // Her shifts are kept on the sector's clock.
    const stored = await t.app.db
      .select()
      .from(nurseShifts)
      .where(eq(nurseShifts.nurseId, Number(nurse.id)));
    expect(new Set(stored.map((row) => row.timeZone))).toEqual(new Set([SANTIAGO]));

    const listed = await call('GET', `/nurses?sector_id=${sectorId}`);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { results: Detail[] }).results.map((row) => row.id)).toEqual([nurse.id]);
    const found = await call('GET', `/nurses?q=${encodeURIComponent('carolina@visita')}`);
    expect((found.json() as { results: Detail[] }).results.map((row) => row.id)).toContain(nurse.id);
    const read = await call('GET', `/nurses/${nurse.id}`);
    expect(read.json()).toEqual(nurse);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'nurse'), eq(auditLog.entityId, nurse.id)));
    expect(audit?.action).toBe('nurse.created');
    expect(audit?.operatorId).toBeTruthy();
  });

  it('refuses bad values with a field error in Spanish and writes nothing', async () => {
    const { sectorId } = await createFixtureSector(t.app.db, []);
    const { sectorId: mexican } = await createFixtureSector(t.app.db, [], {
      timeZone: 'America/Mexico_City',
      country: 'mx',
    });
    const good = {
      name: 'Daniela Soto',
      skills: ['lab'],
      sector_ids: [String(sectorId)],
      shifts: everyDay('08:00', '12:00'),
      active: true,
    };
    const before = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(nurses))[0]?.n;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'Escribe el nombre de la enfermera.'],
      [{ name: 'Ana <script>' }, 'contiene caracteres no permitidos.'],
      [{ skills: [] }, 'Elige al menos una habilidad.'],
      [{ skills: ['surgery'] }, 'La habilidad no es válida.'],
      [{ email: 'no-es-correo' }, 'El correo no es válido.'],
      [{ phone: 'llámame' }, 'El teléfono solo admite dígitos, espacios y +.'],
      [{ shifts: [{ weekday: 8, starts_at: '08:00', ends_at: '12:00' }] }, 'El día no es válido.'],
      [
        { shifts: [{ weekday: 1, starts_at: '8am', ends_at: '12:00' }] },
        'La hora de inicio debe tener el formato HH:MM.',
      ],
      [
        { shifts: [{ weekday: 1, starts_at: '12:00', ends_at: '11:00' }] },
        'Un turno dura al menos una hora y termina después de empezar.',
      ],
      [
        {
          shifts: [
            { weekday: 2, starts_at: '08:00', ends_at: '12:00' },
            { weekday: 2, starts_at: '11:00', ends_at: '15:00' },
          ],
        },
        'Dos turnos del mismo día se superponen.',
      ],
      [{ sector_ids: ['1; drop table nurses'] }, 'El sector no es válido.'],
    ];
    for (const [change, message] of cases) {
      const answer = await call('POST', '/nurses', { ...good, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect((answer.json() as { msg: string }).msg, JSON.stringify(change)).toContain(message);
    }
    const refusals: Array<[Record<string, unknown>, { err: string; msg: string }]> = [
      [{ sector_ids: ['999999'] }, ERRORS.CONSOLE_NURSE_SECTOR_UNKNOWN],
      [{ sector_ids: [String(sectorId), String(mexican)] }, ERRORS.CONSOLE_NURSE_SECTOR_ZONES],
      [{ sector_ids: [] }, ERRORS.CONSOLE_NURSE_SHIFTS_NEED_SECTOR],
    ];
    for (const [change, error] of refusals) {
      const answer = await call('POST', '/nurses', { ...good, ...change });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ err: error.err, msg: error.msg });
    }
    const after = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(nurses))[0]?.n;
    expect(after).toBe(before);
  });

  it('never orphans a visit: lists what a change uncovers, refuses it until each is moved or kept', async () => {
    const date = addDays(today(), 2);
    const weekday = isoWeekday(date);
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}]);
    const nurseId = nurseIds[0] ?? 0;
    // Her week becomes every day 08:00-20:00, written by the console.
    const start = (await call('GET', `/nurses/${nurseId}`)).json() as Detail;
    const saved = await call(
      'PUT',
      `/nurses/${nurseId}`,
      bodyOf(start, { shifts: everyDay('08:00', '20:00') }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const morning = await visitOf(sectorId, nurseId, date, 9);
    const evening = await visitOf(sectorId, nurseId, date, 18);
    const detail = (await call('GET', `/nurses/${nurseId}`)).json() as Detail;
    expect(detail.upcoming_visits).toBe(2);

    // Her shift that day ends at 14:00: the 18:00 visit loses its block.
    const shorter = bodyOf(detail, {
      shifts: [
        ...everyDay('08:00', '20:00').filter((shift) => shift.weekday !== weekday),
        { weekday, starts_at: '08:00', ends_at: '14:00' },
      ],
    });
    const impact = await call('POST', `/nurses/${nurseId}/impact`, shorter);
    expect(impact.statusCode, impact.body).toBe(200);
    const affected = (
      impact.json() as { visits: Array<{ visit_id: string; patient: string; begin_date: string }> }
    ).visits;
    expect(affected.map((visit) => visit.visit_id)).toEqual([evening.visitId]);
    expect(affected[0]).toMatchObject({ patient: 'Valentina M.', begin_date: `${date} 18:00:00` });
    // The dry run changed nothing.
    expect(((await call('GET', `/nurses/${nurseId}`)).json() as Detail).shifts).toEqual(detail.shifts);

    const refused = await call('PUT', `/nurses/${nurseId}`, shorter);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      err: ERRORS.CONSOLE_NURSE_VISITS_AFFECTED.err,
      msg: ERRORS.CONSOLE_NURSE_VISITS_AFFECTED.msg,
    });
    // Deactivating her, or taking away her sector or her lab skill, uncovers both.
    for (const change of [{ active: false }, { sector_ids: [], shifts: [] }, { skills: ['vaccine'] }]) {
      const both = await call('POST', `/nurses/${nurseId}/impact`, bodyOf(detail, change));
      expect(
        (both.json() as { visits: Array<{ visit_id: string }> }).visits.map((visit) => visit.visit_id).sort(),
        JSON.stringify(change),
      ).toEqual([morning.visitId, evening.visitId].sort());
      expect((await call('PUT', `/nurses/${nurseId}`, bodyOf(detail, change))).statusCode).toBe(409);
    }

    // Kept with her, the change saves; the visit stays hers.
    const kept = await call('PUT', `/nurses/${nurseId}`, { ...shorter, keep_visit_ids: [evening.visitId] });
    expect(kept.statusCode, kept.body).toBe(200);
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.id, evening.visitId));
    expect(visit).toMatchObject({ nurseId, keptOffRoster: true });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(nurseId)), eq(auditLog.action, 'nurse.updated')))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect((audit?.after as { kept_visits: string[] }).kept_visits).toEqual([evening.visitId]);
  });

  it('is refused by the database itself, whoever writes the roster', async () => {
    const date = addDays(today(), 3);
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}]);
    const nurseId = nurseIds[0] ?? 0;
    const { visitId } = await visitOf(sectorId, nurseId, date, 10);
    const attempts = [
      () => t.app.db.insert(nurseDaysOff).values({ nurseId, day: date }),
      () => t.app.db.update(nurses).set({ active: false }).where(eq(nurses.id, nurseId)),
      () =>
        t.app.db
          .update(nurses)
          .set({ skills: ['vaccine'] })
          .where(eq(nurses.id, nurseId)),
      () => t.app.db.delete(nurseShifts).where(eq(nurseShifts.nurseId, nurseId)),
      () => t.app.db.delete(nurseSectors).where(eq(nurseSectors.nurseId, nurseId)),
    ];
    for (const attempt of attempts) {
      const error = await attempt().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(sqlStateOf(error)).toBe('VR001');
    }
    // A past visit, a cancelled one's lapsed hold, or one kept with her do not hold her roster.
    await t.app.db.update(visits).set({ keptOffRoster: true }).where(eq(visits.id, visitId));
    await t.app.db.insert(nurseDaysOff).values({ nurseId, day: date });
    expect(await t.app.db.select().from(nurseDaysOff).where(eq(nurseDaysOff.nurseId, nurseId))).toHaveLength(
      1,
    );
  });

  it('gives her an extra shift on a date: the roster offers it, and losing it never orphans a visit', async () => {
    const date = addDays(today(), 5);
    const weekday = isoWeekday(date);
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [
      { shifts: [[weekday, '08:00', '12:00']] },
    ]);
    const nurseId = nurseIds[0] ?? 0;
    const detail = (await call('GET', `/nurses/${nurseId}`)).json() as Detail;
    expect(detail.extra_shifts).toEqual([]);
    const extra = { date, starts_at: '15:00', ends_at: '18:00' };
    const saved = await call('PUT', `/nurses/${nurseId}`, bodyOf(detail, { extra_shifts: [extra] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Detail).extra_shifts).toEqual([extra]);
    // Kept on the sector's clock, and read by the roster with her weekly shifts.
    const [row] = await t.app.db.select().from(nurseExtraShifts).where(eq(nurseExtraShifts.nurseId, nurseId));
    expect(row).toMatchObject({ day: date, startsAt: '15:00', endsAt: '18:00', timeZone: SANTIAGO });
    const [onRoster] = await findSectorNurses(t.app.db, sectorId, ['lab'], { from: date, to: date });
    expect(onRoster?.extra_shifts).toEqual([{ ...extra, time_zone: SANTIAGO }]);
    // A save that leaves her extra shifts out does not touch them.
    const untouched = await call('PUT', `/nurses/${nurseId}`, bodyOf(detail, { phone: '+56 9 4444 5555' }));
    expect((untouched.json() as Detail).extra_shifts).toEqual([extra]);

    // A 16:00 visit lives in the extra shift: taking it away (or shortening it) is refused.
    const { visitId } = await visitOf(sectorId, nurseId, date, 16);
    for (const extraShifts of [[], [{ ...extra, ends_at: '16:00' }]]) {
      const change = bodyOf(detail, { extra_shifts: extraShifts });
      const impact = await call('POST', `/nurses/${nurseId}/impact`, change);
      expect(
        (impact.json() as { visits: Array<{ visit_id: string }> }).visits.map((visit) => visit.visit_id),
      ).toEqual([visitId]);
      const refused = await call('PUT', `/nurses/${nurseId}`, change);
      expect(refused.statusCode).toBe(409);
      expect((refused.json() as { err: string }).err).toBe(ERRORS.CONSOLE_NURSE_VISITS_AFFECTED.err);
    }
    // The database refuses it whoever writes.
    for (const attempt of [
      () => t.app.db.delete(nurseExtraShifts).where(eq(nurseExtraShifts.nurseId, nurseId)),
      () =>
        t.app.db
          .update(nurseExtraShifts)
          .set({ endsAt: '16:00' })
          .where(eq(nurseExtraShifts.nurseId, nurseId)),
    ]) {
      const error = await attempt().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(sqlStateOf(error)).toBe('VR001');
    }
    // A longer extra shift that still holds the visit saves; so does removing it once the visit is kept.
    const longer = await call(
      'PUT',
      `/nurses/${nurseId}`,
      bodyOf(detail, { extra_shifts: [{ ...extra, starts_at: '14:00' }] }),
    );
    expect(longer.statusCode, longer.body).toBe(200);
    const kept = await call(
      'PUT',
      `/nurses/${nurseId}`,
      bodyOf(detail, { extra_shifts: [], keep_visit_ids: [visitId] }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as Detail).extra_shifts).toEqual([]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(nurseId)), eq(auditLog.action, 'nurse.updated')))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(audit?.before).toMatchObject({ extra_shifts: [`${date} 14:00-18:00`] });
    expect(audit?.after).toMatchObject({ extra_shifts: [], kept_visits: [visitId] });
  });

  it('refuses an extra shift in the past, over a year ahead, on her day off, or overlapping another', async () => {
    const { nurseIds } = await createFixtureSector(t.app.db, [{}]);
    const nurseId = nurseIds[0] ?? 0;
    const dayOff = addDays(today(), 6);
    await t.app.db.insert(nurseDaysOff).values({ nurseId, day: dayOff });
    const detail = (await call('GET', `/nurses/${nurseId}`)).json() as Detail;
    const shift = (date: string, starts_at = '15:00', ends_at = '18:00') => ({ date, starts_at, ends_at });
    const refusals: Array<[unknown[], { err: string; msg: string }]> = [
      [[shift(addDays(today(), -1))], ERRORS.CONSOLE_NURSE_EXTRA_SHIFT_PAST],
      [[shift(addDays(today(), 400))], ERRORS.CONSOLE_NURSE_EXTRA_SHIFT_FAR],
      [[shift(dayOff)], ERRORS.CONSOLE_NURSE_EXTRA_SHIFT_DAY_OFF],
    ];
    for (const [extraShifts, error] of refusals) {
      const answer = await call('PUT', `/nurses/${nurseId}`, bodyOf(detail, { extra_shifts: extraShifts }));
      expect(answer.statusCode, JSON.stringify(extraShifts)).toBe(400);
      expect(answer.json()).toEqual({ err: error.err, msg: error.msg });
    }
    const date = addDays(today(), 7);
    const invalid: Array<[unknown[], string]> = [
      [
        [shift(date, '15:00', '19:00'), shift(date, '18:00', '20:00')],
        'Dos turnos extra del mismo día se superponen.',
      ],
      [[shift(date, '15:00', '15:30')], 'Un turno dura al menos una hora y termina después de empezar.'],
      [[shift('2026-02-30')], 'La fecha debe ser una fecha válida, AAAA-MM-DD.'],
      [[shift(date, '3pm', '18:00')], 'La hora de inicio debe tener el formato HH:MM.'],
    ];
    for (const [extraShifts, message] of invalid) {
      const answer = await call('PUT', `/nurses/${nurseId}`, bodyOf(detail, { extra_shifts: extraShifts }));
      expect(answer.statusCode, JSON.stringify(extraShifts)).toBe(400);
      expect((answer.json() as { msg: string }).msg, JSON.stringify(extraShifts)).toContain(message);
    }
    expect(
      await t.app.db.select().from(nurseExtraShifts).where(eq(nurseExtraShifts.nurseId, nurseId)),
    ).toEqual([]);
  });

  it('gives a day off back, and refuses a day that was not off', async () => {
    const date = addDays(today(), 4);
    const { nurseIds } = await createFixtureSector(t.app.db, [{}]);
    const nurseId = nurseIds[0] ?? 0;
    await t.app.db.insert(nurseDaysOff).values({ nurseId, day: date });
    expect(((await call('GET', `/nurses/${nurseId}`)).json() as Detail).days_off).toEqual([date]);
    const back = await call('DELETE', `/nurses/${nurseId}/days-off/${date}`);
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as Detail).days_off).toEqual([]);
    const again = await call('DELETE', `/nurses/${nurseId}/days-off/${date}`);
    expect(again.statusCode).toBe(404);
    expect((again.json() as { err: string }).err).toBe(ERRORS.CONSOLE_NURSE_DAY_OFF_NOT_FOUND.err);
    expect((await call('GET', '/nurses/999999')).statusCode).toBe(404);
    expect((await call('GET', '/nurses/abc')).statusCode).toBe(400);
  });

  it('keeps the nurses to admins and coordinators', async () => {
    for (const role of ['finance', 'partner'] as const) {
      const { headers } = await consoleSessionFor(t.app, {
        role,
        ...(role === 'partner' ? { clientId: 'demo' } : {}),
      });
      expect((await call('GET', '/nurses', undefined, headers)).statusCode).toBe(403);
    }
    const admin = (await consoleSessionFor(t.app, { role: 'admin' })).headers;
    expect((await call('GET', '/nurses', undefined, admin)).statusCode).toBe(200);
  });
});
