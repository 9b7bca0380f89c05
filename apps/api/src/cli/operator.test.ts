import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { clients, operators } from '../db/schema.ts';
import { listEntityAudit } from '../modules/audit/queries.ts';
import { verifyPassword } from '../modules/console/passwords.ts';
import { TEST_ENGINES, type TestDatabase } from '../test-support/databases.ts';
import { runOperatorCli } from './operator.ts';

describe.each(TEST_ENGINES)('npm run operator on $name', (engine) => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    db = testDb.database.db;
    await db
      .insert(clients)
      .values({ id: 'socio-cli', name: 'Socio CLI', country: 'cl', salesSource: 'socio-cli' });
  }, 60_000);
  afterAll(async () => testDb?.dispose());

  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOperatorCli(
      db,
      args,
      { out: (l) => out.push(l), err: (l) => err.push(l) },
      'cli:test',
    );
    return { code, out, err };
  };
  const rowOf = async (email: string) =>
    (await db.select().from(operators).where(eq(operators.email, email)))[0];

  it('creates the first admin with a one-time password printed once, stored hashed, to change at first sign-in', async () => {
    const created = await run(
      'create',
      '--email',
      'Primera.Admin@Visita.cl',
      '--role',
      'admin',
      '--name',
      'Primera Admin',
    );
    expect(created.code, created.err.join('\n')).toBe(0);
    expect(created.err).toEqual([]);
    expect(created.out[0]).toBe('Operador creado: primera.admin@visita.cl (Administración).');
    const password = /^Contraseña de un solo uso: ([A-Za-z2-9]{16})$/.exec(created.out[1] ?? '')?.[1];
    expect(password).toBeDefined();
    expect(created.out.join('\n')).toContain('segundo factor');
    const row = await rowOf('primera.admin@visita.cl');
    expect(row).toMatchObject({
      name: 'Primera Admin',
      role: 'admin',
      mustChangePassword: true,
      active: true,
    });
    expect(row?.passwordHash).not.toContain(password);
    expect(await verifyPassword(row?.passwordHash ?? '', password ?? '')).toBe(true);
    const [entry] = await listEntityAudit(db, { entityType: 'operator', entityId: row?.id ?? '', limit: 1 });
    expect(entry).toMatchObject({ actor: 'cli:test', action: 'operator.created', operatorId: null });
    expect(JSON.stringify(entry)).not.toContain('argon2');
  });

  it('takes --flag=value, names the operator after the e-mail without --name, and gives a partner operator its partner', async () => {
    const created = await run('create', '--email=socio@cliente.cl', '--role=partner', '--client=socio-cli');
    expect(created.code, created.err.join('\n')).toBe(0);
    expect(created.out[0]).toBe('Operador creado: socio@cliente.cl (Socio del socio socio-cli).');
    expect(await rowOf('socio@cliente.cl')).toMatchObject({
      name: 'socio',
      role: 'partner',
      clientId: 'socio-cli',
    });
  });

  it('refuses in Spanish with exit code 1, writing nothing', async () => {
    await run('create', '--email', 'dup@visita.cl', '--role', 'finance');
    const cases: Array<[string[], string]> = [
      [
        ['create', '--email', 'DUP@visita.cl', '--role', 'coordinator'],
        'Ya existe un operador con ese correo.',
      ],
      [['create', '--email', 'x@visita.cl', '--role', 'root'], 'role: '],
      [['create', '--email', 'no-es-correo', '--role', 'admin'], 'email: correo no válido'],
      [['create', '--email', 'x@visita.cl'], 'Falta --role.'],
      [['create', '--role', 'admin'], 'Falta --email.'],
      [['create', '--email', 'x@visita.cl', '--role'], 'Falta el valor de --role.'],
      [
        ['create', '--email', 'x@visita.cl', '--role', 'admin', '--password', 'x'],
        'No conozco la opción --password.',
      ],
      [
        ['create', '--email', 'x@visita.cl', '--email', 'y@visita.cl', '--role', 'admin'],
        '--email va una sola vez.',
      ],
      [['create', '--email', 'x@visita.cl', '--role', 'partner'], 'debe indicar su socio'],
      [['create', '--email', 'x@visita.cl', '--role', 'partner', '--client', 'nadie'], 'No existe un socio'],
      [['create', '--email', 'x@visita.cl', '--role', 'admin', '--client', 'socio-cli'], 'solo ese rol'],
      [['create', '--email', 'x@visita.cl', '--role', 'admin', '--name', '<b>x</b>'], 'name: '],
      [['delete', '--email', 'x@visita.cl'], 'No conozco el comando delete.'],
      [[], 'Uso:'],
    ];
    for (const [args, message] of cases) {
      const refused = await run(...args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.out, args.join(' ')).toEqual([]);
      expect(refused.err.join('\n'), args.join(' ')).toContain(message);
    }
    expect(await rowOf('x@visita.cl')).toBeUndefined();
    expect((await rowOf('dup@visita.cl'))?.role).toBe('finance');
  });
});

/** The command as a person types it in the repository's root, on a fresh embedded database. */
describe('npm run operator -- create on the embedded database', () => {
  const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
  const dataDir = mkdtempSync(join(tmpdir(), 'visita-operator-cli-'));
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const sh = (command: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('sh', ['-c', command], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });

  it('migrates the database, creates the admin once, and refuses the same e-mail again', async () => {
    const created = await sh(
      'npm run operator -- create --email jefa@visita.cl --role admin --name "Jefa de turno"',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Operador creado: jefa@visita.cl (Administración).');
    expect(created.stdout).toMatch(/Contraseña de un solo uso: [A-Za-z2-9]{16}\n/);
    const again = await sh('npm run operator -- create --email jefa@visita.cl --role admin');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Ya existe un operador con ese correo.');
    expect(again.stdout).not.toContain('Contraseña');
  }, 120_000);

  it('refuses while the server holds the database', async () => {
    // This test's own process stands in for a running server: its pid is alive.
    writeFileSync(join(dataDir, 'pglite.pid'), JSON.stringify({ pid: process.pid, role: 'server' }));
    const refused = await sh('npm run operator -- create --email otra@visita.cl --role admin');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('está abierta por el servidor');
    expect(refused.stderr).toContain('Detén el servidor antes de usar este comando');
  }, 60_000);
});
