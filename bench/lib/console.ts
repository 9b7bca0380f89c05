/**
 * The operations console's rows: a sector-day's agenda and the appointment search over the scale
 * dataset's 200,000 visits, at 50 requests a second each, and the travel the day's reassignment
 * saves on that dataset. The console signs in with a cookie; the bench writes an operator and a
 * session straight to the database (as the API's tests do), since what is measured is the route,
 * not argon2 and a TOTP code.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LoadRequest } from './load.ts';
import type { GeneratedSector } from './sector-dataset.ts';

const COOKIE = '__Secure-visita-console';

/** A signed-in admin's cookie header. */
export async function consoleCookie(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const operator = await client.query<{ id: string }>(
      `insert into operators (email, name, role, password_hash, must_change_password)
       values ($1, 'Bench', 'admin', '$argon2id$v=19$m=19456,t=2,p=1$none$none', false) returning id`,
      [`bench-${randomUUID().slice(0, 8)}@visita.localhost`],
    );
    const id = operator.rows[0]?.id;
    await client.query(
      `insert into operator_totp (operator_id, secret_enc, confirmed_at) values ($1, 'none', now())`,
      [id],
    );
    const token = randomUUID() + randomUUID();
    await client.query(
      `insert into operator_sessions (token_hash, operator_id, stage, expires_at)
       values ($1, $2, 'active', now() + interval '12 hours')`,
      [createHash('sha256').update(token, 'utf8').digest('hex'), id],
    );
    return `${COOKIE}=${token}`;
  } finally {
    await client.end();
  }
}

/** 'YYYY-MM-DD', `offset` days from today (UTC). */
const dayFromToday = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** One sector-day's agenda per request, cycling through the sectors and the coming week. */
export function agendaRequests(sectors: readonly GeneratedSector[], cookie: string): LoadRequest[] {
  return Array.from({ length: sectors.length * 7 }, (_, i) => ({
    path: `/api/console/agenda/day?sector_id=${sectors[i % sectors.length]?.id}&date=${dayFromToday(1 + Math.floor(i / sectors.length))}`,
    headers: { cookie },
  }));
}

/**
 * Searches as the people on the phone make them, cycling: a patient's last name (common, many
 * matches: the first page), a full name, a RUT, an e-mail, and a day's visits of every partner.
 */
export async function searchRequests(
  databaseUrl: string,
  sectors: readonly GeneratedSector[],
  cookie: string,
): Promise<LoadRequest[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sample = await client.query<{ first: string; last: string; document: string; email: string }>(
      `select patients->0->>'first_name' as first, patients->0->>'last_name' as last,
              patients->0->>'document_number' as document, patients->0->>'email' as email
       from appointments where sector_id = any($1::int[]) and jsonb_array_length(patients) > 0
       order by md5(id::text) limit 60`,
      [sectors.map((sector) => sector.id)],
    );
    const queries: string[] = [];
    for (const [i, row] of sample.rows.entries()) {
      const q = [row.last, `${row.first} ${row.last}`, row.document, row.email][i % 4] ?? row.last;
      queries.push(`q=${encodeURIComponent(q)}`);
    }
    for (let day = 1; day <= 7; day++) queries.push(`from=${dayFromToday(day)}&to=${dayFromToday(day)}`);
    return queries.map((query) => ({ path: `/api/console/appointments?${query}`, headers: { cookie } }));
  } finally {
    await client.end();
  }
}

export interface TravelSaving {
  sectorDays: number;
  visits: number;
  meters: number;
  plannedMeters: number;
  moves: number;
  /** The slowest answer of the route endpoint (the plan is computed on each call). */
  maxMs: number;
}

/** The day's travel and the plan's, summed over each sector for the next `days` days. */
export async function travelSaving(
  baseUrl: string,
  sectors: readonly GeneratedSector[],
  cookie: string,
  days = 3,
): Promise<TravelSaving> {
  const saving: TravelSaving = { sectorDays: 0, visits: 0, meters: 0, plannedMeters: 0, moves: 0, maxMs: 0 };
  for (const sector of sectors) {
    for (let day = 1; day <= days; day++) {
      const started = performance.now();
      const response = await fetch(
        `${baseUrl}/api/console/agenda/route?sector_id=${sector.id}&date=${dayFromToday(day)}`,
        { headers: { cookie } },
      );
      saving.maxMs = Math.max(saving.maxMs, Math.round(performance.now() - started));
      if (!response.ok) throw new Error(`route ${sector.id}: ${response.status} ${await response.text()}`);
      const route = (await response.json()) as {
        meters: number;
        nurses: Array<{ visits: string[] }>;
        plan: { meters: number; moves: unknown[] };
      };
      saving.sectorDays += 1;
      saving.visits += route.nurses.reduce((sum, nurse) => sum + nurse.visits.length, 0);
      saving.meters += route.meters;
      saving.plannedMeters += route.plan.meters;
      saving.moves += route.plan.moves.length;
    }
  }
  return saving;
}
