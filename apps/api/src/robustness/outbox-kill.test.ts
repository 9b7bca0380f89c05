import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { type ParsedMail, simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_ADDRESS, SEED_PATIENT } from './seeds.ts';

/**
 * A server killed while it delivers an e-mail loses nothing: the e-mail was written with the
 * confirmation, the killed worker's claim lapses, and the next server delivers it.
 */

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const HEMOGRAMA = 1;
const PATIENT = { ...SEED_PATIENT, items: [HEMOGRAMA] };

async function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
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
  return { child, exited, address, output: () => output };
}

/** An SMTP server in the test: `hang` takes a message and never answers it. */
async function smtpServer(hang: boolean) {
  const received: ParsedMail[] = [];
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      started += 1;
      if (hang) {
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => callback(), callback);
    },
  });
  // The test kills the API mid-delivery: the connection it held is reset (ECONNRESET), which is
  // expected here and, unheard, would be an uncaught error of the test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    started: () => started,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Store {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

function pgliteStore(): Store {
  const dataDir = mkdtempSync(join(tmpdir(), 'visita-outbox-kill-'));
  return {
    env: { DATA_DIR: dataDir, WIDGET_DIST: dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresStore(adminUrl: string): Promise<Store> {
  const name = `visita_outbox_kill_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'visita-outbox-kill-pg-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, WIDGET_DIST: dataDir },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const STORES: Array<{ name: string; create: () => Promise<Store> }> = [
  { name: 'pglite', create: async () => pgliteStore() },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) STORES.push({ name: 'postgres', create: () => postgresStore(adminUrl) });

describe.each(STORES)('the outbox when its server is killed mid-delivery, on $name', ({ create }) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('delivers the confirmation e-mail after the restart', async () => {
    const store = await create();
    cleanups.push(() => store.dispose());
    const stuck = await smtpServer(true);
    const working = await smtpServer(false);
    cleanups.push(stuck.close, working.close);
    const env = { ...store.env, MAIL: 'smtp', OUTBOX_LEASE_MS: '3000' };

    let server = await startServer({ ...env, SMTP_URL: stuck.url });
    cleanups.push(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    const call = async (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await fetch(`${server.address}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
      return JSON.parse(text) as Record<string, unknown>;
    };

    // A booking, to its card payment.
    const { id, token } = (await call('POST', '/api/v2/appointments/', SEED_ADDRESS)) as {
      id: string;
      token: string;
    };
    const auth = { [APPOINTMENT_TOKEN_HEADER]: token };
    await call('PATCH', `/api/v2/appointments/${id}/patients/`, { patients: [PATIENT] }, auth);
    const query = new URLSearchParams({
      appointment_id: id,
      locality: SEED_ADDRESS.comuna,
      country: 'cl',
      region: SEED_ADDRESS.region,
      items: String(HEMOGRAMA),
    });
    const [block] = (await call('GET', `/api/v2/time-availability/?${query}`, undefined, auth))
      .data as Array<{
      date: string;
      begin_time: string;
      end_time: string;
    }>;
    if (!block) throw new Error('no block offered');
    await call(
      'POST',
      `/api/v2/appointments/${id}/schedule/`,
      { begin_date: `${block.date} ${block.begin_time}:00`, end_date: `${block.date} ${block.end_time}:00` },
      auth,
    );
    await call(
      'POST',
      `/api/v2/appointments/${id}/finalize/`,
      { patients: [PATIENT], sales_source: 'marketplace' },
      auth,
    );
    const owed = (
      (await call('GET', `/api/payments/appointments/${id}/payment_summary/`, undefined, auth)).data as {
        appointment: { net_price: number; payment_at_home: number };
      }
    ).appointment;
    const card = await call('POST', '/api/v2/sandbox/card-tokens/', {
      card_number: '4111111111111111',
      cardholder_name: 'APRO',
      expiration_month: 12,
      expiration_year: new Date().getUTCFullYear() + 1,
      security_code: '123',
    });
    await call(
      'POST',
      `/api/v2/mercado-pago/${id}/card/`,
      { token: card.id, payment_method_id: 'visa', amount: owed.net_price - owed.payment_at_home },
      auth,
    );

    // The e-mail is on its way to a server that never answers: the worker is mid-delivery.
    const until = Date.now() + 20_000;
    while (stuck.started() === 0) {
      if (Date.now() > until) throw new Error(`no delivery started:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    // The log never carried the address or the content.
    expect(server.output()).not.toContain('valentina.morales@correo.cl');

    server = await startServer({ ...env, SMTP_URL: working.url });
    await expect
      .poll(() => working.received.length, { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(1);
    const [mail] = working.received;
    expect(mail?.subject).toBe('Tu visita a domicilio está confirmada · Demo Salud');
    expect(mail?.text).toContain(id.slice(0, 8).toUpperCase());
    expect((mail?.to as { text: string } | undefined)?.text).toBe('valentina.morales@correo.cl');
  }, 120_000);
});
