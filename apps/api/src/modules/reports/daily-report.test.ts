import * as ERRORS from '@visita/domain/contract/api-errors';
import { CONSOLE_REPORT_MAX_DAYS } from '@visita/domain/contract/console-reports';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, payments } from '../../db/schema.ts';
import { consoleSessionsByRole, type ConsoleCredentials } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createFixtureAppointment, createFixtureSector } from '../scheduling/test-fixtures.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

/** Days of their own, far from anything else the database holds. */
const DAY = '2031-05-12';
const NEXT = '2031-05-13';
/** Santiago is UTC-4 in May, Mexico City UTC-6. */
const at = (iso: string) => new Date(iso);

const UNO = 'reportes-uno';
const DOS = 'reportes-dos';
const MX = 'reportes-mx';
const FORMULA_NAME = '=HYPERLINK("https://malo.example","Clic")';

type Payment = {
  status: 'approved' | 'cash' | 'refunded' | 'company_billed' | 'rejected' | 'processing';
  gateway: string;
  amount: number;
  createdAt: Date;
  updatedAt?: Date;
};

describe.each(TEST_ENGINES)('the daily report per partner on $name', (engine) => {
  let t: TestApp;
  let admin: ConsoleCredentials;
  let finance: ConsoleCredentials;
  let coordinator: ConsoleCredentials;
  let partner: ConsoleCredentials;
  let n = 0;

  /** A booking of `clientId` in the sector, confirmed (or not) when given, with its payments. */
  async function booking(
    sectorId: number,
    clientId: string,
    {
      country = 'cl' as 'cl' | 'mx',
      confirmedAt = null as Date | null,
      cancelledAt = null as Date | null,
      discount = null as number | null,
      paid = [] as Payment[],
    } = {},
  ) {
    const { id } = await createFixtureAppointment(t.app.db, sectorId, { country });
    await t.app.db
      .update(appointments)
      .set({
        clientId,
        amounts: discount === null ? null : { subtotal: 20_000, discount, iva: 0, total: 20_000 - discount },
      })
      .where(eq(appointments.id, id));
    for (const payment of paid)
      await t.app.db.insert(payments).values({
        appointmentId: id,
        idempotencyKey: `report-${n++}`,
        gateway: payment.gateway,
        method: payment.gateway === 'sandbox' ? 'visa' : 'In address',
        status: payment.status,
        amount: payment.amount,
        currency: country === 'cl' ? 'CLP' : 'MXN',
        createdAt: payment.createdAt,
        updatedAt: payment.updatedAt ?? payment.createdAt,
      });
    // Confirmed as a confirmation leaves it: with the quote its payments prove.
    if (confirmedAt) await setConfirmed(t.app.db, id, { confirmedAt });
    if (cancelledAt)
      await t.app.db
        .update(appointments)
        .set({ status: 'cancelled', cancelledAt })
        .where(eq(appointments.id, id));
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { sectorId } = await createFixtureSector(t.app.db, [{}]);
    const mexico = await createFixtureSector(t.app.db, [{}], {
      timeZone: 'America/Mexico_City',
      country: 'mx',
    });
    await t.app.db.insert(clients).values([
      { id: UNO, name: 'Laboratorio Uno', country: 'cl', salesSource: UNO },
      { id: DOS, name: FORMULA_NAME, country: 'cl', salesSource: DOS },
      { id: MX, name: 'Clínica México', country: 'mx', salesSource: MX },
    ]);
    const morning = at(`${DAY}T15:00:00Z`);
    // Paid by card, with a rejected attempt before it.
    await booking(sectorId, UNO, {
      confirmedAt: morning,
      paid: [
        { status: 'rejected', gateway: 'sandbox', amount: 20_000, createdAt: morning },
        { status: 'approved', gateway: 'sandbox', amount: 20_000, createdAt: morning },
      ],
    });
    // To be paid at the address, with a discount the staff recorded.
    await booking(sectorId, UNO, {
      confirmedAt: morning,
      discount: 2_000,
      paid: [{ status: 'cash', gateway: 'Partner', amount: 18_000, createdAt: morning }],
    });
    // The company pays a part, the patient the rest by card.
    await booking(sectorId, UNO, {
      confirmedAt: morning,
      paid: [
        { status: 'company_billed', gateway: 'Company', amount: 30_000, createdAt: morning },
        { status: 'approved', gateway: 'sandbox', amount: 5_000, createdAt: morning },
      ],
    });
    // Paid by card, cancelled the next day and refunded then.
    await booking(sectorId, UNO, {
      confirmedAt: morning,
      cancelledAt: at(`${NEXT}T16:00:00Z`),
      paid: [
        {
          status: 'refunded',
          gateway: 'sandbox',
          amount: 12_000,
          createdAt: morning,
          updatedAt: at(`${NEXT}T16:00:00Z`),
        },
      ],
    });
    // Confirmed at 22:00 in Santiago on the next day (02:00 the day after in UTC).
    await booking(sectorId, UNO, {
      confirmedAt: at(`2031-05-14T02:00:00Z`),
      paid: [{ status: 'cash', gateway: 'Partner', amount: 7_000, createdAt: at(`2031-05-14T02:00:00Z`) }],
    });
    // A hold never confirmed, its card still being charged: nothing to count.
    await booking(sectorId, UNO, {
      paid: [{ status: 'processing', gateway: 'sandbox', amount: 9_999, createdAt: morning }],
    });
    // The day before the range.
    await booking(sectorId, UNO, {
      confirmedAt: at('2031-05-11T15:00:00Z'),
      paid: [
        { status: 'approved', gateway: 'sandbox', amount: 1_111, createdAt: at('2031-05-11T15:00:00Z') },
      ],
    });
    await booking(sectorId, DOS, {
      confirmedAt: morning,
      paid: [{ status: 'approved', gateway: 'sandbox', amount: 9_000, createdAt: morning }],
    });
    // 00:30 of the next day in UTC is still the day in Mexico City.
    await booking(mexico.sectorId, MX, {
      country: 'mx',
      confirmedAt: at(`${NEXT}T00:30:00Z`),
      paid: [{ status: 'approved', gateway: 'sandbox', amount: 850, createdAt: at(`${NEXT}T00:30:00Z`) }],
    });

    ({ admin, coordinator, finance, partner } = await consoleSessionsByRole(t.app, { partnerClientId: UNO }));
  }, 60_000);
  afterAll(() => t?.close());

  const get = (query: string, { headers }: ConsoleCredentials = admin, csv = false) =>
    t.app.inject({ method: 'GET', url: `/api/console/reports/daily${csv ? '.csv' : ''}?${query}`, headers });
  const zero = {
    bookings: 0,
    paid_online: 0,
    to_collect: 0,
    discounts: 0,
    refunds: 0,
    company_billed: 0,
    cancelled: 0,
  };
  const expectedRows = [
    {
      ...zero,
      date: DAY,
      client_id: DOS,
      client_name: FORMULA_NAME,
      currency: 'CLP',
      bookings: 1,
      paid_online: 9_000,
    },
    {
      ...zero,
      date: DAY,
      client_id: MX,
      client_name: 'Clínica México',
      currency: 'MXN',
      bookings: 1,
      paid_online: 850,
    },
    {
      date: DAY,
      client_id: UNO,
      client_name: 'Laboratorio Uno',
      currency: 'CLP',
      bookings: 4,
      paid_online: 37_000,
      to_collect: 18_000,
      discounts: 2_000,
      refunds: 0,
      company_billed: 30_000,
      cancelled: 0,
    },
    {
      ...zero,
      date: NEXT,
      client_id: UNO,
      client_name: 'Laboratorio Uno',
      currency: 'CLP',
      bookings: 1,
      to_collect: 7_000,
      refunds: 12_000,
      cancelled: 1,
    },
  ];
  const query = `from=${DAY}&to=${NEXT}`;

  it('sums each partner’s day: bookings, paid online, to collect, discounts, refunds, company-billed, cancelled', async () => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.rows).toEqual(expectedRows);
    // Chilean and Mexican pesos are never added together.
    expect(report.totals).toEqual([
      {
        currency: 'CLP',
        bookings: 6,
        paid_online: 46_000,
        to_collect: 25_000,
        discounts: 2_000,
        refunds: 12_000,
        company_billed: 30_000,
        cancelled: 1,
      },
      { ...zero, currency: 'MXN', bookings: 1, paid_online: 850 },
    ]);
  });

  it('narrows to one partner, and confines a partner operator to its own', async () => {
    const one = await get(`${query}&client_id=${DOS}`, finance);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().rows).toEqual([expectedRows[0]]);

    const own = await get(query, partner);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().rows.map((row: { client_id: string }) => row.client_id)).toEqual([UNO, UNO]);
    expect((await get(`${query}&client_id=${UNO}`, partner)).statusCode).toBe(200);

    for (const csv of [false, true]) {
      const other = await get(`${query}&client_id=${DOS}`, partner, csv);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({
        err: ERRORS.CONSOLE_FORBIDDEN_PARTNER.err,
        msg: ERRORS.CONSOLE_FORBIDDEN_PARTNER.msg,
      });
    }
    // A coordinator holds no reports.read.
    const refused = await get(query, coordinator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().err).toBe(ERRORS.CONSOLE_FORBIDDEN.err);
  });

  it('exports the same rows as CSV, with Spanish headers, plain integers and formulas neutralised', async () => {
    const response = await get(query, finance, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="informe-diario-${DAY}-a-${NEXT}.csv"`,
    );
    const records = parse(response.body, { bom: true }) as string[][];
    expect(records[0]).toEqual([
      'Fecha',
      'Id del socio',
      'Socio',
      'Moneda',
      'Reservas confirmadas',
      'Pagado en línea',
      'A cobrar en domicilio',
      'Descuentos',
      'Devoluciones',
      'Facturado a empresas',
      'Canceladas',
    ]);
    const rows = records.slice(1);
    expect(rows).toHaveLength(expectedRows.length);
    // A name a spreadsheet would run as a formula is written with a leading apostrophe.
    expect(rows[0]?.[2]).toBe(`'${FORMULA_NAME}`);
    expect(rows).toEqual(
      expectedRows.map((row) => [
        row.date,
        row.client_id,
        row.client_name === FORMULA_NAME ? `'${FORMULA_NAME}` : row.client_name,
        row.currency,
        ...[
          row.bookings,
          row.paid_online,
          row.to_collect,
          row.discounts,
          row.refunds,
          row.company_billed,
          row.cancelled,
        ].map(String),
      ]),
    );
    const own = await get(`${query}&client_id=${UNO}`, partner, true);
    expect(own.headers['content-disposition']).toContain(`informe-diario-${UNO}-${DAY}-a-${NEXT}.csv`);
    expect((parse(own.body, { bom: true }) as string[][]).slice(1).map((row) => row[1])).toEqual([UNO, UNO]);
  });

  it('refuses dates that are not days, a range backwards and one too long, in Spanish', async () => {
    for (const bad of ['from=2031-13-40&to=2031-05-13', 'to=2031-05-13', 'from=ayer&to=hoy']) {
      const response = await get(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ err: 'invalid-request', msg: expect.any(String) });
    }
    const backwards = await get(`from=${NEXT}&to=${DAY}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({
      err: ERRORS.CONSOLE_REPORT_RANGE_INVERTED.err,
      msg: ERRORS.CONSOLE_REPORT_RANGE_INVERTED.msg,
    });
    const long = await get('from=2031-01-01&to=2031-02-01', admin, true);
    expect(long.statusCode).toBe(400);
    const tooLong = ERRORS.consoleReportRangeTooLong(CONSOLE_REPORT_MAX_DAYS);
    expect(long.json()).toEqual({ err: tooLong.err, msg: tooLong.msg });
    // 31 days, the first and the last included, are allowed.
    expect((await get('from=2031-01-01&to=2031-01-31')).statusCode).toBe(200);
  });
});
