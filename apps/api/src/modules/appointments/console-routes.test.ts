import * as ERRORS from '@visita/domain/contract/api-errors';
import { addDays } from '@visita/domain/availability';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { appointments, auditLog, outboxEvents, payments } from '../../db/schema.ts';
import { foldSearchText } from '../../search-text.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { localParts } from '../scheduling/blocks.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from '../scheduling/test-fixtures.ts';
import { confirmAppointment, pricedAtConfirmation } from './confirmation.ts';
import { encodeCursor } from './console-search.ts';

type Headers = Record<string, string>;
interface Summary {
  id: string;
  code: string;
  client_id: string;
  status: string;
  payment_status: string | null;
  begin_date: string | null;
  patient_name: string | null;
  patients: number;
  total: number;
}

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

describe.each(TEST_ENGINES)('the console appointments on $name', (engine) => {
  let t: TestApp;
  let sectorId: number;
  let admin: Headers;
  const inDays = (days: number) => addDays(localParts(new Date(), SANTIAGO).date, days);
  let hour = 6;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ sectorId } = await createFixtureSector(t.app.db, [{}, {}]));
    admin = (await consoleSessionFor(t.app, { role: 'admin' })).headers;
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, headers: Headers = admin) => t.app.inject({ method: 'GET', url, headers });
  const search = async (query: Record<string, string>, headers: Headers = admin) => {
    const response = await get(`/api/console/appointments?${new URLSearchParams(query)}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { results: Summary[]; next_cursor: string | null };
  };
  const ids = (answer: { results: Summary[] }) => answer.results.map((row) => row.id);

  /** An appointment with these patients on `clientId`: its patients saved as finalise saves them. */
  async function booked(patients: StoredCartPatient[], clientId = 'demo') {
    const booking = await createFixtureAppointment(t.app.db, sectorId);
    await t.app.db.update(appointments).set({ clientId, patients }).where(eq(appointments.id, booking.id));
    return booking;
  }

  /** booked, then its block held through the API and confirmed: a visit on `date` (Santiago). */
  async function confirmed(patients: StoredCartPatient[], date: string, clientId = 'demo', at = hour++) {
    const booking = await booked(patients, clientId);
    const pad = (n: number) => String(n).padStart(2, '0');
    const held = await t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${booking.id}/schedule/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
      payload: { begin_date: `${date} ${pad(at)}:00:00`, end_date: `${date} ${pad(at + 1)}:00:00` },
    });
    expect(held.statusCode, held.body).toBe(200);
    await confirmAppointment(
      t.app.db,
      booking.id,
      {
        paymentMethod: 'credit_card',
        paymentGateway: 'Sandbox',
        paymentStatus: 'Payment Successful',
      },
      pricedAtConfirmation(await t.app.catalogue(), new Date()),
    );
    return booking;
  }

  it('folds names in SQL exactly as the TypeScript search does', async () => {
    const names = [
      'José Ñúñez',
      'MARÍA-JOSÉ Peña',
      'Ångström Çelik',
      'Zoë  Brontë',
      "D'Alessandro Müller",
      'Łukasz Øster ß',
      'ÉLODIE Ìñigo',
    ];
    for (const name of names) {
      const [row] = await queryRows<{ folded: string }>(
        t.app.db,
        sql`select visita_fold_search(${name}) as folded`,
      );
      expect(row?.folded, name).toBe(foldSearchText(name));
    }
  });

  it("keeps an appointment's terms in step with its patients", async () => {
    const booking = await booked([
      patient({
        first_name: 'José Ignacio',
        last_name: 'Ñúñez',
        document_number: '12.345.678-K',
        email: ' Jose.Nunez@Correo.CL ',
        phone: '+56 9 8765 4321',
      }),
    ]);
    const terms = async () =>
      (
        await queryRows<{ term: string }>(
          t.app.db,
          sql`select term from appointment_search_terms where appointment_id = ${booking.id}::uuid order by term`,
        )
      ).map((row) => row.term);
    expect(await terms()).toEqual(
      [
        'jose',
        'ignacio',
        'nunez',
        '12345678k',
        'jose.nunez@correo.cl',
        '56987654321',
        '6987654321',
        '987654321',
        '87654321',
      ].sort(),
    );
    await t.app.db
      .update(appointments)
      .set({ patients: [patient({ first_name: 'Ana', last_name: 'Soto', email: null, phone: null })] })
      .where(eq(appointments.id, booking.id));
    expect(await terms()).toEqual(['111111111', 'ana', 'soto']);
  });

  it('finds an appointment by RUT with or without dots, by accent-blind name, e-mail, phone and code', async () => {
    const target = await confirmed(
      [
        patient({
          first_name: 'Íñigo',
          second_name: 'Andrés',
          last_name: 'Zúñiga',
          second_last_name: 'Ortúzar',
          document_number: '15.678.901-2',
          email: 'inigo_zuniga@ejemplo.cl',
          phone: '+56 9 5555 1234',
        }),
      ],
      inDays(5),
    );
    const other = await booked([
      patient({ first_name: 'Íñigo', last_name: 'Lagos', document_number: '9.876.543-3' }),
    ]);

    for (const q of ['15.678.901-2', '156789012', '15678901-2', '15.678'])
      expect(ids(await search({ q })), q).toEqual([target.id]);
    for (const q of ['inigo zuniga', 'IÑIGO ZÚÑIGA', 'zun ort', 'Andres Zuniga'])
      expect(ids(await search({ q })), q).toEqual([target.id]);
    expect(ids(await search({ q: 'íñigo' }))).toEqual(expect.arrayContaining([target.id, other.id]));
    for (const q of ['inigo_zuniga@ejemplo.cl', 'INIGO_ZUNIGA@', 'inigo_z'])
      expect(ids(await search({ q })), q).toEqual([target.id]);
    // '_' is no wildcard: a near miss finds nothing.
    expect(ids(await search({ q: 'inigoxzuniga@' }))).toEqual([]);
    for (const q of ['+56 9 5555 1234', '955551234', '5555 1234', '56955551234'])
      expect(ids(await search({ q })), q).toEqual([target.id]);
    const code = target.id.slice(0, 8).toUpperCase();
    expect(ids(await search({ q: code }))).toEqual([target.id]);
    expect(ids(await search({ q: code.toLowerCase() }))).toEqual([target.id]);
    expect(ids(await search({ q: target.id }))).toEqual([target.id]);

    const [row] = (await search({ q: target.id })).results;
    expect(row).toMatchObject({
      code,
      client_id: 'demo',
      status: 'confirmed',
      payment_status: 'Payment Successful',
      patient_name: 'Íñigo Zúñiga',
      patients: 1,
    });
    expect(row?.begin_date).toMatch(new RegExp(`^${inDays(5)}T`));
    expect(row?.total).toBeGreaterThan(0);
  });

  it('filters by partner, visit day, status and payment status', async () => {
    const tag = 'Filtrado';
    const day = inDays(9);
    const onDay = await confirmed([patient({ last_name: tag })], day);
    const otherDay = await confirmed([patient({ last_name: tag })], inDays(10));
    const pending = await booked([patient({ last_name: tag })]);
    const mx = await booked([patient({ last_name: tag })], 'demo-mx');
    await t.app.db
      .update(appointments)
      .set({ paymentStatus: 'Payment Pending' })
      .where(eq(appointments.id, pending.id));

    const sorted = (list: string[]) => [...list].sort();
    expect(sorted(ids(await search({ q: tag })))).toEqual(sorted([onDay.id, otherDay.id, pending.id, mx.id]));
    expect(sorted(ids(await search({ q: tag, client_id: 'demo' })))).toEqual(
      sorted([onDay.id, otherDay.id, pending.id]),
    );
    expect(ids(await search({ q: tag, client_id: 'demo-mx' }))).toEqual([mx.id]);
    expect(ids(await search({ q: tag, from: day, to: day }))).toEqual([onDay.id]);
    expect(sorted(ids(await search({ q: tag, from: day })))).toEqual(sorted([onDay.id, otherDay.id]));
    expect(ids(await search({ q: tag, to: inDays(8) }))).toEqual([]);
    expect(sorted(ids(await search({ q: tag, status: 'confirmed' })))).toEqual(
      sorted([onDay.id, otherDay.id]),
    );
    expect(ids(await search({ q: tag, payment_status: 'Payment Pending' }))).toEqual([pending.id]);
    expect(ids(await search({ q: tag, status: 'cancelled' }))).toEqual([]);
  });

  it("searches a span of days by each visit's own day, a page at a time, with the filters", async () => {
    const first = inDays(20);
    const second = inDays(21);
    const early = await confirmed([patient({ last_name: 'Dia' })], first);
    // 22:00 in Santiago is the next day in UTC: still `first`'s visit.
    const evening = await confirmed([patient({ last_name: 'Dia' })], first, 'demo', 22);
    const next = await confirmed([patient({ last_name: 'Dia' })], second);
    const cancelled = await confirmed([patient({ last_name: 'Dia' })], second, 'demo-mx');
    await t.app.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, cancelled.id));
    const newestFirst = [cancelled.id, next.id, evening.id, early.id];

    const walk = async (query: Record<string, string>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const answer = await search({ ...query, limit: '1', ...(cursor ? { cursor } : {}) });
        seen.push(...ids(answer));
        cursor = answer.next_cursor;
      } while (cursor && seen.length < 10);
      return seen;
    };
    expect(await walk({ from: first, to: second })).toEqual(newestFirst);
    expect(ids(await search({ from: first, to: first }))).toEqual([evening.id, early.id]);
    expect(ids(await search({ from: second, to: second, status: 'cancelled' }))).toEqual([cancelled.id]);
    expect(await walk({ from: first, to: second, client_id: 'demo' })).toEqual(newestFirst.slice(1));
    expect(ids(await search({ from: second, to: first }))).toEqual([]);

    // A day's order follows its appointments' creation, whenever it changes.
    await t.app.db
      .update(appointments)
      .set({ createdAt: new Date(Date.now() + 86_400_000) })
      .where(eq(appointments.id, early.id));
    expect(ids(await search({ from: first, to: second, limit: '1' }))).toEqual([early.id]);
  });

  it("reads a visit's day on its country's clock as the domain does when it has no sector", async () => {
    for (const [country, zone] of Object.entries(COUNTRY_TIME_ZONES)) {
      for (const instant of ['2026-06-01T02:30:00Z', '2026-12-31T23:30:00Z', '2027-01-01T05:59:00Z']) {
        const [row] = await queryRows<{ day: string }>(
          t.app.db,
          sql`select visit_local_day(${instant}::timestamptz, null, ${country})::text as day`,
        );
        expect(row?.day, `${country} ${instant}`).toBe(localParts(new Date(instant), zone).date);
      }
    }
  });

  it('pages newest first without overlap, ties broken by id, and ends with next_cursor null', async () => {
    const tag = 'Paginado';
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await booked([patient({ last_name: tag })])).id);
    // Three created at the same instant: the id orders them.
    await t.app.db
      .update(appointments)
      .set({ createdAt: new Date('2026-01-01T12:00:00.123Z') })
      .where(
        sql`${appointments.id} in (${sql.join(
          made.slice(2, 5).map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await search({ q: tag, limit: '3', ...(cursor ? { cursor } : {}) });
      expect(answer.results.length).toBeLessThanOrEqual(3);
      seen.push(...ids(answer));
      cursor = answer.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(new Set(seen)).toEqual(new Set(made));
    // created_at to the microsecond, as the database orders it: a JS Date keeps milliseconds, and
    // two appointments made within one of them would look tied here and not there.
    const rows = await t.app.db
      .select({
        id: appointments.id,
        createdAt: sql<string>`to_char(${appointments.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
      })
      .from(appointments);
    const created = new Map(rows.map((row) => [row.id, row.createdAt]));
    const expected = [...made].sort((a, b) => {
      const [first = '', second = ''] = [created.get(a), created.get(b)];
      return first === second ? (a < b ? 1 : -1) : first < second ? 1 : -1;
    });
    expect(seen).toEqual(expected);
    // Exactly a page's worth: the last page says so at once.
    const exact = await search({ q: tag, limit: '7' });
    expect(exact.results).toHaveLength(7);
    expect(exact.next_cursor).toBeNull();
  });

  it('refuses a malformed cursor and other bad input with 400', async () => {
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('{"c":"yesterday","i":"x"}').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      "' or 1=1 --",
    ]) {
      const response = await get(`/api/console/appointments?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({
        err: ERRORS.CONSOLE_INVALID_CURSOR.err,
        msg: ERRORS.CONSOLE_INVALID_CURSOR.msg,
      });
    }
    const forged = encodeCursor({
      createdAt: '2026-01-01T00:00:00.000000Z',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect((await get(`/api/console/appointments?cursor=${forged}`)).statusCode).toBe(200);
    for (const query of ['limit=0', 'limit=1000', 'status=lost', 'from=2026-13-40', `q=${'x'.repeat(200)}`]) {
      const response = await get(`/api/console/appointments?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
    }
    // Text that looks like SQL or a LIKE pattern is only text.
    for (const q of ["'; drop table appointments; --", '%', '_%_', '\\'])
      expect(ids(await search({ q })), q).toEqual([]);
    expect((await get('/api/console/appointments/not-a-uuid')).statusCode).toBe(400);
  });

  it("shows an appointment's page: visit, patients and items, amounts, payments and messages", async () => {
    const booking = await confirmed(
      [
        patient({
          first_name: 'Carla',
          second_name: 'Inés',
          last_name: 'Detalle',
          second_last_name: 'Pérez',
        }),
        patient({
          first_name: 'Tomás',
          last_name: 'Detalle',
          document_number: '22.222.222-2',
          items: [ID.hemograma],
        }),
      ],
      inDays(6),
    );
    await t.app.db.insert(payments).values({
      appointmentId: booking.id,
      idempotencyKey: 'console-test',
      gateway: 'sandbox',
      method: 'visa',
      gatewayPaymentId: 'sandbox-42',
      status: 'refunded',
      amount: 15_000,
      currency: 'CLP',
    });
    await t.app.db.insert(outboxEvents).values({
      topic: 'appointment.confirmed',
      channel: 'webhook',
      clientId: 'demo',
      appointmentId: booking.id,
      payload: {},
      attempts: 2,
      deliveredAt: new Date(),
    });
    const response = await get(`/api/console/appointments/${booking.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: booking.id,
      code: booking.id.slice(0, 8).toUpperCase(),
      status: 'confirmed',
      patients: 2,
      patient_name: 'Carla Detalle',
      commune: 'Las Condes',
      nurse: { id: expect.any(String), name: expect.any(String) },
      sector: { id: String(sectorId), name: 'Sector de prueba' },
      patients_detail: [
        {
          first_name: 'Carla Inés',
          last_name: 'Detalle Pérez',
          document: '11.111.111-1',
          email: 'valentina@correo.cl',
          phone: '+56 9 1111 1111',
          items: [{ id: ID.glicemia, name: expect.stringMatching(/Glicemia/i), price: expect.any(Number) }],
        },
        { first_name: 'Tomás', items: [{ id: ID.hemograma, price: expect.any(Number) }] },
      ],
      payments: [
        {
          status: 'refunded',
          method: 'visa',
          gateway: 'sandbox',
          gateway_id: 'sandbox-42',
          amount: 15_000,
          refunded_amount: 15_000,
        },
      ],
      messages: expect.arrayContaining([
        expect.objectContaining({
          channel: 'webhook',
          topic: 'appointment.confirmed',
          attempts: 2,
          failed_at: null,
        }),
        expect.objectContaining({ channel: 'email', topic: 'appointment.confirmed', delivered_at: null }),
      ]),
    });
    expect(body.begin_date).toMatch(new RegExp(`^${inDays(6)}T`));
    const itemsTotal = (body.patients_detail as { items: { price: number }[] }[])
      .flatMap((p) => p.items)
      .reduce((sum, item) => sum + item.price, 0);
    expect(body.patients_detail[0].items[0].price).toBeGreaterThan(0);
    expect(body.amounts.total).toBeGreaterThanOrEqual(itemsTotal);
    expect(body.total).toBe(body.amounts.total);
  });

  it("tells an appointment's history newest first: changes, statuses, payments and messages", async () => {
    const booking = await confirmed([patient({ last_name: 'Historia' })], inDays(7));
    await t.app.db.insert(auditLog).values({
      actor: 'console:someone (alguien@operadores.test)',
      action: 'appointment.note_added',
      entityType: 'appointment',
      entityId: booking.id,
      partnerId: 'demo',
      after: { note: 'Llamar antes' },
      at: new Date(Date.now() + 60_000),
    });
    const response = await get(`/api/console/appointments/${booking.id}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().results as {
      at: string;
      kind: string;
      action: string;
      actor: string | null;
    }[];
    expect(results[0]).toMatchObject({
      kind: 'audit',
      action: 'appointment.note_added',
      actor: expect.stringMatching(/^console:/),
    });
    expect(results.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['appointment.created', 'appointment.confirmed']),
    );
    expect(results.at(-1)).toMatchObject({ kind: 'status', action: 'appointment.created' });
    const times = results.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers 404 for an unknown appointment', async () => {
    const unknown = '3f0b9a52-0000-4000-8000-000000000000';
    for (const url of [
      `/api/console/appointments/${unknown}`,
      `/api/console/appointments/${unknown}/history`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ err: ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND.err });
    }
  });

  it("confines a partner operator to its partner's appointments", async () => {
    const own = await booked([patient({ last_name: 'Socia' })], 'demo');
    const another = await booked([patient({ last_name: 'Socia' })], 'demo-mx');
    const partner = (await consoleSessionFor(t.app, { role: 'partner', clientId: 'demo' })).headers;

    expect(ids(await search({ q: 'socia' }, partner))).toEqual([own.id]);
    expect(ids(await search({ q: 'socia', client_id: 'demo' }, partner))).toEqual([own.id]);
    expect(ids(await search({ q: another.id }, partner))).toEqual([]);
    const foreignFilter = await get('/api/console/appointments?client_id=demo-mx', partner);
    expect(foreignFilter.statusCode).toBe(403);
    expect(foreignFilter.json()).toMatchObject({ err: ERRORS.CONSOLE_FORBIDDEN_PARTNER.err });

    expect((await get(`/api/console/appointments/${own.id}`, partner)).statusCode).toBe(200);
    expect((await get(`/api/console/appointments/${own.id}/history`, partner)).statusCode).toBe(200);
    for (const url of [
      `/api/console/appointments/${another.id}`,
      `/api/console/appointments/${another.id}/history`,
    ]) {
      const response = await get(url, partner);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ err: ERRORS.CONSOLE_FORBIDDEN_PARTNER.err });
    }
    // The admin sees both.
    expect(new Set(ids(await search({ q: 'socia' })))).toEqual(new Set([own.id, another.id]));
  });

  it('lets every role with appointments.read read, and nobody without a session', async () => {
    const booking = await booked([patient({ last_name: 'Roles' })]);
    for (const role of ['coordinator', 'finance'] as const) {
      const headers = (await consoleSessionFor(t.app, { role })).headers;
      expect(ids(await search({ q: 'roles' }, headers)), role).toEqual([booking.id]);
      expect((await get(`/api/console/appointments/${booking.id}`, headers)).statusCode, role).toBe(200);
      expect((await get(`/api/console/appointments/${booking.id}/history`, headers)).statusCode, role).toBe(
        200,
      );
    }
    for (const url of [
      '/api/console/appointments',
      `/api/console/appointments/${booking.id}`,
      `/api/console/appointments/${booking.id}/history`,
    ]) {
      const response = await get(url, {});
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ err: ERRORS.CONSOLE_NOT_SIGNED_IN.err });
    }
    // A session still waiting for its second factor may not read appointments.
    const pending = (await consoleSessionFor(t.app, { role: 'coordinator', stage: 'mfa_pending' })).headers;
    const early = await get('/api/console/appointments', pending);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ err: ERRORS.CONSOLE_STEP_PENDING.err });
  });
});
