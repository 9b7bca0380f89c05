import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { SEED_ADDRESS } from '../robustness/seeds.ts';
import { openDatabase, type Database } from './database.ts';
import { DEMO_SEEDS } from './seed/demo.ts';
import { runSeeds } from './seed/run-seeds.ts';

/**
 * deploy/postgres-roles.sql as the operations guide runs it (psql, as a superuser), then the
 * migrations as the owner role (npm run migrate) and the server as the app role: it books, and
 * it can change no table. PostgreSQL only (TEST_DATABASE_URL, as .ci/run sets).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ROLES_SQL = fileURLToPath(new URL('../../../../deploy/postgres-roles.sql', import.meta.url));
const MIGRATE = fileURLToPath(new URL('../cli/migrate.ts', import.meta.url));
const psql =
  (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
    .map((version) => `/usr/lib/postgresql/${version}/bin/psql`)
    .find((path) => existsSync(path)) ?? 'psql';

describe.runIf(ADMIN_URL)('PostgreSQL with least privileges (deploy/postgres-roles.sql)', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `visita_owner_${suffix}`;
  const app = `visita_app_${suffix}`;
  const name = `visita_${suffix}`;
  const urlAs = (role: string) => {
    const url = new URL(ADMIN_URL ?? '');
    url.username = role;
    url.password = `clave-${suffix}`;
    url.pathname = `/${name}`;
    return url.toString();
  };
  let database: Database | undefined;

  beforeAll(() => {
    // The file as written, its three names made unique for this run.
    const script = readFileSync(ROLES_SQL, 'utf8')
      .replaceAll('visita_owner', owner)
      .replaceAll('visita_app', app)
      .replace('CREATE DATABASE visita ', `CREATE DATABASE ${name} `)
      .replace('\\connect visita', `\\connect ${name}`);
    const ran = spawnSync(
      psql,
      [
        '-v',
        'ON_ERROR_STOP=1',
        '-v',
        `owner_password='clave-${suffix}'`,
        '-v',
        `app_password='clave-${suffix}'`,
        ADMIN_URL ?? '',
      ],
      { input: script, encoding: 'utf8' },
    );
    expect(ran.status, ran.stderr).toBe(0);
  });
  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${app}`);
    await admin.query(`DROP ROLE IF EXISTS ${owner}`);
    await admin.end();
  });

  it('migrates as the owner, serves and books as the app role, which can alter nothing', async () => {
    const migrated = spawnSync(process.execPath, ['--import', 'tsx', MIGRATE], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: urlAs(owner) },
      encoding: 'utf8',
    });
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(/Migraciones aplicadas \(\d+\)/);

    database = await openDatabase({ kind: 'postgres', url: urlAs(app), poolSize: 4 });
    await runSeeds(database.db, DEMO_SEEDS);
    const config = loadConfig({ SEED: 'none', MIGRATE_ON_START: 'false', DATABASE_URL: urlAs(app) });
    const server = await buildApp({ config, database });
    try {
      const ready = await server.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      const created = await server.inject({
        method: 'POST',
        url: '/api/v2/appointments/',
        payload: SEED_ADDRESS,
      });
      expect(created.statusCode, created.body).toBe(201);
    } finally {
      await server.close();
    }
    const client = new pg.Client({ connectionString: urlAs(app) });
    await client.connect();
    try {
      for (const statement of [
        'create table intruder (id int)',
        'alter table appointments add column intruder text',
        'drop table payments',
        'truncate audit_log',
      ]) {
        await expect(client.query(statement), statement).rejects.toThrow(/permission denied|must be owner/);
      }
    } finally {
      await client.end();
    }
  }, 120_000);
});
