/**
 * The daily report per partner (docs/decisions/console-daily-report.md): each figure on the day
 * it happened, on the wall clock of the visit's sector (else the partner's country). The sums are
 * the database's (dailyFigures); what counts as what, the partner's currency, the coupons'
 * discounts the staff did not record and the totals per currency are decided here.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import {
  CONSOLE_REPORT_MAX_DAYS,
  type ConsoleDailyReportRow,
  type consoleDailyReportAnswerSchema,
  type consoleDailyReportTotalSchema,
} from '@visita/domain/contract/console-reports';
import { DEFAULT_PAYMENT_GATEWAY } from '@visita/domain/constants';
import { localeFromCountry } from '@visita/domain/locale';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/database.ts';
import { countryZoneSql } from '../../db/country-zone.ts';
import { fail } from '../../errors.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { summaryQuote } from '../payments/quote.ts';
import { findAppointmentById } from '../appointments/queries.ts';

type DailyReport = z.infer<typeof consoleDailyReportAnswerSchema>;
type DailyReportTotal = z.infer<typeof consoleDailyReportTotalSchema>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Where a card is charged online: the payment gateways' kinds (adapters/payments). */
const ONLINE_GATEWAYS = ['sandbox', 'mercadopago'];
/**
 * Where the money is collected at the address: the `cash` row of a pay-at-home confirmation
 * (the partner's gateway, kept when the console records it collected) and the console's own
 * record of a payment collected there (modules/appointments/console-actions.ts).
 */
const AT_ADDRESS_GATEWAYS = [DEFAULT_PAYMENT_GATEWAY, 'console'];

interface FigureRow {
  client_id: string;
  client_name: string;
  country: string;
  day: string;
  bookings: number | string;
  paid_online: number | string;
  to_collect: number | string;
  discounts: number | string;
  refunds: number | string;
  company_billed: number | string;
  cancelled: number | string;
}

interface CouponBooking {
  id: string;
  client_id: string;
  day: string;
}

interface FigureQuery {
  from: string;
  to: string;
  clientId?: string | undefined;
  onlineGateways: readonly string[];
  atAddressGateways: readonly string[];
}

/** The zone an appointment's day is read in: its sector's, else its country's. */
const zoneOf = sql`coalesce((select s.time_zone from sectors s where s.id = a.sector_id), ${countryZoneSql(sql`a.country`)})`;

/**
 * The instants the local days from `from` to `to` may cover in any zone (UTC-12 to UTC+14): what
 * the indexes narrow to before each instant is read on its wall clock.
 */
function instantsOf(from: string, to: string) {
  return {
    low: new Date(Date.parse(`${from}T00:00:00Z`) - 14 * HOUR_MS).toISOString(),
    high: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS + 12 * HOUR_MS).toISOString(),
  };
}

const inGateways = (gateways: readonly string[]) =>
  sql`p.gateway in (${sql.join(
    gateways.map((gateway) => sql`${gateway}`),
    sql`, `,
  )})`;

/**
 * The sums per partner and local day: bookings confirmed with what their frozen quote leaves to
 * collect at the address and its discount (the staff's where they recorded one), confirmed bookings cancelled (by the cancellation's day), card charges approved (by
 * the attempt's day, refunded later or not), what is to be collected at the address and what
 * the company is billed (by the row's day) and refunds (by the day the charge was given back).
 */
