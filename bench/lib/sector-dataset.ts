import { randomBytes } from 'node:crypto';
import { addDays, addMonths } from '@visita/domain/availability';
import { pathFor } from '@visita/domain/contract/endpoint';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import pg from 'pg';
import { hashAppointmentToken } from '../../apps/api/src/modules/appointments/access.ts';
import { isoWeekday, localParts, shiftBlocks } from '../../apps/api/src/modules/scheduling/blocks.ts';

/**
 * Generated marketplace sectors of their own, each with its nurses, shifts, days off and booked
 * visits, for the availability rows beyond the demo's Las Condes: the larger scale (20 sectors of
 * 100 nurses and 10,000 visits) and the sweep over sector sizes. Bulk SQL only: the candidate
 * blocks are computed once per shift pattern and zone here (the API's own block rules), and
 * PostgreSQL picks each nurse's visits among them, so 200,000 visits with their appointments
 * load in seconds. Needs a migrated database.
 */
export interface GeneratedSector {
  id: number;
  name: string;
  timeZone: string;
  nurses: number;
  visits: number;
}

type ServiceSkill = 'lab' | 'vaccine' | 'medical_service';

const ALL_SKILLS: ServiceSkill[] = ['lab', 'vaccine', 'medical_service'];

const FIRST_NAMES = [
  'Valentina',
  'Camila',
  'Javiera',
  'Fernanda',
  'Catalina',
  'Francisca',
  'Constanza',
  'Antonia',
  'Sofía',
  'Isidora',
  'Matías',
  'Benjamín',
  'Vicente',
  'Martín',
  'Sebastián',
  'Joaquín',
  'Tomás',
  'Agustín',
  'Diego',
  'Nicolás',
];
const LAST_NAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
  'López',
  'Fuentes',
  'Hernández',
  'Torres',
  'Araya',
  'Flores',
  'Espinoza',
  'Valenzuela',
];

/**
 * `varied`: the nurses differ as a real roster does, so the carts' skills select different
 * nurses: by nurse, all three skills / lab and vaccine / lab only / vaccine and medical service;
 * three in five work the full week (weekdays 08:00-18:00, Saturday 09:00-14:00), the others
 * afternoons Monday to Saturday (12:00-18:00); each has two days off in the month. Not varied:
 * like the Las Condes dataset (scheduling-dataset.ts): every skill, the full week, no day off.
 */
const SKILL_MIX: ServiceSkill[][] = [ALL_SKILLS, ['lab', 'vaccine'], ['lab'], ['vaccine', 'medical_service']];
const PATTERNS: Array<Array<[number, string, string]>> = [
  [
    [1, '08:00', '18:00'],
    [2, '08:00', '18:00'],
    [3, '08:00', '18:00'],
    [4, '08:00', '18:00'],
    [5, '08:00', '18:00'],
    [6, '09:00', '14:00'],
  ],
  [1, 2, 3, 4, 5, 6].map((weekday) => [weekday, '12:00', '18:00']),
];
const patternOf = (index: number, varied: boolean) => (varied && index % 5 >= 3 ? 1 : 0);

/** Both Chilean zones, so the blocks are computed in more than one. */
const ZONES = ['America/Santiago', 'America/Punta_Arenas'];

/**
 * A small square far south of every demo sector (Aysén), one per generated sector: no address
 * the bench or the demo geocodes falls in it, so Las Condes' bookings stay in Las Condes.
 */
function polygonFor(index: number): [number, number][][] {
  const lat = -45 - Math.floor(index / 20) * 0.05;
  const lng = -72.5 + (index % 20) * 0.05;
  const d = 0.02;
  return [
    [
      [lng - d, lat - d],
      [lng + d, lat - d],
      [lng + d, lat + d],
      [lng - d, lat + d],
      [lng - d, lat - d],
    ],
  ];
}

