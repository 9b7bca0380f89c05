import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { clients, visits } from '../db/schema.ts';
import { DEMO_SEEDS } from '../db/seed/demo.ts';
import { runSeeds } from '../db/seed/run-seeds.ts';
import { SEED_ADDRESS } from '../robustness/seeds.ts';
import { backupName, type CliIo, runBackup } from './backup.ts';
import { runRestore } from './restore.ts';

const UPLOAD = 'medical-orders/0f6e/orden.pdf';
const MAIL = '2026-11-28T23-00-00-000Z-abc.eml';

function capture(): CliIo & { outs: string[]; errs: string[] } {
  const outs: string[] = [];
  const errs: string[] = [];
  return { outs, errs, out: (line) => outs.push(line), err: (line) => errs.push(line) };
}

/**
 * `npm run backup` and `npm run restore` on the embedded database: a seeded DATA_DIR copied,
 * restored into a fresh one that takes a booking, and each refusal in Spanish.
 */
describe('npm run backup and npm run restore (embedded database)', () => {
  const root = mkdtempSync(join(tmpdir(), 'visita-backup-'));
  const source = join(root, 'source');
  let backup = '';

  beforeAll(async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: source });
    await database.migrate();
    await runSeeds(database.db, DEMO_SEEDS);
    await database.close();
    mkdirSync(join(source, 'uploads', 'medical-orders', '0f6e'), { recursive: true });
    writeFileSync(join(source, 'uploads', UPLOAD), '%PDF-1.4 orden');
    mkdirSync(join(source, 'mail'), { recursive: true });
    writeFileSync(join(source, 'mail', MAIL), 'Subject: Reserva confirmada\r\n\r\nHola');
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes DATA_DIR/backups/visita-<UTC timestamp>.tar.gz and says where and how big', async () => {
    const io = capture();
    const now = new Date('2026-11-28T23:50:00.123Z');
    expect(await runBackup({ dataDir: source }, [], io, now), io.errs.join('\n')).toBe(0);
    backup = join(source, 'backups', 'visita-20261128T235000Z.tar.gz');
    expect(backupName(now)).toBe('visita-20261128T235000Z.tar.gz');
    expect(statSync(backup).size).toBeGreaterThan(1000);
    expect(io.outs[0]).toMatch(
      new RegExp(
        `^Copia escrita en ${backup} \\(\\d+,\\d (KB|MB)\\): la base de datos, 1 archivos subidos y 1 correos\\.$`,
      ),
    );
    expect(existsSync(`${backup}.partial`)).toBe(false);
    // The lock is released: the next command may take DATA_DIR.
    expect(existsSync(join(source, 'pglite.pid'))).toBe(false);
  }, 120_000);

  it('restores into a fresh DATA_DIR, which opens with the demo data and takes a new booking and hold', async () => {
    const fresh = join(root, 'fresh');
    const io = capture();
    expect(await runRestore({ dataDir: fresh }, [backup], io), io.errs.join('\n')).toBe(0);
    expect(io.outs[0]).toBe(
      `Restaurada en ${fresh} la copia del 2026-11-28T23:50:00.123Z: la base de datos, 1 archivos subidos y 1 correos.`,
    );
    expect(readFileSync(join(fresh, 'uploads', UPLOAD), 'utf8')).toBe('%PDF-1.4 orden');
    expect(readFileSync(join(fresh, 'mail', MAIL), 'utf8')).toContain('Reserva confirmada');
    expect(existsSync(join(fresh, 'pglite.pid'))).toBe(false);

    const database = await openDatabase({ kind: 'pglite', dataDir: fresh });
    try {
      expect(await database.pendingMigrations()).toEqual([]);
      const demo = await database.db.select().from(clients).where(eq(clients.id, 'demo'));
      expect(demo).toHaveLength(1);
      const app = await buildApp({
        config: loadConfig({
          SEED: 'none',
          DATA_DIR: fresh,
          AVAILABILITY_CACHE_MS: '0',
        }),
        database,
      });
      try {
        const created = await app.inject({
          method: 'POST',
          url: '/api/v2/appointments/',
          payload: SEED_ADDRESS,
        });
        expect(created.statusCode, created.body).toBe(201);
        const booking = created.json<{ id: string; token: string }>();
        const offered = await app.inject({
          method: 'GET',
          url: `/api/v2/time-availability/?appointment_id=${booking.id}&country=cl&items=1`,
          headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
        });
        expect(offered.statusCode, offered.body).toBe(200);
        const [first] = offered.json<{ data: { date: string; begin_time: string; end_time: string }[] }>()
          .data;
        expect(first).toBeDefined();
        const hold = await app.inject({
          method: 'POST',
          url: `/api/v2/appointments/${booking.id}/schedule/`,
          payload: {
            begin_date: `${first?.date} ${first?.begin_time}:00`,
            end_date: `${first?.date} ${first?.end_time}:00`,
          },
          headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
        });
        expect(hold.statusCode, hold.body).toBe(200);
        const holds = await database.db.select().from(visits).where(eq(visits.appointmentId, booking.id));
        expect(holds).toMatchObject([{ status: 'hold' }]);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses to restore over an existing database without --force, and with it keeps the old data aside', async () => {
    const target = join(root, 'existing');
    const first = capture();
    expect(await runRestore({ dataDir: target }, [backup], first)).toBe(0);
    writeFileSync(join(target, 'uploads', 'newer.pdf'), 'más reciente');

    const refused = capture();
    expect(await runRestore({ dataDir: target }, [backup], refused)).toBe(1);
    expect(refused.errs).toEqual([
      `${target} ya tiene datos (pglite/, uploads/, mail/) y restaurar los reemplazaría. Si es lo que ` +
        `quieres, vuelve a ejecutar con --force: lo que hay se guardará en ${join(target, 'replaced-<fecha>')}.`,
    ]);
    expect(existsSync(join(target, 'uploads', 'newer.pdf'))).toBe(true);

    const forced = capture();
    const now = new Date('2026-11-29T00:10:00Z');
    expect(
      await runRestore({ dataDir: target }, ['--force', backup], forced, now),
      forced.errs.join('\n'),
    ).toBe(0);
    const replaced = join(target, 'replaced-20261129T001000Z');
    expect(forced.outs[1]).toBe(`Lo que había quedó en ${replaced}; bórralo cuando ya no lo necesites.`);
    expect(existsSync(join(target, 'uploads', 'newer.pdf'))).toBe(false);
    expect(readFileSync(join(replaced, 'uploads', 'newer.pdf'), 'utf8')).toBe('más reciente');
    expect(existsSync(join(replaced, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(target, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 120_000);

  describe('while a server holds DATA_DIR', () => {
    let holder: ChildProcess;
    beforeAll(async () => {
      holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      await new Promise((done) => holder.once('spawn', done));
      writeFileSync(join(source, 'pglite.pid'), JSON.stringify({ pid: holder.pid, role: 'server' }));
    });
    afterAll(() => {
      holder.kill();
      rmSync(join(source, 'pglite.pid'), { force: true });
    });

    it('backup refuses, naming why and how to proceed (stop the server, or pg_dump on PostgreSQL)', async () => {
      const io = capture();
      expect(await runBackup({ dataDir: source }, [join(root, 'hot.tar.gz')], io)).toBe(1);
      expect(io.errs).toEqual([
        `La base de datos embebida de ${source} está abierta por el servidor (pid ${holder.pid}) y solo un ` +
          'proceso puede abrirla a la vez. Copiar sus archivos mientras el servidor escribe en ellos daría una ' +
          'copia incoherente, y abrirlos desde otro proceso los dañaría: detén el servidor, ejecuta npm run ' +
          'backup y vuelve a arrancarlo. Para copias sin detener el servicio, usa PostgreSQL (DATABASE_URL) y pg_dump.',
      ]);
      expect(existsSync(join(root, 'hot.tar.gz'))).toBe(false);
    });

    it('restore refuses too, and changes nothing', async () => {
      const io = capture();
      expect(await runRestore({ dataDir: source }, ['--force', backup], io)).toBe(1);
      expect(io.errs[0]).toMatch(
        /está abierta por el servidor \(pid \d+\).*Detén el servidor antes de restaurar/,
      );
      expect(existsSync(join(source, 'uploads', UPLOAD))).toBe(true);
    });
  });

  it('with DATABASE_URL both refuse and point to pg_dump and pg_restore', async () => {
    const settings = { dataDir: source, databaseUrl: 'postgres://visita@localhost/visita' };
    const backupIo = capture();
    expect(await runBackup(settings, [], backupIo)).toBe(1);
    expect(backupIo.errs[0]).toMatch(
      /^Con DATABASE_URL la base de datos es PostgreSQL y npm run backup no la copia: usa pg_dump/,
    );
    const restoreIo = capture();
    expect(await runRestore(settings, [backup], restoreIo)).toBe(1);
    expect(restoreIo.errs[0]).toMatch(/^Con DATABASE_URL .* npm run restore no la restaura: .*pg_restore/);
  });

  it('refuses a file that is not a backup, an existing target, and an empty DATA_DIR, in Spanish', async () => {
    const junk = join(root, 'junk.tar.gz');
    writeFileSync(junk, 'no soy una copia');
    const target = join(root, 'from-junk');
    const io = capture();
    expect(await runRestore({ dataDir: target }, [junk], io)).toBe(1);
    expect(io.errs).toEqual([
      `El archivo no es una copia de Visita válida (no es un gzip válido). No se ha cambiado nada en ${target}.`,
    ]);
    expect(existsSync(join(target, 'pglite'))).toBe(false);

    const again = capture();
    expect(await runBackup({ dataDir: source }, [backup], again)).toBe(1);
    expect(again.errs).toEqual([`Ya existe ${backup}: elige otro nombre; la copia no sobrescribe archivos.`]);

    const empty = capture();
    expect(await runBackup({ dataDir: join(root, 'empty') }, [], empty)).toBe(1);
    expect(empty.errs).toEqual([
      `No hay base de datos embebida en ${join(root, 'empty', 'pglite')}: no hay nada que copiar.`,
    ]);
  });

  it('npm run backup -- <folder> and npm run restore read DATA_DIR like the server', async () => {
    const run = (script: string, args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; out: string; err: string }>((done) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', join(import.meta.dirname, script), ...args],
          {
            env: { ...process.env, ...env, DATABASE_URL: '' },
          },
        );
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.on('close', (code) => done({ code, out, err }));
      });
    const folder = join(root, 'elsewhere');
    mkdirSync(folder);
    const written = await run('backup.ts', [folder], { DATA_DIR: source });
    expect(written.code, written.err).toBe(0);
    const file = /^Copia escrita en (\S+) /.exec(written.out)?.[1] ?? '';
    expect(file.startsWith(join(folder, 'visita-'))).toBe(true);
    const restored = await run('restore.ts', [file], { DATA_DIR: join(root, 'spawned') });
    expect(restored.code, restored.err).toBe(0);
    expect(existsSync(join(root, 'spawned', 'pglite', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