async function dailyFigures(db: Db, query: FigureQuery): Promise<FigureRow[]> {
  const { low, high } = instantsOf(query.from, query.to);
  const partner =
    query.clientId === undefined ? sql`a.client_id is not null` : sql`a.client_id = ${query.clientId}`;
  const dayOf = (instant: string) => sql`(${sql.raw(instant)} at time zone ${zoneOf})::date`;
  const within = (instant: string) =>
    sql`${sql.raw(instant)} >= ${low}::timestamptz and ${sql.raw(instant)} < ${high}::timestamptz`;
  const online = inGateways(query.onlineGateways);
  const atAddress = inGateways(query.atAddressGateways);
  return queryRows<FigureRow>(
    db,
    sql`with events as (
      select a.client_id, ${dayOf('a.confirmed_at')} as day, 1 as bookings, 0::float8 as paid_online,
        coalesce((a.quote#>>'{due,at_address}')::float8, 0) as to_collect,
        coalesce((a.amounts->>'discount')::float8, (a.quote#>>'{price,discount}')::float8, 0) as discounts,
        0::float8 as refunds, 0::float8 as company_billed, 0 as cancelled
      from appointments a
      where ${partner} and ${within('a.confirmed_at')}
      union all
      select a.client_id, ${dayOf('a.cancelled_at')}, 0, 0, 0, 0, 0, 0, 1
      from appointments a
      where ${partner} and a.status = 'cancelled' and a.confirmed_at is not null and ${within('a.cancelled_at')}
      union all
      select a.client_id, ${dayOf('p.created_at')}, 0,
        case when p.status in ('approved', 'refunded') and ${online} then p.amount else 0 end,
        case when a.quote is null and (p.status = 'cash' or (p.status = 'approved' and ${atAddress}))
          then p.amount else 0 end,
        0, 0,
        case when p.status = 'company_billed' then p.amount else 0 end,
        0
      from payments p join appointments a on a.id = p.appointment_id
      where ${partner} and ${within('p.created_at')}
      union all
      select a.client_id, ${dayOf('p.updated_at')}, 0, 0, 0, 0, p.amount, 0, 0
      from payments p join appointments a on a.id = p.appointment_id
      where ${partner} and p.status = 'refunded' and ${online} and ${within('p.updated_at')}
    )
    select e.client_id, c.name as client_name, c.country, to_char(e.day, 'YYYY-MM-DD') as day,
      sum(e.bookings) as bookings, sum(e.paid_online) as paid_online, sum(e.to_collect) as to_collect,
      sum(e.discounts) as discounts, sum(e.refunds) as refunds, sum(e.company_billed) as company_billed,
      sum(e.cancelled) as cancelled
    from events e join clients c on c.id = e.client_id
    where e.day >= ${query.from}::date and e.day <= ${query.to}::date
    group by e.client_id, c.name, c.country, e.day
    order by e.day, e.client_id`,
  );
}

/**
 * The bookings confirmed on those days whose amounts the staff did not record but that carry a
 * coupon: their discount is the server's quote's, as the appointment's page shows it.
 */
async function couponBookingsWithoutAmounts(
  db: Db,
  query: Pick<FigureQuery, 'from' | 'to' | 'clientId'>,
): Promise<CouponBooking[]> {
  const { low, high } = instantsOf(query.from, query.to);
  const partner =
    query.clientId === undefined ? sql`a.client_id is not null` : sql`a.client_id = ${query.clientId}`;
  return queryRows<CouponBooking>(
    db,
    sql`select * from (
      select a.id::text as id, a.client_id, to_char((a.confirmed_at at time zone ${zoneOf})::date, 'YYYY-MM-DD') as day
      from appointments a
      where ${partner} and a.amounts is null and a.quote is null and a.coupon_code is not null
        and a.confirmed_at >= ${low}::timestamptz and a.confirmed_at < ${high}::timestamptz
    ) b where b.day >= ${query.from} and b.day <= ${query.to}`,
  );
}

/** A report's days: refused when not a range of at most CONSOLE_REPORT_MAX_DAYS days. */
function assertReportRange(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (days < 0) throw fail(ERRORS.CONSOLE_REPORT_RANGE_INVERTED);
  if (days + 1 > CONSOLE_REPORT_MAX_DAYS)
    throw fail(ERRORS.consoleReportRangeTooLong(CONSOLE_REPORT_MAX_DAYS));
}

/** Money as the report shows it: whole units of the partner's currency. */
const whole = (value: number | string) => Math.round(Number(value));

const FIGURES = [
  'bookings',
  'paid_online',
  'to_collect',
  'discounts',
  'refunds',
  'company_billed',
  'cancelled',
] as const;

