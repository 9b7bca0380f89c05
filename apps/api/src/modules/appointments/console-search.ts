import * as ERRORS from '@visita/domain/contract/api-errors';
import type { AppointmentStatus } from '@visita/domain/contract/appointments';
import type { consoleAppointmentSummarySchema } from '@visita/domain/contract/console-appointments';
import { parseStoredCart, type StoredCartPatient } from '@visita/domain/contract/patients';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/database.ts';
import { likePrefix } from '../../db/like.ts';
import { AppError, fail } from '../../errors.ts';
import { foldSearchText } from '../../search-text.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { bookingReference } from '../notifications/booking-events.ts';
import { quoteCartPrice } from '../pricing/service.ts';
import { appointmentCart, hasPatientWithServices, patientNameOf } from './stored-cart.ts';

export type ConsoleAppointmentSummary = z.infer<typeof consoleAppointmentSummarySchema>;

/**
 * What a search's free text asks for. A query is read as the first of these it looks like:
 * an appointment id; an e-mail (it has an '@'); a phone or a RUT typed with any dots, dashes,
 * spaces or '+' (its digits); a single word with a digit, such as a RUT ending in K or a passport
 * (its letters and digits); else a name (its folded words, each matched by itself), and a single
 * word also as the start of an e-mail ('ana_p'). Eight hex characters are also the short code
 * patients read in their e-mails (the id's first eight).
 */
interface TextQuery {
  id?: string;
  /** Lists of terms: an appointment matches when every term of one list matches one of its own. */
  alternatives: string[][];
  /** The short code's first eight hex characters, lower-case. */
  code?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE = /^#?([0-9a-f]{8})$/i;
const PHONE_OR_RUT = /^\+?[\d\s().-]*\d[\d\s().-]*$/;
/** More words add cost, not precision. */
const MAX_WORDS = 8;
/** A shorter term is matched whole: as a prefix it would match a good part of every name. */
const MIN_PREFIX = 3;

function alternativesOf(text: string): string[][] {
  if (text.includes('@')) return [[text.toLowerCase()]];
  if (PHONE_OR_RUT.test(text)) return [[text.replace(/\D+/g, '')]];
  const single = !/\s/.test(text);
  if (single && /\d/.test(text)) return [[text.replace(/[^0-9a-zA-Z]+/g, '').toLowerCase()]];
  const words = [...new Set(foldSearchText(text).split(' '))].filter(Boolean).slice(0, MAX_WORDS);
  const whole = text.toLowerCase();
  return single && words.join(' ') !== whole ? [words, [whole]] : [words];
}

function parseTextQuery(raw: string | undefined): TextQuery | null {
  const text = (raw ?? '').trim();
  if (!text) return null;
  if (UUID.test(text)) return { id: text.toLowerCase(), alternatives: [] };
  const alternatives = alternativesOf(text).filter((words) => words.length > 0 && words.every(Boolean));
  const code = CODE.exec(text)?.[1]?.toLowerCase();
  return code ? { code, alternatives } : { alternatives };
}

/** A LIKE pattern matching what starts with `prefix` (an e-mail may hold '_' or '%'). */
/** (appointment_id, created_at) of the appointments with a term `word` starts (or is, if short). */
const withTerm = (word: string): SQL =>
  sql`(select appointment_id, created_at from appointment_search_terms where ${
    word.length < MIN_PREFIX ? sql`term = ${word}` : sql`term like ${likePrefix(word)}`
  })`;

/**
 * The (appointment_id, created_at) the text matches: unions of intersections of index-only reads
 * of appointment_search_terms, which carries created_at so the matches are put in order without
 * reading appointments; only the page's rows are then read.
 */
function textCandidates(query: TextQuery): SQL {
  if (query.id) return sql`select id, created_at from appointments where id = ${query.id}::uuid`;
  const sets = query.alternatives.map((words) => sql`(${sql.join(words.map(withTerm), sql` intersect `)})`);
  // The code is the id's first eight hex characters: a range of the primary key.
  if (query.code)
    sets.push(
      sql`(select id, created_at from appointments where id between ${`${query.code}-0000-0000-0000-000000000000`}::uuid and ${`${query.code}-ffff-ffff-ffff-ffffffffffff`}::uuid)`,
    );
  return sets.length > 0
    ? sql.join(sets, sql` union `)
    : sql`select id, created_at from appointments where false`;
}

/** Where a page starts: after the last row of the previous one, in (created_at, id) order. */
interface SearchCursor {
  /** created_at to the microsecond, as the database keeps it (a JS Date would lose them). */
  createdAt: string;
  id: string;
}

const cursorSchema = z.object({
  c: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  i: z.string().regex(UUID),
});

export const encodeCursor = (cursor: SearchCursor): string =>
  Buffer.from(JSON.stringify({ c: cursor.createdAt, i: cursor.id }), 'utf8').toString('base64url');

/** The opaque cursor a previous page gave; anything else is refused (400), never a 500. */
export function decodeCursor(cursor: string): SearchCursor {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success && !Number.isNaN(Date.parse(parsed.data.c)))
      return { createdAt: parsed.data.c, id: parsed.data.i };
  } catch {
    // Not base64url JSON: refused below.
  }
  throw fail(ERRORS.CONSOLE_INVALID_CURSOR);
}

