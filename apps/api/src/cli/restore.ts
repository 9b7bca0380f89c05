/**
 * `npm run restore -- <copia.tar.gz> [--force]`: puts a backup of `npm run backup` into DATA_DIR
 * (the embedded database, the uploaded files, the e-mails). It refuses while the server holds
 * DATA_DIR, with DATABASE_URL (PostgreSQL is restored with pg_restore), and over existing data
 * unless --force, which moves that data aside (DATA_DIR/replaced-<timestamp>) rather than delete
 * it. Everything is extracted and the database loaded beside DATA_DIR's own first, so a bad or
 * truncated file changes nothing.
 */
import { existsSync, openAsBlob, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.ts';
import { extractArchive, NotABackup } from './backup-archive.ts';
import {
  type BackupSettings,
  type CliIo,
  DATABASE_ENTRY,
  FILE_FOLDERS,
  hasDatabase,
  MANIFEST,
  type Manifest,
  takeDataDir,
} from './backup.ts';
import { embeddedDataDir } from './embedded-data-dir.ts';

const USAGE = [
  'Uso:',
  '  npm run restore -- <copia.tar.gz> [--force]',
  '      restaura en DATA_DIR una copia de npm run backup; --force reemplaza lo que haya',
  '      (y lo guarda aparte, en DATA_DIR/replaced-<fecha UTC>)',
];

const nonEmpty = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

function readManifest(file: string): Manifest {
  if (!existsSync(file)) throw new NotABackup(`le falta ${MANIFEST}`);
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch {
    throw new NotABackup(`${MANIFEST} no se puede leer`);
  }
  if (manifest.format !== 'visita-backup' || manifest.version !== 1)
    throw new NotABackup(`${MANIFEST} no es de una copia que esta versión conozca`);
  return manifest as Manifest;
}

/** Runs the restore; answers the exit code. */
export async function runRestore(
  settings: BackupSettings,
  args: readonly string[],
  io: CliIo,
  now = new Date(),
): Promise<number> {
  const dataDir = embeddedDataDir(
    settings,
    'Con DATABASE_URL la base de datos es PostgreSQL y npm run restore no la restaura: restaura una ' +
      'copia de pg_dump con pg_restore (pg_restore --clean --if-exists --dbname="$DATABASE_URL" visita.dump).',
    io,
  );
  if (dataDir === null) return 1;
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const option = rest.find((arg) => arg.startsWith('-'));
  if (option !== undefined || rest.length !== 1) {
    io.err(
      option !== undefined
        ? `No conozco la opción ${option}.`
        : rest.length === 0
          ? 'Indica la copia que restaurar.'
          : 'Indica una sola copia.',
    );
    for (const line of USAGE) io.err(line);
    return 1;
  }
  const file = resolve(rest[0] ?? '');
  if (!existsSync(file) || !statSync(file).isFile()) {
    io.err(`No encuentro la copia ${file}.`);
    return 1;
  }
  const release = takeDataDir(
    dataDir,
    'Detén el servidor antes de restaurar (la restauración reemplaza la base de datos que tiene abierta) ' +
      'y vuelve a arrancarlo después.',
    io,
  );
  if (!release) return 1;
  const present = [
    hasDatabase(dataDir) || nonEmpty(join(dataDir, 'pglite')) ? 'pglite' : null,
    ...FILE_FOLDERS.map((folder) => (nonEmpty(join(dataDir, folder)) ? folder : null)),
  ].filter((name): name is string => name !== null);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const replaced = join(dataDir, `replaced-${stamp}`);
  const staging = join(dataDir, `.restore-${process.pid}`);
  try {
    if (present.length > 0 && !force) {
      const what = present.map((name) => `${name}/`).join(', ');
      io.err(
        `${dataDir} ya tiene datos (${what}) y restaurar los reemplazaría. Si es lo que quieres, vuelve a ` +
          `ejecutar con --force: lo que hay se guardará en ${join(dataDir, 'replaced-<fecha>')}.`,
      );
      return 1;
    }
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const names = await extractArchive(
      file,
      staging,
      (name) =>
        name === MANIFEST ||
        name === DATABASE_ENTRY ||
        FILE_FOLDERS.some((folder) => name.startsWith(`${folder}/`)),
    );
    const manifest = readManifest(join(staging, MANIFEST));
    if (!names.includes(DATABASE_ENTRY)) throw new NotABackup(`le falta ${DATABASE_ENTRY}`);
    // PGlite loads its own dump into an empty directory, and must open it before it counts.
    const client = await PGlite.create({
      dataDir: join(staging, 'pglite'),
      loadDataDir: await openAsBlob(join(staging, DATABASE_ENTRY)),
    });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
    if (present.length > 0) {
      await mkdir(replaced, { recursive: true });
      for (const name of present) await rename(join(dataDir, name), join(replaced, name));
    }
    for (const name of ['pglite', ...FILE_FOLDERS]) {
      const from = join(staging, name);
      if (!existsSync(from)) continue;
      await rm(join(dataDir, name), { recursive: true, force: true });
      await rename(from, join(dataDir, name));
    }
    io.out(
      `Restaurada en ${dataDir} la copia del ${manifest.created_at}: la base de datos, ` +
        `${manifest.uploads} archivos subidos y ${manifest.mail} correos.`,
    );
    if (present.length > 0) io.out(`Lo que había quedó en ${replaced}; bórralo cuando ya no lo necesites.`);
    io.out('Arranca el servidor: aplicará las migraciones que le falten a la copia.');
    return 0;
  } catch (error) {
    if (error instanceof NotABackup) {
      io.err(`${error.message} No se ha cambiado nada en ${dataDir}.`);
      return 1;
    }
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    release();
  }
}

async function main() {
  const config = loadConfig(process.env);
  const io: CliIo = { out: (line) => console.info(line), err: (line) => console.error(line) };
  process.exitCode = await runRestore(
    { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL },
    process.argv.slice(2),
    io,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