/** One total per currency, never pesos of two countries added together. */
function totalsOf(rows: readonly ConsoleDailyReportRow[]): DailyReportTotal[] {
  const totals = new Map<DailyReportTotal['currency'], DailyReportTotal>();
  for (const row of rows) {
    const total: DailyReportTotal = totals.get(row.currency) ?? {
      currency: row.currency,
      bookings: 0,
      paid_online: 0,
      to_collect: 0,
      discounts: 0,
      refunds: 0,
      company_billed: 0,
      cancelled: 0,
    };
    for (const figure of FIGURES) total[figure] += row[figure];
    totals.set(row.currency, total);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The report for the days from `from` to `to` (inclusive), of one partner or all: a row per
 * partner and day with anything to count, and the totals per currency.
 */
export async function dailyReport(
  db: Db,
  catalogue: CatalogueSnapshot,
  query: { from: string; to: string; clientId?: string | undefined },
): Promise<DailyReport> {
  assertReportRange(query.from, query.to);
  const [figures, coupons] = await Promise.all([
    dailyFigures(db, { ...query, onlineGateways: ONLINE_GATEWAYS, atAddressGateways: AT_ADDRESS_GATEWAYS }),
    couponBookingsWithoutAmounts(db, query),
  ]);
  const quoted = new Map<string, number>();
  for (const booking of coupons) {
    const appointment = await findAppointmentById(db, booking.id);
    const quote = appointment ? await summaryQuote(db, catalogue, appointment) : null;
    const key = `${booking.client_id} ${booking.day}`;
    quoted.set(key, (quoted.get(key) ?? 0) + (quote?.discount ?? 0));
  }
  const rows = figures.map((row): ConsoleDailyReportRow => ({
    date: row.day,
    client_id: row.client_id,
    client_name: row.client_name,
    currency: localeFromCountry(row.country).currency as ConsoleDailyReportRow['currency'],
    bookings: whole(row.bookings),
    paid_online: whole(row.paid_online),
    to_collect: whole(row.to_collect),
    discounts: whole(Number(row.discounts) + (quoted.get(`${row.client_id} ${row.day}`) ?? 0)),
    refunds: whole(row.refunds),
    company_billed: whole(row.company_billed),
    cancelled: whole(row.cancelled),
  }));
  return { from: query.from, to: query.to, rows, totals: totalsOf(rows) };
}

/** The CSV's columns, as a finance person reads them. */
const CSV_COLUMNS = [
  { key: 'date', header: 'Fecha' },
  { key: 'client_id', header: 'Id del socio' },
  { key: 'client_name', header: 'Socio' },
  { key: 'currency', header: 'Moneda' },
  { key: 'bookings', header: 'Reservas confirmadas' },
  { key: 'paid_online', header: 'Pagado en línea' },
  { key: 'to_collect', header: 'A cobrar en domicilio' },
  { key: 'discounts', header: 'Descuentos' },
  { key: 'refunds', header: 'Devoluciones' },
  { key: 'company_billed', header: 'Facturado a empresas' },
  { key: 'cancelled', header: 'Canceladas' },
] as const satisfies readonly { key: keyof ConsoleDailyReportRow; header: string }[];

/**
 * The report's rows as CSV (RFC 4180, with a BOM so a spreadsheet reads the accents): a header
 * row in Spanish, amounts as plain integers; a text that a spreadsheet would run as a formula
 * (= + - @ at its start) is written with a leading apostrophe.
 */
export function dailyReportCsv(report: DailyReport): string {
  return stringify(report.rows, {
    bom: true,
    header: true,
    columns: CSV_COLUMNS.map(({ key, header }) => ({ key, header })),
    escape_formulas: true,
    record_delimiter: 'windows',
  });
}

/** The attachment's name: the partner (when one) and the days. */
export function dailyReportFilename(query: {
  from: string;
  to: string;
  clientId?: string | undefined;
}): string {
  const partner = query.clientId ? `-${query.clientId.replace(/[^A-Za-z0-9_-]/g, '_')}` : '';
  return `informe-diario${partner}-${query.from}-a-${query.to}.csv`;
}