interface AppointmentSearch {
  q?: string | undefined;
  clientId?: string | undefined;
  /** The visit's local day (the sector's wall clock, else the country's), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  status?: AppointmentStatus | undefined;
  paymentStatus?: string | undefined;
  cursor?: SearchCursor | undefined;
  limit: number;
}

/** Days from `from` to `to` on the visit's own wall clock (visits.local_day, kept by triggers). */
const localDayBetween = (from: string | undefined, to: string | undefined): SQL =>
  sql`${from ? sql` and v.local_day >= ${from}::date` : sql``}${to ? sql` and v.local_day <= ${to}::date` : sql``}`;

/** Appointments whose visit falls on a local day from `from` to `to` (the sector's wall clock). */
const visitDayCondition = (from: string | undefined, to: string | undefined): SQL =>
  sql`exists (select 1 from visits v where v.appointment_id = a.id${localDayBetween(from, to)})`;

/**
 * The appointments with a visit on those days, at most `limit` per day: each day's visits are
 * read from visits_local_day_idx newest booking first, with the page's filters and cursor, so a
 * page reads a few rows per day instead of every visit of the span.
 */
function visitCandidates(
  from: string,
  to: string,
  filters: SQL[],
  cursor: SearchCursor | undefined,
  limit: number,
): SQL {
  const conditions = [
    ...filters,
    ...(cursor
      ? [
          sql`(v.appointment_created_at, v.appointment_id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
        ]
      : []),
  ];
  return sql`select x.appointment_id, x.created_at
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
    cross join lateral (
      select v.appointment_id, v.appointment_created_at as created_at from visits v
      join appointments a on a.id = v.appointment_id
      where ${sql.join([sql`v.local_day = d.day::date`, ...conditions], sql` and `)}
      order by v.appointment_created_at desc, v.appointment_id desc
      limit ${limit}
    ) x`;
}

/** The columns a page is ordered and cut by. */
interface SearchKey {
  createdAt: SQL;
  id: SQL;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface SummaryRow {
  id: string;
  client_id: string | null;
  status: AppointmentStatus;
  payment_status: string | null;
  created_at: string;
  created_key: string;
  begin_date: string | null;
  end_date: string | null;
  patients: unknown;
  comuna: string;
  country: 'cl' | 'mx';
  sales_source: string;
  coupon_code: string | null;
  amount_total: number | null;
}

/**
 * The summaries of the appointments `where` selects, newest first. The visit shown is the one
 * holding its block: a confirmed visit, or a hold not yet lapsed.
 */
async function selectSummaries(
  db: Db,
  where: (key: SearchKey) => SQL[],
  limit: number,
  candidates?: SQL,
): Promise<SummaryRow[]> {
  // With candidates (a text, a span of days), the page is taken from them, sorted first (a
  // subquery with an order is planned apart), then read one by one until the page is full: the
  // planner would otherwise join every candidate, or walk every appointment, before sorting.
  const key: SearchKey = candidates
    ? { createdAt: sql`o.created_at`, id: sql`o.appointment_id` }
    : { createdAt: sql`a.created_at`, id: sql`a.id` };
  const conditions = where(key);
  return queryRows<SummaryRow>(
    db,
    sql`${candidates ? sql`with m (appointment_id, created_at) as materialized (${candidates}) ` : sql``}select a.id::text as id, a.client_id, a.status, a.payment_status,
      ${iso(sql`a.created_at`)} as created_at,
      to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
      ${iso(sql`coalesce(v.block_start, a.cancelled_block_start)`)} as begin_date,
      ${iso(sql`coalesce(v.block_end, a.cancelled_block_end)`)} as end_date,
      a.patients, a.comuna, a.country, a.sales_source, a.coupon_code,
      coalesce((a.quote#>>'{due,total}')::float8, (a.amounts->>'total')::float8) as amount_total
    from ${
      candidates
        ? sql`(select appointment_id, created_at from m order by created_at desc, appointment_id desc) o
          join appointments a on a.id = o.appointment_id`
        : sql`appointments a`
    }
    left join visits v on v.appointment_id = a.id and (v.status = 'confirmed' or v.expires_at > now())
    where ${conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`}
    order by ${key.createdAt} desc, ${key.id} desc
    limit ${limit}`,
  );
}

/**
 * The total a summary shows: the frozen quote's (money moved), else the amounts the partner's staff
 * recorded, else the server's quote of the stored cart (what a payment is checked against); 0 when
 * it no longer prices.
 */
async function totalOf(db: Db, catalogue: CatalogueSnapshot, row: SummaryRow, patients: StoredCartPatient[]) {
  if (row.amount_total !== null) return Number(row.amount_total);
  if (!hasPatientWithServices(patients)) return 0;
  try {
    const quote = await quoteCartPrice(db, catalogue, {
      coupon_code: row.coupon_code,
      country: row.country,
      locality: row.comuna,
      patients: appointmentCart(patients),
      source: row.sales_source,
    });
    return quote.net_price;
  } catch (error) {
    if (error instanceof AppError) return 0;
    throw error;
  }
}

async function toSummary(
  db: Db,
  catalogue: CatalogueSnapshot,
  row: SummaryRow,
): Promise<ConsoleAppointmentSummary> {
  const patients = parseStoredCart(
    typeof row.patients === 'string' ? JSON.parse(row.patients) : row.patients,
  );
  const first = patients[0];
  return {
    id: row.id,
    code: bookingReference(row.id),
    client_id: row.client_id ?? '',
    status: row.status,
    payment_status: row.payment_status,
    created_at: row.created_at,
    begin_date: row.begin_date,
    end_date: row.end_date,
    patient_name: (first && patientNameOf(first)) || null,
    patients: patients.length,
    commune: row.comuna || null,
    total: await totalOf(db, catalogue, row, patients),
  };
}

/** One appointment's summary (its page's head), whoever it belongs to; undefined if unknown. */
export async function findAppointmentSummary(
  db: Db,
  catalogue: CatalogueSnapshot,
  id: string,
): Promise<ConsoleAppointmentSummary | undefined> {
  const [row] = await selectSummaries(db, () => [sql`a.id = ${id}::uuid`], 1);
  return row ? toSummary(db, catalogue, row) : undefined;
}

/**
 * The console's appointment search: the free text through appointment_search_terms (one indexed
 * lookup per word), the filters on appointments, newest first, a page at a time after the cursor
 * (keyset on (created_at, id), appointments_created_idx). `next_cursor` is null on the last page.
 */
export async function searchAppointments(
  db: Db,
  catalogue: CatalogueSnapshot,
  search: AppointmentSearch,
): Promise<{ results: ConsoleAppointmentSummary[]; next_cursor: string | null }> {
  const where: SQL[] = [];
  const text = parseTextQuery(search.q);
  if (search.clientId !== undefined) where.push(sql`a.client_id = ${search.clientId}`);
  if (search.status) where.push(sql`a.status = ${search.status}`);
  if (search.paymentStatus) where.push(sql`a.payment_status = ${search.paymentStatus}`);
  // A span of days drives the search when no text does; else each candidate's visit is checked.
  const byVisits = !text && search.from !== undefined && search.to !== undefined && search.from <= search.to;
  if ((search.from || search.to) && !byVisits) where.push(visitDayCondition(search.from, search.to));
  const { cursor } = search;
  const rows = await selectSummaries(
    db,
    (key) =>
      cursor
        ? [
            ...where,
            sql`(${key.createdAt}, ${key.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
          ]
        : where,
    search.limit + 1,
    text
      ? textCandidates(text)
      : byVisits
        ? visitCandidates(search.from ?? '', search.to ?? '', where, cursor, search.limit + 1)
        : undefined,
  );
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  return {
    results: await Promise.all(page.map((row) => toSummary(db, catalogue, row))),
    next_cursor:
      rows.length > search.limit && last ? encodeCursor({ createdAt: last.created_key, id: last.id }) : null,
  };
}
