import { pathFor } from '@visita/domain/contract/endpoint';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { addDays, addMonths } from '@visita/domain/availability';
import pg from 'pg';
import { hashAppointmentToken } from '../../apps/api/src/modules/appointments/access.ts';
import { isoWeekday, localParts, shiftBlocks } from '../../apps/api/src/modules/scheduling/blocks.ts';

/**
 * The time-availability scenario of one demo sector with N nurses (all skills, shifts
 * Monday to Friday 08:00-18:00 and Saturday 09:00-14:00 in the sector's zone) and M confirmed
 * visits spread over the horizon's blocks. Bulk statements only (unnest), so 20,000 visits load
 * in about a second. Needs a migrated database with the demo coverage seeded.
 */
export interface SchedulingDataset {
  sectorId: number;
  timeZone: string;
  nurseIds: number[];
  /** An appointment in the sector, to query availability with. */
  appointment: { id: string; token: string };
  visits: number;
}

const SHIFTS: Array<[number, string, string]> = [
  [1, '08:00', '18:00'],
  [2, '08:00', '18:00'],
  [3, '08:00', '18:00'],
  [4, '08:00', '18:00'],
  [5, '08:00', '18:00'],
  [6, '09:00', '14:00'],
];

export async function generateSchedulingDataset(
  databaseUrl: string,
  options: { nurses: number; visits: number; sectorName?: string; now?: Date },
): Promise<SchedulingDataset> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sectorName = options.sectorName ?? 'Las Condes';
    const sector = await client.query<{ id: number; time_zone: string }>(
      `select id, time_zone from sectors where name = $1 and sales_source = 'marketplace' and country = 'cl' limit 1`,
      [sectorName],
    );
    const row = sector.rows[0];
    if (!row)
      throw new Error(`scheduling dataset: no marketplace sector named ${sectorName} (seed the demo first)`);
    const timeZone = row.time_zone;

    await client.query('begin');
    const nurses = await client.query<{ id: number }>(
      `insert into nurses (name, skills)
       select 'Enfermera ' || i, '["lab","vaccine","medical_service"]'::jsonb from generate_series(1, $1) i
       returning id`,
      [options.nurses],
    );
    const nurseIds = nurses.rows.map((nurse) => Number(nurse.id));
    await client.query(`insert into nurse_sectors (nurse_id, sector_id) select unnest($1::int[]), $2`, [
      nurseIds,
      row.id,
    ]);
    await client.query(
      `insert into nurse_shifts (nurse_id, weekday, starts_at, ends_at, time_zone)
       select n, s.weekday, s.starts_at, s.ends_at, $2
       from unnest($1::int[]) n
       cross join unnest($3::int[], $4::text[], $5::text[]) as s(weekday, starts_at, ends_at)`,
      [nurseIds, timeZone, SHIFTS.map((s) => s[0]), SHIFTS.map((s) => s[1]), SHIFTS.map((s) => s[2])],
    );

    // Every block of the horizon, then distinct (nurse, block) pairs spread by a coprime stride.
    const now = options.now ?? new Date();
    const today = localParts(now, timeZone).date;
    const to = addMonths(today, 1);
    const starts: number[] = [];
    for (let date = addDays(today, 1); date <= to; date = addDays(date, 1)) {
      for (const [weekday, startsAt, endsAt] of SHIFTS)
        if (weekday === isoWeekday(date))
          for (const block of shiftBlocks(date, startsAt, endsAt, timeZone)) starts.push(block.start);
    }
    const slots = nurseIds.length * starts.length;
    const count = Math.min(options.visits, slots);
    let stride = 7919;
    while (gcd(stride, slots) !== 1) stride += 2;
    const visitNurses: number[] = [];
    const visitStarts: string[] = [];
    const visitEnds: string[] = [];
    for (let i = 0; i < count; i++) {
      const pair = (i * stride) % slots;
      visitNurses.push(nurseIds[pair % nurseIds.length] ?? 0);
      const start = starts[Math.floor(pair / nurseIds.length)] ?? 0;
      visitStarts.push(new Date(start).toISOString());
      visitEnds.push(new Date(start + 3_600_000).toISOString());
    }
    // One appointment per visit (a visit belongs to one appointment), all confirmed, each with the
    // frozen quote a confirmation stores (nothing owed: the visits only fill the agenda), so the
    // server's background backfill of quotes has nothing to do while the bench measures.
    const created = await client.query<{ id: string }>(
      `insert into appointments (token_hash, status, sales_source, country, region, comuna, address_line_1,
         target_address, target_street_number, target_lat, target_lng, sector_id, quote)
       select md5(random()::text), 'confirmed', 'marketplace', 'cl', 'Región Metropolitana de Santiago',
         $2, 'Avenida Apoquindo 4500', 'Avenida Apoquindo 4500, ' || $2, '4500', -33.4129, -70.5799, $3,
         jsonb_build_object('v', 1, 'frozen_at', now(), 'coupon_code', null, 'currency', 'CLP',
           'lines', '[]'::jsonb,
           'price', jsonb_build_object('base_price', 0, 'service_fee', 0, 'discount', 0, 'net_price', 0,
             'fonasa_discount', 0, 'payment_at_home', 0),
           'due', jsonb_build_object('total', 0, 'online', 0, 'company', 0, 'at_address', 0),
           'cart_hash', md5('[]'::jsonb::text))
       from generate_series(1, $1)
       returning id`,
      [count, sectorName, row.id],
    );
    await client.query(
      `insert into visits (appointment_id, nurse_id, block_start, block_end, status)
       select a, n, s, e, 'confirmed'
       from unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::timestamptz[]) as v(a, n, s, e)`,
      [created.rows.map((r) => r.id), visitNurses, visitStarts, visitEnds],
    );
    const token = randomBytes(32).toString('base64url');
    const appointment = await client.query<{ id: string }>(
      `insert into appointments (token_hash, sales_source, country, region, comuna, address_line_1,
         target_address, target_street_number, target_lat, target_lng, sector_id)
       values ($1, 'marketplace', 'cl', 'Región Metropolitana de Santiago', $2, 'Avenida Apoquindo 4500',
         'Avenida Apoquindo 4500, ' || $2, '4500', -33.4129, -70.5799, $3)
       returning id`,
      [hashAppointmentToken(token), sectorName, row.id],
    );
    await client.query('commit');
    return {
      sectorId: row.id,
      timeZone,
      nurseIds,
      appointment: { id: appointment.rows[0]?.id ?? '', token },
      visits: count,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Smoke run (no assertions, not a benchmark): `npx tsx bench/lib/scheduling-dataset.ts <url>`
 * on an empty database: migrates, seeds the demo, loads 200 nurses and 20,000 visits, and times
 * a few hundred sequential time-availability calls through the app in-process.
 */
async function smoke(url: string): Promise<void> {
  const { openDatabase } = await import('../../apps/api/src/db/database.ts');
  const { runSeeds } = await import('../../apps/api/src/db/seed/run-seeds.ts');
  const { DEMO_SEEDS } = await import('../../apps/api/src/db/seed/demo.ts');
  const { buildApp } = await import('../../apps/api/src/app.ts');
  const { loadConfig } = await import('../../apps/api/src/config.ts');
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  await database.migrate();
  await runSeeds(database.db, DEMO_SEEDS);
  const started = Date.now();
  const dataset = await generateSchedulingDataset(url, { nurses: 200, visits: 20_000 });
  console.info(
    `dataset: ${dataset.nurseIds.length} nurses, ${dataset.visits} visits in ${Date.now() - started} ms`,
  );
  const app = await buildApp({
    config: loadConfig({ SEED: 'none', DATA_DIR: '/tmp/visita-bench-unused' }),
    database,
  });
  const url_ = `${pathFor(ENDPOINTS.availability)}?appointment_id=${dataset.appointment.id}&country=cl`;
  const times: number[] = [];
  let blocks = 0;
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: url_,
      headers: { 'x-appointment-token': dataset.appointment.token },
    });
    times.push(performance.now() - t0);
    if (response.statusCode !== 200) throw new Error(`availability answered ${response.statusCode}`);
    blocks = (response.json() as { data: unknown[] }).data.length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  console.info(`availability: ${blocks} blocks; sequential p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
  await app.close();
  await database.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('usage: tsx bench/lib/scheduling-dataset.ts <postgres url of an empty database>');
  await smoke(url);
}
