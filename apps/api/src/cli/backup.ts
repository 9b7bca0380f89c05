/**
 * `npm run backup [-- <archivo o carpeta>]`: a copy of the embedded database (PGlite's own dump of
 * its data directory), the uploaded files (DATA_DIR/uploads) and the written e-mails
 * (DATA_DIR/mail) in one .tar.gz, by default DATA_DIR/backups/visita-<UTC timestamp>.tar.gz.
 * It refuses while the server holds DATA_DIR (docs/decisions/embedded-backup.md) and with
 * DATABASE_URL (PostgreSQL is copied with pg_dump). `npm run restore` reads it back.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.ts';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from '../db/embedded-lock.ts';
import { type ArchiveEntry, filesUnder, writeArchive } from './backup-archive.ts';
import { embeddedDataDir } from './embedded-data-dir.ts';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What the backup and restore commands read of the configuration. */
export interface BackupSettings {
  dataDir: string;
  databaseUrl?: string;
  storage?: 'fs' | 's3';
}

/** The manifest, the first entry of every backup. */
export const MANIFEST = 'visita-backup.json';
/** PGlite's own tarball of its data directory (dumpDataDir), as loadDataDir takes it. */
export const DATABASE_ENTRY = 'pglite.tar';
/** The folders of DATA_DIR a backup carries beside the database. */
export const FILE_FOLDERS = ['uploads', 'mail'] as const;

export interface Manifest {
  format: 'visita-backup';
  version: 1;
  created_at: string;
  postgres: string;
  uploads: number;
  mail: number;
}

/** Whether DATA_DIR holds an embedded database. */
export const hasDatabase = (dataDir: string) => existsSync(join(dataDir, 'pglite', 'PG_VERSION'));

/**
 * Takes DATA_DIR for this command as the other CLIs do, or says in Spanish who holds it and what
 * to do, and answers null.
 */
export function takeDataDir(dataDir: string, whenServer: string, io: CliIo): (() => void) | null {
  try {
    return lockEmbeddedDatabase(dataDir, 'cli');
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseInUse)) throw error;
    const why = error.holder?.role === 'server' ? whenServer : 'Espera a que termine y vuelve a intentarlo.';
    io.err(`${error.message} ${why}`);
    return null;
  }
}

/** A size as people read it: 512 B, 3,4 KB, 12,0 MB. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1).replace('.', ',')} ${units[unit]}`;
}

const USAGE = [
  'Uso:',
  '  npm run backup [-- <archivo.tar.gz o carpeta>]',
  '      copia la base de datos embebida, los archivos subidos y los correos de DATA_DIR;',
  '      sin argumento, en DATA_DIR/backups/visita-<fecha UTC>.tar.gz',
];

/** visita-20261128T235000Z.tar.gz */
export const backupName = (now: Date) =>
  `visita-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;

/** Runs the backup; answers the exit code. */
export async function runBackup(
  settings: BackupSettings,
  args: readonly string[],
  io: CliIo,
  now = new Date(),
): Promise<number> {
  const dataDir = embeddedDataDir(
    settings,
    'Con DATABASE_URL la base de datos es PostgreSQL y npm run backup no la copia: usa pg_dump, que ' +
      'copia con el servidor en marcha (pg_dump --format=custom --file=visita.dump "$DATABASE_URL"), y ' +
      'pg_restore para restaurarla.',
    io,
  );
  if (dataDir === null) return 1;
  const option = args.find((arg) => arg.startsWith('-'));
  if (option !== undefined || args.length > 1) {
    io.err(option === undefined ? 'Indica un solo destino.' : `No conozco la opción ${option}.`);
    for (const line of USAGE) io.err(line);
    return 1;
  }
  let target = join(dataDir, 'backups', backupName(now));
  if (args[0] !== undefined) {
    const given = resolve(args[0]);
    target = existsSync(given) && statSync(given).isDirectory() ? join(given, backupName(now)) : given;
  }
  if (existsSync(target)) {
    io.err(`Ya existe ${target}: elige otro nombre; la copia no sobrescribe archivos.`);
    return 1;
  }
  if (!hasDatabase(dataDir)) {
    io.err(`No hay base de datos embebida en ${join(dataDir, 'pglite')}: no hay nada que copiar.`);
    return 1;
  }
  const release = takeDataDir(
    dataDir,
    'Copiar sus archivos mientras el servidor escribe en ellos daría una copia incoherente, y abrirlos ' +
      'desde otro proceso los dañaría: detén el servidor, ejecuta npm run backup y vuelve a arrancarlo. ' +
      'Para copias sin detener el servicio, usa PostgreSQL (DATABASE_URL) y pg_dump.',
    io,
  );
  if (!release) return 1;
  const partial = `${target}.partial`;
  try {
    // PGlite's own dump: taken with no query running, after replaying what a killed server left.
    const client = await PGlite.create(join(dataDir, 'pglite'));
    let dump: Blob;
    let postgres: string;
    try {
      const version = await client.query<{ server_version: string }>('show server_version');
      postgres = version.rows[0]?.server_version ?? '';
      dump = await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
    const [uploads, mail] = await Promise.all(
      FILE_FOLDERS.map((folder) => filesUnder(join(dataDir, folder), folder)),
    );
    const manifest: Manifest = {
      format: 'visita-backup',
      version: 1,
      created_at: now.toISOString(),
      postgres,
      uploads: uploads?.length ?? 0,
      mail: mail?.length ?? 0,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    const databaseBytes = Buffer.from(await dump.arrayBuffer());
    const entries: ArchiveEntry[] = [
      {
        name: MANIFEST,
        size: manifestBytes.length,
        read: async function* () {
          yield manifestBytes;
        },
      },
      {
        name: DATABASE_ENTRY,
        size: databaseBytes.length,
        read: async function* () {
          yield databaseBytes;
        },
      },
      ...(uploads ?? []),
      ...(mail ?? []),
    ];
    await mkdir(dirname(target), { recursive: true });
    await writeArchive(partial, entries);
    await rename(partial, target);
    io.out(
      `Copia escrita en ${target} (${humanSize(statSync(target).size)}): la base de datos, ` +
        `${manifest.uploads} archivos subidos y ${manifest.mail} correos.`,
    );
    if (settings.storage === 's3')
      io.out(
        'Los archivos subidos están en S3 (STORAGE=s3): esta copia no los incluye; cópialos desde el bucket.',
      );
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    release();
  }
}

async function main() {
  const config = loadConfig(process.env);
  const io: CliIo = { out: (line) => console.info(line), err: (line) => console.error(line) };
  process.exitCode = await runBackup(
    { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, storage: config.STORAGE },
    process.argv.slice(2),
    io,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
