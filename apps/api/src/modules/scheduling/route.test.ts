import { addDays } from '@visita/domain/availability';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { auditLog, outboxEvents, visits } from '../../db/schema.ts';
import { distanceMetres } from '../../adapters/geocoders/gazetteer.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { localParts, localToInstant } from './blocks.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from './test-fixtures.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

type Headers = Record<string, string>;
interface Route {
  date: string;
  nurses: Array<{
    id: string;
    name: string;
    visits: string[];
    legs: Array<{ from: string; to: string; meters: number }>;
    meters: number;
  }>;
  meters: number;
  plan: {
    meters: number;
    saved_meters: number;
    moves: Array<{
      appointment_id: string;
      code: string;
      start: string;
      from_nurse: { id: string; name: string };
      to_nurse: { id: string; name: string };
    }>;
  };
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

/** Two corners of the fixture sector's square, about 12.6 km apart. */
const NEAR = { lat: 0.01, lng: 0.01 };
const FAR = { lat: 0.09, lng: 0.09 };
const APART = distanceMetres(NEAR, FAR);

describe.each(TEST_ENGINES)('the day’s travel in the console on $name', (engine) => {
  let t: TestApp;
  let coordinator: Headers;
  let sectorId: number;
  let first: number;
  let second: number;
  let vaccinesOnly: number;
  const date = () => addDays(localParts(new Date(), SANTIAGO).date, 1);

  beforeAll(async () => {
    t = await createTestApp(engine);
    coordinator = (await consoleSessionFor(t.app, { role: 'coordinator' })).headers;
    let nurseIds: number[];
    ({ sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}, { skills: ['vaccine'] }]));
    [first = 0, second = 0, vaccinesOnly = 0] = nurseIds;
  }, 60_000);
  afterAll(() => t?.close());

  async function visitAt(nurseId: number, hour: number, point: { lat: number; lng: number }) {
    const booking = await createFixtureAppointment(t.app.db, sectorId, point);
    await setConfirmed(t.app.db, booking.id, {
      clientId: 'demo',
      patients: [patient],
      paymentStatus: 'Payment Successful',
    });
    const start = localToInstant(date(), hour * 60, SANTIAGO) ?? 0;
    await t.app.db.insert(visits).values({
      appointmentId: booking.id,
      nurseId,
      blockStart: new Date(start),
      blockEnd: new Date(start + 3_600_000),
      status: 'confirmed',
    });
    return booking.id;
  }

  const route = (query: Record<string, string>, headers: Headers = coordinator) =>
    t.app.inject({ method: 'GET', url: `/api/console/agenda/route?${new URLSearchParams(query)}`, headers });
  const apply = (body: Record<string, unknown>, headers: Headers = coordinator) =>
    t.app.inject({ method: 'POST', url: '/api/console/agenda/route', headers, payload: body });
  const nurseOf = async (appointmentId: string) =>
    (await t.app.db.select().from(visits).where(eq(visits.appointmentId, appointmentId)))[0]?.nurseId;

  it('shows each nurse’s legs, proposes the trade that shortens the day, applies it without moving a time', async () => {
    // The first nurse goes near → far → near; the second far → near → far.
    const a = [await visitAt(first, 9, NEAR), await visitAt(first, 10, FAR), await visitAt(first, 11, NEAR)];
    const b = [
      await visitAt(second, 9, FAR),
      await visitAt(second, 10, NEAR),
      await visitAt(second, 11, FAR),
    ];
    const query = { sector_id: String(sectorId), date: date() };
    const response = await route(query);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Route;
    expect(answer.meters).toBe(Math.round(4 * APART));
    const firstRow = answer.nurses.find((nurse) => nurse.id === String(first));
    expect(firstRow?.visits).toHaveLength(3);
    expect(firstRow?.legs.map((leg) => leg.meters)).toEqual([Math.round(APART), Math.round(APART)]);
    expect(firstRow?.legs[0]?.from).toBe(a[0]?.slice(0, 8).toUpperCase());
    expect(answer.plan.meters).toBe(0);
    expect(answer.plan.saved_meters).toBe(Math.round(4 * APART));
    expect(answer.plan.moves.length).toBeGreaterThan(0);
    const startOf = async (id: string) =>
      (await t.app.db.select().from(visits).where(eq(visits.appointmentId, id)))[0]?.blockStart.getTime();
    const startsBefore = await Promise.all([...a, ...b].map(startOf));

    const moves = answer.plan.moves.map((move) => ({
      appointment_id: move.appointment_id,
      from_nurse_id: move.from_nurse.id,
      to_nurse_id: move.to_nurse.id,
    }));
    const applied = await apply({ ...query, moves });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ moved: moves.length });
    for (const move of moves) expect(await nurseOf(move.appointment_id)).toBe(Number(move.to_nurse_id));
    // Nobody's time moved.
    expect(await Promise.all([...a, ...b].map(startOf))).toEqual(startsBefore);
    const after = (await route(query)).json() as Route;
    expect(after.meters).toBe(0);
    expect(after.plan.moves).toEqual([]);
    // The patients keep their time: nobody is e-mailed; each move is audited.
    const moved = moves[0]?.appointment_id ?? '';
    const emails = await t.app.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.appointmentId, moved), eq(outboxEvents.channel, 'email')));
    expect(emails).toEqual([]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, moved), eq(auditLog.action, 'appointment.moved')));
    expect(audit?.after).toMatchObject({ nurse_id: moves[0]?.to_nurse_id, reason: 'route_plan' });

    // The same plan again: the day changed since, nothing moves.
    const stale = await apply({ ...query, moves });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().err).toBe('route-changed');
    expect(await nurseOf(moved)).toBe(Number(moves[0]?.to_nurse_id));
    // A nurse who may not take the visit is refused whole.
    const unqualified = await apply({
      ...query,
      moves: [
        {
          appointment_id: a[0],
          from_nurse_id: String(await nurseOf(a[0] ?? '')),
          to_nurse_id: String(vaccinesOnly),
        },
      ],
    });
    expect(unqualified.statusCode).toBe(409);
    expect(await nurseOf(a[0] ?? '')).not.toBe(vaccinesOnly);
  });

  it('refuses bad input, an unknown sector and roles without the permission', async () => {
    for (const query of [
      { sector_id: 'x', date: date() },
      { sector_id: String(sectorId), date: 'mañana' },
      {},
    ])
      expect((await route(query as Record<string, string>)).statusCode, JSON.stringify(query)).toBe(400);
    const unknown = await route({ sector_id: '999999', date: date() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().err).toBe('sector-not-found');
    const empty = await apply({ sector_id: String(sectorId), date: date(), moves: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('No hay cambios que aplicar.');
    const finance = (await consoleSessionFor(t.app, { role: 'finance' })).headers;
    expect((await route({ sector_id: String(sectorId), date: date() }, finance)).statusCode).toBe(403);
    expect(
      (
        await apply(
          {
            sector_id: String(sectorId),
            date: date(),
            moves: [
              {
                appointment_id: '00000000-0000-4000-8000-000000000000',
                from_nurse_id: '1',
                to_nurse_id: '2',
              },
            ],
          },
          finance,
        )
      ).statusCode,
    ).toBe(403);
  });
});
