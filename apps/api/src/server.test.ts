import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'visita-server-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WIDGET_DIST: dataDir,
      ...env,
    },
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
  return { child, exited, output: () => output };
}

/** A port nothing listens on now (the system picks it, the socket is closed at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server process', () => {
  it('refuses to start on a bad configuration, naming every bad variable', async () => {
    const server = start({ PORT: 'abc', GEOCODER: 'bing' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Configuración inválida');
    expect(server.output()).toContain('PORT="abc"');
    expect(server.output()).toContain('GEOCODER="bing"');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'migrates, seeds, listens, and on %s shuts down cleanly',
    async (signal) => {
      const server: { child: ChildProcess; exited: Promise<number | null>; output: () => string } = start({
        LOG_LEVEL: 'info',
      });
      await waitFor(() => server.output().includes('Server listening'), 30_000);
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
      expect(address).toBeDefined();
      const health = await fetch(`${address}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
      expect(await (await fetch(`${address}/api/health/live`)).json()).toEqual({ status: 'ok' });
      // Ready once started: its worker passes, every migration is applied.
      const ready = await fetch(`${address}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: {
          database: 'ok',
          migrations: 'current',
          pending_migrations: [],
          outbox: 'alive',
          shutting_down: false,
        },
      });
      const config = await fetch(`${address}/api/alliances/clients/sdk-config/?id=demo`);
      expect(config.status).toBe(200);

      server.child.kill(signal);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
      // Only this machine reaches it: the demo's public tokens are no one else's business.
      expect(server.output()).not.toContain('Credenciales de demostración');
    },
  );

  it('serves the metrics on METRICS_PORT, its own listener, and nothing else there', async () => {
    const metricsPort = await freePort();
    const server = start({ LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) });
    try {
      await waitFor(() => server.output().includes('metrics listening'), 30_000);
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toContain('# TYPE visita_appointments gauge');
      expect(text).toContain('# TYPE visita_http_request_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

  it('warns at start, naming the clients, that the demo staff tokens are public when others can reach it', async () => {
    const server = start({ LOG_LEVEL: 'info', HOST: '0.0.0.0' });
    try {
      await waitFor(
        () => server.output().includes('Server listening') || server.child.exitCode !== null,
        30_000,
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const warning = server
      .output()
      .split('\n')
      .find((line) => line.includes('Credenciales de demostración activas'));
    expect(warning, server.output()).toBeDefined();
    expect(JSON.parse(warning ?? '{}')).toMatchObject({ level: 40, host: '0.0.0.0' });
    expect(warning).toContain('demo-laas, demo-laas-lm');
    expect(server.output()).not.toContain('demo-laas-token');
  });

  it('keeps patient data and tokens out of its logs', async () => {
    const server = start({ LOG_LEVEL: 'info' });
    try {
      await waitFor(() => server.output().includes('Server listening'), 30_000);
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
      await fetch(`${address}/api/users/find_by_identifier/?identifier=11.111.111-1`);
      await fetch(`${address}/api/v2/caja-los-andes/rut-status/?rut=11.111.111-1`);
      await fetch(`${address}/api/v2/appointments/6d2f1a3c-4b5e-4f60-8a71-9b0c1d2e3f40/`, {
        headers: { 'x-appointment-token': 'secreto-de-prueba-1234567890' },
      });
      await fetch(`${address}/api/alliances/clients/demo-laas/patients/`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-laas-token', 'content-type': 'application/json' },
        body: JSON.stringify({
          patient: { first_name: 'Zacarías', last_name: 'Quintanilla', email: 'zq@example.cl' },
        }),
      });
      // The requests were logged (by method and path), but none of the values.
      expect(server.output()).toContain('find_by_identifier');
      for (const secret of [
        '11.111.111-1',
        'secreto-de-prueba',
        'demo-laas-token',
        'Zacarías',
        'zq@example.cl',
      ]) {
        expect(server.output()).not.toContain(secret);
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('refuses to open an embedded database another server holds, naming it', async () => {
    const first = start({ LOG_LEVEL: 'info' });
    try {
      await waitFor(() => first.output().includes('Server listening'), 30_000);
      const second = start({ LOG_LEVEL: 'info' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `La base de datos embebida de ${dataDir} está abierta por el servidor (pid ${first.child.pid})`,
      );
      expect(second.output()).not.toContain('Server listening');
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('needs PostgreSQL to run several workers', async () => {
    const server = start({ WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('DATABASE_URL: es obligatoria con WEB_CONCURRENCY=2');
  });

  // Several workers share one PostgreSQL: run where CI provides one (TEST_DATABASE_URL).
  const postgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];
  it.each(postgres)(
    'WEB_CONCURRENCY=2 runs two workers on one port and stops them together',
    async (adminUrl) => {
      const name = `visita_cluster_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const server = start({ WEB_CONCURRENCY: '2', DATABASE_URL: url.toString(), LOG_LEVEL: 'info' });
      try {
        await waitFor(() => (server.output().match(/"msg":"ready"/g) ?? []).length === 2, 60_000);
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => fetch(`${address}/api/health`).then((r) => r.json())),
        );
        expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 'ok', database: 'postgres' })));
        const pids = new Set(
          [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"ready"/g)].map((m) => m[1]),
        );
        expect(pids.size).toBe(2);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect((server.output().match(/shutting down/g) ?? []).length).toBe(2);
      } finally {
        server.child.kill('SIGKILL');
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );

  it.each(postgres)(
    'WEB_CONCURRENCY=2 comes back when every worker is killed at once, and still stops with 0',
    async (adminUrl) => {
      const name = `visita_respawn_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // A fixed port, as in production: with every worker gone the shared socket closes, and the
      // replacements must take the same port again for the service to be back where it was.
      const port = await freePort();
      const server = start({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: url.toString(),
        LOG_LEVEL: 'info',
        PORT: String(port),
      });
      const readyPids = () =>
        [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"ready"/g)].map((m) => Number(m[1]));
      try {
        await waitFor(() => readyPids().length === 2, 60_000);
        const address = `http://127.0.0.1:${port}`;
        expect((await fetch(`${address}/api/health`)).status).toBe(200);
        const first = readyPids();
        // Both at once: nothing is left to serve, and nothing but the primary can bring them back.
        for (const pid of first) process.kill(pid, 'SIGKILL');
        await waitFor(() => readyPids().length === 4 || server.child.exitCode !== null, 60_000);
        expect(server.child.exitCode, server.output()).toBeNull();
        const replacements = readyPids().slice(2);
        expect(replacements.filter((pid) => first.includes(pid))).toEqual([]);
        const health = await fetch(`${address}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });

        // A stop asked for is still a clean exit.
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});
