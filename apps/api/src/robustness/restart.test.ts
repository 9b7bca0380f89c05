import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { visits } from '../db/schema.ts';
import { SEED_ADDRESS, SEED_PATIENT } from './seeds.ts';

/**
 * A restart of the server mid-flow loses no appointment. The real server process
 * (server.ts) is started on a database that outlives it, an appointment is created and given a
 * block, the process is stopped (SIGTERM, then SIGKILL, which skips the graceful shutdown) and
 * started again on the same data, and the booking goes on to its confirmation.
 */

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const HEMOGRAMA = 1;
const VISA = '4111111111111111';

const ADDRESS = SEED_ADDRESS;
const PATIENT = { ...SEED_PATIENT, items: [HEMOGRAMA] };

interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  address: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + 60_000;
  let address: string | undefined;
  while (!(address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1])) {
    if (Date.now() > until || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited, output: () => output, address };
}

/** A database that outlives the server process: a PGlite folder, or a fresh PostgreSQL database. */
interface Store {
  name: string;
  env: Record<string, string>;
  /** The visits table, read once the server is stopped (PGlite allows one process at a time). */
  visits(): Promise<Array<typeof visits.$inferSelect>>;
  dispose(): Promise<void>;
}

function pgliteStore(): Store {
  const dataDir = mkdtempSync(join(tmpdir(), 'visita-restart-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir, WIDGET_DIST: dataDir },
    async visits() {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        return await database.db.select().from(visits);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresStore(adminUrl: string): Promise<Store> {
  const name = `visita_restart_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'visita-restart-pg-'));
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, WIDGET_DIST: dataDir },
    async visits() {
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        return await database.db.select().from(visits);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const STORES: Array<() => Promise<Store>> = [async () => pgliteStore()];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) STORES.push(() => postgresStore(adminUrl));

describe.each(STORES.map((create, index) => ({ create, name: index === 0 ? 'pglite' : 'postgres' })))(
  'a restart of the server mid-flow on $name',
  ({ create }) => {
    let store: Store | undefined;
    let server: Server | undefined;
    afterAll(async () => {
      server?.child.kill('SIGKILL');
      await server?.exited;
      await store?.dispose();
    });

    it('loses no appointment, hold or token, and the booking goes on to its confirmation', async () => {
      const opened = await create();
      store = opened;
      const env = opened.env;
      const call = async (
        method: string,
        path: string,
        options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
      ) => {
        if (!server) throw new Error('no server');
        const response = await fetch(`${server.address}${path}`, {
          method,
          headers: {
            ...(options.token ? { [APPOINTMENT_TOKEN_HEADER]: options.token } : {}),
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...options.headers,
          },
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        });
        const text = await response.text();
        return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
      };
      /** Stops the server, reads the appointment's visits while it is down, and starts it again. */
      const restart = async (signal: 'SIGTERM' | 'SIGKILL', appointmentId: string) => {
        if (!server) throw new Error('no server');
        server.child.kill(signal);
        const code = await server.exited;
        // SIGTERM is the graceful shutdown (exit 0); SIGKILL gives the process no say.
        if (signal === 'SIGTERM') expect(code, server.output()).toBe(0);
        const rows = (await opened.visits()).filter((row) => row.appointmentId === appointmentId);
        server = await startServer(env);
        return rows;
      };

      server = await startServer(env);

      // Create the appointment, give it its patient's cart and a block.
      const created = await call('POST', '/api/v2/appointments/', { body: ADDRESS });
      expect(created.status, created.text).toBe(201);
      const { id, token } = created.json() as { id: string; token: string };
      const patched = await call('PATCH', `/api/v2/appointments/${id}/patients/`, {
        token,
        body: { patients: [PATIENT] },
      });
      expect(patched.status, patched.text).toBe(200);
      const query = new URLSearchParams({
        appointment_id: id,
        locality: ADDRESS.comuna,
        country: 'cl',
        region: ADDRESS.region,
        items: String(HEMOGRAMA),
      });
      const offered = await call('GET', `/api/v2/time-availability/?${query}`, { token });
      expect(offered.status, offered.text).toBe(200);
      const [first] = (
        offered.json() as { data: Array<{ date: string; begin_time: string; end_time: string }> }
      ).data;
      if (!first) throw new Error(`no block offered: ${offered.text}`);
      const scheduled = await call('POST', `/api/v2/appointments/${id}/schedule/`, {
        token,
        body: {
          begin_date: `${first.date} ${first.begin_time}:00`,
          end_date: `${first.date} ${first.end_time}:00`,
        },
      });
      expect(scheduled.status, scheduled.text).toBe(200);
      const before = await call('GET', `/api/v2/appointments/${id}/`, { token });
      expect(before.status, before.text).toBe(200);
      expect(before.json()).toMatchObject({ id, status: 'scheduled' });

      // A graceful stop: the appointment, its block and its token are there after the restart.
      const heldAfterTerm = await restart('SIGTERM', id);
      // Its hold: one visit, still a live hold on a nurse.
      expect(heldAfterTerm).toHaveLength(1);
      const [hold] = heldAfterTerm;
      expect(hold?.status).toBe('hold');
      expect(hold?.expiresAt?.getTime()).toBeGreaterThan(Date.now());
      const afterTerm = await call('GET', `/api/v2/appointments/${id}/`, { token });
      expect(afterTerm.status, afterTerm.text).toBe(200);
      expect(afterTerm.json()).toEqual(before.json());
      // The token still opens only this appointment: a wrong one is refused as before.
      expect((await call('GET', `/api/v2/appointments/${id}/`, { token: 'x'.repeat(43) })).status).toBe(404);

      const finalized = await call('POST', `/api/v2/appointments/${id}/finalize/`, {
        token,
        body: { patients: [PATIENT], sales_source: 'marketplace' },
      });
      expect(finalized.status, finalized.text).toBe(200);

      // A crash (no shutdown at all) just before paying: nothing committed is lost.
      const heldAfterKill = await restart('SIGKILL', id);
      // The same hold, untouched by the crash.
      expect(heldAfterKill).toEqual(heldAfterTerm);
      const afterKill = await call('GET', `/api/v2/appointments/${id}/`, { token });
      expect(afterKill.status, afterKill.text).toBe(200);
      expect(afterKill.json()).toMatchObject({ id, status: 'scheduled' });

      // A second appointment at the same address, which will ask for the same block.
      const other = await call('POST', '/api/v2/appointments/', { body: ADDRESS });
      const otherToken = (other.json() as { token: string }).token;
      const otherId = (other.json() as { id: string }).id;

      // The flow goes on to its confirmation.
      const price = await call('POST', '/api/v2/cart-price/', {
        body: {
          country: 'cl',
          locality: ADDRESS.comuna,
          source: 'marketplace',
          patients: [{ is_fonasa: false, items: [HEMOGRAMA], packs: [] }],
        },
      });
      expect(price.status, price.text).toBe(200);
      const quote = price.json() as { net_price: number; payment_at_home: number };
      const card = await call('POST', '/api/v2/sandbox/card-tokens/', {
        body: {
          card_number: VISA,
          cardholder_name: 'APRO',
          expiration_month: 12,
          expiration_year: new Date().getUTCFullYear() + 1,
          security_code: '123',
        },
      });
      expect(card.status, card.text).toBe(201);
      const paid = await call('POST', `/api/v2/mercado-pago/${id}/card/`, {
        headers: { authorization: `Bearer ${token}` },
        body: {
          token: (card.json() as { id: string }).id,
          payment_method_id: 'visa',
          amount: quote.net_price - quote.payment_at_home,
        },
      });
      expect(paid.status, paid.text).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'approved' });
      const confirmed = await call('GET', `/api/v2/appointments/${id}/`, { token });
      expect(confirmed.json()).toMatchObject({ id, status: 'confirmed' });

      // The second appointment asks for the same block: another nurse, or a refusal, never the same nurse twice.
      const retry = await call('POST', `/api/v2/appointments/${otherId}/schedule/`, {
        token: otherToken,
        body: {
          begin_date: `${first.date} ${first.begin_time}:00`,
          end_date: `${first.date} ${first.end_time}:00`,
        },
      });
      expect(retry.status).toBeLessThan(500);

      // Stopped again, the database holds one confirmed visit for the appointment, and no nurse
      // has two live visits overlapping.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      server = undefined;
      const rows = await opened.visits();
      const mine = rows.filter((row) => row.appointmentId === id);
      expect(mine).toHaveLength(1);
      // The held visit itself became the confirmed one: same nurse, same block.
      expect(mine[0]).toMatchObject({
        id: hold?.id,
        nurseId: hold?.nurseId,
        blockStart: hold?.blockStart,
        status: 'confirmed',
      });
      const live = rows.filter((row) => row.status === 'confirmed' || row.status === 'hold');
      for (const a of live)
        for (const b of live)
          if (a !== b && a.nurseId === b.nurseId)
            expect(
              a.blockStart < b.blockEnd && b.blockStart < a.blockEnd,
              `nurse ${a.nurseId} booked twice at ${a.blockStart.toISOString()}`,
            ).toBe(false);
    }, 240_000);
  },
);
