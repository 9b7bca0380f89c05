/** The SQL of the console's agenda: the sectors, and one sector-day's nurses and visits. */
import type { AppointmentStatus } from '@visita/domain/contract/appointments';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import type { ServiceSkill } from '../../db/schema.ts';
import { type ExtraShift, extraShiftsBetween, type ShiftPattern } from './queries.ts';

interface ConsoleSectorRow {
  id: number;
  name: string;
  country: string;
  sales_source: string;
  time_zone: string;
}

/** Every sector (inactive ones too: their past days still have visits), by name. */
export async function findConsoleSectors(
  db: Db,
  filters: { country?: string | undefined; salesSource?: string | undefined },
): Promise<ConsoleSectorRow[]> {
  const where: SQL[] = [];
  if (filters.country !== undefined) where.push(sql`country = ${filters.country.toLowerCase()}`);
  if (filters.salesSource !== undefined) where.push(sql`sales_source = ${filters.salesSource}`);
  const rows = await queryRows<ConsoleSectorRow>(
    db,
    sql`select id, name, country, sales_source, time_zone from sectors
        where ${where.length > 0 ? sql.join(where, sql` and `) : sql`true`}
        order by name, id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * A nurse of the sector as the agenda shows her: her weekly shifts, and her days off and extra
 * shifts near the day.
 */
export interface AgendaNurse {
  id: number;
  name: string;
  skills: ServiceSkill[];
  shifts: ShiftPattern[];
  /** 'YYYY-MM-DD' dates in her shifts' zone. */
  days_off: string[];
  extra_shifts: ExtraShift[];
}

/** Drivers differ on json parsing (node-postgres and PGlite parse; a string is parsed here). */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The sector's nurses with their shifts, days off and extra shifts from `dates.from` to `dates.to`: the
 * active ones, and an inactive one with a visit between the two instants (her visits still
 * need someone). One query whatever the number of nurses.
 */
export async function findAgendaNurses(
  db: Db,
  sectorId: number,
  dates: { from: string; to: string },
  range: { from: Date; to: Date },
): Promise<AgendaNurse[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    skills: ServiceSkill[] | string;
    shifts: ShiftPattern[] | string;
    days_off: string[] | string;
    extra_shifts: ExtraShift[] | string;
  }>(
    db,
    sql`select n.id, n.name, n.skills,
          coalesce((select json_agg(json_build_object('weekday', s.weekday, 'starts_at', s.starts_at,
                      'ends_at', s.ends_at, 'time_zone', s.time_zone))
                    from nurse_shifts s where s.nurse_id = n.id), '[]'::json) as shifts,
          coalesce((select json_agg(to_char(d.day, 'YYYY-MM-DD'))
                    from nurse_days_off d
                    where d.nurse_id = n.id and d.day between ${dates.from}::date and ${dates.to}::date),
                   '[]'::json) as days_off,
          ${extraShiftsBetween(dates)} as extra_shifts
        from nurses n
        join nurse_sectors ns on ns.nurse_id = n.id
        where ns.sector_id = ${sectorId}
          and (n.active or exists (select 1 from visits v where v.nurse_id = n.id
                 and v.block_start >= ${range.from.toISOString()}::timestamptz
                 and v.block_start < ${range.to.toISOString()}::timestamptz))
        order by n.name, n.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    skills: json(row.skills),
    shifts: json(row.shifts),
    days_off: json(row.days_off),
    extra_shifts: json(row.extra_shifts),
  }));
}

/** A visit of one of the sector's nurses in the day, with what the agenda shows of its appointment. */
export interface AgendaVisitRow {
  nurse_id: number;
  /** Epoch ms. */
  block_start: number;
  block_end: number;
  visit_status: 'hold' | 'confirmed';
  /** ISO instant; null for a confirmed visit. */
  expires_at: string | null;
  appointment_id: string;
  client_id: string | null;
  status: AppointmentStatus;
  payment_status: string | null;
  comuna: string;
  /** The first patient's names. */
  first_name: string | null;
  last_name: string | null;
  /** Every patient's items and packs, comma-separated, as stored (anything but ids left out later). */
  item_ids: string | null;
}

/** A stored cart's list (a patient's items or packs, the patients), or none if it is not one. */
const jsonArray = (value: SQL) =>
  sql`case jsonb_typeof(${value}) when 'array' then ${value} else '[]'::jsonb end`;

/**
 * The visits of the sector's nurses starting between two instants that hold their block: the
 * confirmed ones and the holds not lapsed at `now` (a lapsed hold frees its block even before
 * the sweep deletes it). One query. Of the stored cart, only what the agenda shows is read (the
 * first patient's names, the item ids): parsing whole carts cost more than the rest of the day.
 */
export async function findAgendaVisits(
  db: Db,
  sectorId: number,
  range: { from: Date; to: Date },
  now: Date,
): Promise<AgendaVisitRow[]> {
  const rows = await queryRows<AgendaVisitRow>(
    db,
    sql`select v.nurse_id,
          (extract(epoch from v.block_start) * 1000)::float8 as block_start,
          (extract(epoch from v.block_end) * 1000)::float8 as block_end,
          v.status as visit_status,
          to_char(v.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
          a.id::text as appointment_id, a.client_id, a.status, a.payment_status, a.comuna,
          a.patients->0->>'first_name' as first_name, a.patients->0->>'last_name' as last_name,
          (select string_agg(item.value #>> '{}', ',')
           from jsonb_array_elements(${jsonArray(sql`a.patients`)}) as patient(value),
                jsonb_array_elements(${jsonArray(sql`patient.value->'items'`)} || ${jsonArray(sql`patient.value->'packs'`)})
                  as item(value))
            as item_ids
        from visits v
        join appointments a on a.id = v.appointment_id
        where v.nurse_id = any(array(select ns.nurse_id from nurse_sectors ns where ns.sector_id = ${sectorId}))
          and v.block_start >= ${range.from.toISOString()}::timestamptz
          and v.block_start < ${range.to.toISOString()}::timestamptz
          and (v.status = 'confirmed' or v.expires_at > ${now.toISOString()}::timestamptz)`,
  );
  return rows.map((row) => ({
    ...row,
    nurse_id: Number(row.nurse_id),
    block_start: Number(row.block_start),
    block_end: Number(row.block_end),
  }));
}