export async function generateSectors(
  databaseUrl: string,
  sectors: Array<{ name: string; nurses: number; visitsPerNurse: number }>,
  { varied, now = new Date() }: { varied: boolean; now?: Date },
): Promise<GeneratedSector[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const existing = await client.query<{ count: string }>(
      `select count(*) from sectors where name like 'Bench %'`,
    );
    const offset = Number(existing.rows[0]?.count ?? 0);
    const created: Array<GeneratedSector & { today: string }> = [];
    const nurseIds: number[] = [];
    const nurseSectors: number[] = [];
    const nursePatterns: number[] = [];
    const nurseZones: string[] = [];
    const nurseTodays: string[] = [];
    for (const [index, spec] of sectors.entries()) {
      const timeZone = ZONES[(offset + index) % ZONES.length] ?? 'America/Santiago';
      const sector = await client.query<{ id: number }>(
        `insert into sectors (name, sales_source, country, services, polygon, time_zone)
         values ($1, 'marketplace', 'cl', $2::jsonb, $3::jsonb, $4) returning id`,
        [spec.name, JSON.stringify(ALL_SKILLS), JSON.stringify(polygonFor(offset + index)), timeZone],
      );
      const sectorId = Number(sector.rows[0]?.id);
      const nurses = await client.query<{ id: number }>(
        `insert into nurses (name, skills)
         select $1 || ' ' || i, case when $3 then ($4::jsonb)->((i - 1) % 4)::int else $5::jsonb end
         from generate_series(1, $2::int) i order by i
         returning id`,
        [
          `Enfermera ${spec.name}`,
          spec.nurses,
          varied,
          JSON.stringify(SKILL_MIX),
          JSON.stringify(ALL_SKILLS),
        ],
      );
      const today = localParts(now, timeZone).date;
      nurses.rows.forEach((row, i) => {
        nurseIds.push(Number(row.id));
        nurseSectors.push(sectorId);
        nursePatterns.push(patternOf(i, varied));
        nurseZones.push(timeZone);
        nurseTodays.push(today);
      });
      created.push({ id: sectorId, name: spec.name, timeZone, nurses: spec.nurses, visits: 0, today });
    }
    await client.query(
      `create temp table bench_nurses on commit drop as
       select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::date[])
         as n(id, sector_id, pattern, zone, today)`,
      [nurseIds, nurseSectors, nursePatterns, nurseZones, nurseTodays],
    );
    await client.query(
      `insert into nurse_sectors (nurse_id, sector_id) select id, sector_id from bench_nurses`,
    );
    const shifts = PATTERNS.flatMap((pattern, index) => pattern.map((shift) => [index, ...shift] as const));
    await client.query(
      `insert into nurse_shifts (nurse_id, weekday, starts_at, ends_at, time_zone)
       select n.id, s.weekday, s.starts_at, s.ends_at, n.zone
       from bench_nurses n
       join unnest($1::int[], $2::int[], $3::text[], $4::text[]) as s(pattern, weekday, starts_at, ends_at)
         on s.pattern = n.pattern`,
      [shifts.map((s) => s[0]), shifts.map((s) => s[1]), shifts.map((s) => s[2]), shifts.map((s) => s[3])],
    );
    if (varied)
      // Two days off each, spread over the month by the nurse's id.
      await client.query(
        `insert into nurse_days_off (nurse_id, day)
         select id, today + 2 + (id * 7) % 13 from bench_nurses
         union all select id, today + 16 + (id * 7) % 13 from bench_nurses`,
      );

    // The candidate blocks of each pattern in each zone. They start the day after tomorrow: the
    // server writes a reminder for every confirmed visit due within 24 hours (a transaction per
    // visit, every minute, for appointments that have no e-mail to send), and that work would
    // run under the measurements.
    const blocks = {
      pattern: [] as number[],
      zone: [] as string[],
      start: [] as string[],
      day: [] as string[],
    };
    for (const timeZone of new Set(nurseZones)) {
      const today = localParts(now, timeZone).date;
      const to = addMonths(today, 1);
      PATTERNS.forEach((pattern, index) => {
        for (let date = addDays(today, 2); date <= to; date = addDays(date, 1)) {
          for (const [weekday, startsAt, endsAt] of pattern)
            if (weekday === isoWeekday(date))
              for (const block of shiftBlocks(date, startsAt, endsAt, timeZone)) {
                blocks.pattern.push(index);
                blocks.zone.push(timeZone);
                blocks.start.push(new Date(block.start).toISOString());
                blocks.day.push(date);
              }
        }
      });
    }
    await client.query(
      `create temp table bench_blocks on commit drop as
       select * from unnest($1::int[], $2::text[], $3::timestamptz[], $4::date[]) as b(pattern, zone, start, day)`,
      [blocks.pattern, blocks.zone, blocks.start, blocks.day],
    );
    // Each nurse's visits: distinct blocks of her shifts, not on her days off, in a scattered
    // order (a hash of nurse and block), so the unique (nurse, block) index always holds.
    const perSector = new Map(
      created.map((sector, index) => [sector.id, sectors[index]?.visitsPerNurse ?? 0]),
    );
    await client.query(
      `create temp table bench_visits on commit drop as
       select gen_random_uuid() as appointment_id, n.id as nurse_id, n.sector_id, b.start
       from bench_nurses n
       join unnest($1::int[], $2::int[]) as q(sector_id, visits) on q.sector_id = n.sector_id
       cross join lateral (
         select b.start from bench_blocks b
         where b.pattern = n.pattern and b.zone = n.zone
           and not exists (select 1 from nurse_days_off d where d.nurse_id = n.id and d.day = b.day)
         order by md5(n.id::text || b.start::text)
         limit q.visits
       ) b`,
      [[...perSector.keys()], [...perSector.values()]],
    );
    // One confirmed appointment per visit (appointment_id is unique and required): one patient
    // (a name from 20 × 20, a RUT, an e-mail: what the console's search reads) and an address
    // spread over about 11 km around the sector (what the day's travel reads), with the frozen
    // quote a confirmation stores (nothing owed), so the server's backfill has nothing to do.
    await client.query(
      `insert into appointments (id, token_hash, status, sales_source, country, region, comuna, address_line_1,
         target_address, target_street_number, target_lat, target_lng, sector_id, patients, quote)
       select v.appointment_id, md5(random()::text), 'confirmed', 'marketplace', 'cl', 'Aysén', s.name,
         'Camino Austral 100', 'Camino Austral 100, ' || s.name, '100',
         -45.0 + ((abs(hashtext(v.appointment_id::text || 'lat')) % 10000) / 100000.0) - 0.05,
         -72.5 + ((abs(hashtext(v.appointment_id::text || 'lng')) % 10000) / 100000.0) - 0.05,
         v.sector_id, p.patients,
         jsonb_build_object('v', 1, 'frozen_at', now(), 'coupon_code', null, 'currency', 'CLP',
           'lines', '[]'::jsonb,
           'price', jsonb_build_object('base_price', 0, 'service_fee', 0, 'discount', 0, 'net_price', 0,
             'fonasa_discount', 0, 'payment_at_home', 0),
           'due', jsonb_build_object('total', 0, 'online', 0, 'company', 0, 'at_address', 0),
           'cart_hash', md5(p.patients::text))
       from bench_visits v join sectors s on s.id = v.sector_id,
       lateral (select jsonb_build_array(jsonb_build_object(
           'first_name', ($1::text[])[1 + abs(hashtext(v.appointment_id::text || 'f')) % 20],
           'last_name', ($2::text[])[1 + abs(hashtext(v.appointment_id::text || 'l')) % 20],
           'date_of_birth', '1980-01-01', 'gender', 'female', 'document_type', 'ci',
           'document_number', (5000000 + abs(hashtext(v.appointment_id::text)) % 20000000)::text || '-'
             || (abs(hashtext(v.appointment_id::text || 'dv')) % 10)::text,
           'email', 'p' || substr(md5(v.appointment_id::text), 1, 12) || '@correo.cl',
           'phone', '+569' || lpad((abs(hashtext(v.appointment_id::text || 'p')) % 100000000)::text, 8, '0'),
           'items', '[]'::jsonb, 'packs', '[]'::jsonb, 'is_fonasa', false)) as patients) p`,
      [FIRST_NAMES, LAST_NAMES],
    );
    await client.query(
      `insert into visits (appointment_id, nurse_id, block_start, block_end, status)
       select appointment_id, nurse_id, start, start + interval '1 hour', 'confirmed' from bench_visits`,
    );
    const counts = await client.query<{ sector_id: number; visits: string }>(
      `select sector_id, count(*) as visits from bench_visits group by sector_id`,
    );
    for (const row of counts.rows) {
      const sector = created.find((s) => s.id === Number(row.sector_id));
      if (sector) sector.visits = Number(row.visits);
    }
    await client.query('commit');
    // Fresh statistics, and the insert-triggered autovacuum done now rather than mid-measurement
    // (the search's terms too: until vacuumed, its index-only reads visit the heap for each match).
    await client.query(
      'vacuum (analyze) appointments, appointment_search_terms, visits, nurses, nurse_sectors, nurse_shifts, nurse_days_off, sectors',
    );
    return created.map(({ today: _today, ...sector }) => sector);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** The larger scale's sectors: `count` of `nurses` each, `visitsPerNurse` over the month. */
export const scaleSectorSpecs = (count: number, nurses: number, visitsPerNurse: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Bench escala ${i + 1}`, nurses, visitsPerNurse }));

/**
 * Availability asked for every sector × cart pair, spread so that consecutive requests hit other
 * sectors; `appointments` as appointmentsIn answers them.
 */
export function availabilityRequests(
  sectors: readonly GeneratedSector[],
  carts: ReadonlyArray<{ items: number[] }>,
  appointments: ReadonlyArray<ReadonlyArray<{ id: string; token: string }>>,
): Array<{ path: string; headers: Record<string, string> }> {
  return Array.from({ length: sectors.length * carts.length }, (_, i) => {
    const sector = i % sectors.length;
    const cart = Math.floor(i / sectors.length) % carts.length;
    const appointment = appointments[sector]?.[cart] ?? { id: '', token: '' };
    return {
      path: `${pathFor(ENDPOINTS.availability)}?appointment_id=${appointment.id}&country=cl&items=${carts[cart]?.items.join(',')}`,
      headers: { 'x-appointment-token': appointment.token },
    };
  });
}

/**
 * Appointments to ask availability with: one per sector and cart (the cart is sent as `items`,
 * as the widget does), each with its own access token.
 */
export async function appointmentsIn(
  databaseUrl: string,
  sectors: readonly GeneratedSector[],
  carts: number,
): Promise<Array<Array<{ id: string; token: string }>>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const out: Array<Array<{ id: string; token: string }>> = [];
    for (const sector of sectors) {
      const tokens = Array.from({ length: carts }, () => randomBytes(32).toString('base64url'));
      const rows = await client.query<{ id: string }>(
        `insert into appointments (token_hash, sales_source, country, region, comuna, address_line_1,
           target_address, target_street_number, target_lat, target_lng, sector_id)
         select h, 'marketplace', 'cl', 'Aysén', $2, 'Camino Austral 100', 'Camino Austral 100, ' || $2,
           '100', -45.0, -72.5, $3
         from unnest($1::text[]) with ordinality as t(h, i) order by i
         returning id`,
        [tokens.map(hashAppointmentToken), sector.name, sector.id],
      );
      out.push(rows.rows.map((row, i) => ({ id: row.id, token: tokens[i] ?? '' })));
    }
    return out;
  } finally {
    await client.end();
  }
}

/**
 * Carts whose needed skills differ (lab / vaccine / lab and vaccine / vaccine and medical
 * service / lab and medical service), each from real catalogue items of Chile: with the varied
 * roster they are answered by 75, 75, 50, 50 and 25 of every 100 nurses.
 */
export async function cartsBySkills(
  databaseUrl: string,
): Promise<Array<{ skills: string; items: number[] }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ skill: ServiceSkill; ids: number[] }>(
      `select skill, (array_agg(id order by id))[1:2] as ids from catalogue_items
       where country = 'cl' and active and resourcetype is not null group by skill`,
    );
    const of = (skill: ServiceSkill) => {
      const ids = rows.rows.find((row) => row.skill === skill)?.ids;
      if (!ids?.length) throw new Error(`sector dataset: no active Chilean ${skill} item in the catalogue`);
      return ids.map(Number);
    };
    const carts: ServiceSkill[][] = [
      ['lab'],
      ['vaccine'],
      ['lab', 'vaccine'],
      ['vaccine', 'medical_service'],
      ['lab', 'medical_service'],
    ];
    // Two items of a skill when there are two, so a cart is not always a single exam.
    return carts.map((skills) => ({ skills: skills.join('+'), items: skills.flatMap(of) }));
  } finally {
    await client.end();
  }
}
