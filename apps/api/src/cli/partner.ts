/**
 * `npm run partner -- export <id> [--out <file.json>]` and `npm run partner -- import <file.json>
 * [--dry-run] [--confirm-source-rules <ids>]`: a partner's document in and out of the database, so
 * a profile can live in the partner's own repository. The same rules, confirmation of a change to
 * the rules of a whole sales source, and audit log as the operator API (modules/admin/partners.ts).
 * `--out` writes the file itself: `npm run … > file` would put npm's own banner in it. With the
 * embedded database it refuses while the server holds it (one process owns its files:
 * db/embedded-lock.ts); with PostgreSQL the running instances hear the change and drop their
 * cached copy.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createPartnerBodySchema } from '@visita/domain/contract/admin-partners';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { type Db, inTransaction, openDatabase } from '../db/database.ts';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from '../db/embedded-lock.ts';
import { AppError } from '../errors.ts';
import { createChangeBus } from '../modules/changes/change-bus.ts';
import { findClientById } from '../modules/clients/queries.ts';
import { createPartner, fieldsOf, patchPartner, toPartnerAnswer } from '../modules/admin/partners.ts';

// What the schemas refuse is read by the operator: zod speaks Spanish here as in the API (app.ts).
z.config(z.locales.es());

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = [
  'Uso:',
  '  npm run partner -- export <id>                     imprime el documento del socio (JSON)',
  '      [--out <archivo.json>]                         o lo escribe en ese archivo (sin el encabezado de npm)',
  '  npm run partner -- import <archivo.json> [--dry-run] muestra las diferencias y las guarda',
  '      [--confirm-source-rules <id,id>]                confirma un cambio de reglas que afecta a los',
  '                                                     otros socios de la fuente de venta (sus ids)',
];

/** The export's flags: the file to write (--out), none to print; null when one is unknown. */
function exportFlags(flags: readonly string[]): { out?: string } | null {
  const [flag, value, ...others] = flags;
  if (flag === undefined) return {};
  if (flag === '--out' && value && others.length === 0) return { out: value };
  if (flag.startsWith('--out=') && flag.length > '--out='.length && value === undefined)
    return { out: flag.slice('--out='.length) };
  return null;
}

/** The import's flags; null when one is unknown or lacks its value. */
function importFlags(flags: readonly string[]): { dryRun: boolean; confirmation?: string[] } | null {
  let dryRun = false;
  let confirmation: string[] | undefined;
  for (let index = 0; index < flags.length; index += 1) {
    const flag = flags[index];
    if (flag === '--dry-run') {
      dryRun = true;
    } else if (flag === '--confirm-source-rules' || flag?.startsWith('--confirm-source-rules=')) {
      const value = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : flags[(index += 1)];
      const ids = value
        ?.split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      if (!ids || ids.length === 0) return null;
      confirmation = [...(confirmation ?? []), ...ids];
    } else {
      return null;
    }
  }
  return confirmation ? { dryRun, confirmation } : { dryRun };
}

/** The importable document of a partner: what the API answers, without what only the API reports. */
async function exportDocument(db: Db, id: string): Promise<Record<string, unknown> | null> {
  const row = await findClientById(db, id);
  if (!row) return null;
  const { has_api_token: _token, created_at: _created, ...document } = toPartnerAnswer(row);
  return document;
}

/** Every leaf of a JSON value by its dotted path. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

/** 'path: before → after' for each leaf that differs, in path order. */
export function diffDocuments(before: unknown, after: unknown): string[] {
  const a = flatten(before ?? {});
  const b = flatten(after ?? {});
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => `${path}: ${a.get(path) ?? '(nada)'} → ${b.get(path) ?? '(nada)'}`);
}

/** Larger than any partner's document, and what the operator API accepts as a body. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** 'línea L, columna C' of a character offset in `text`. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `línea ${line}, columna ${offset - before.lastIndexOf('\n')}`;
}

/**
 * The file's JSON, or why not in Spanish. The reason never quotes the file: JSON.parse's message
 * does (its first bytes), and the path may be a symlink to a file that is nobody's business.
 */
async function readDocument(file: string): Promise<{ value: unknown } | { reason: string }> {
  let text: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) return { reason: `${file} no es un archivo.` };
    if (info.size > MAX_DOCUMENT_BYTES)
      return { reason: `${file} pesa más de 1 MB: no es un documento de socio.` };
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { reason: `${file} no existe.` };
    if (code === 'EACCES' || code === 'EPERM') return { reason: `No hay permiso para leer ${file}.` };
    return { reason: `No se pudo leer ${file} (${code ?? 'error desconocido'}).` };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    // Only the position is taken from the parser's message (V8 says 'at position N').
    const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    const where = position === undefined ? '' : ` (${lineAndColumn(text, Number(position))})`;
    return { reason: `${file} no es un JSON válido${where}.` };
  }
}

async function importDocument(
  db: Db,
  file: string,
  { dryRun, confirmation }: { dryRun: boolean; confirmation?: string[] },
  io: CliIo,
  actor: string,
) {
  const read = await readDocument(file);
  if ('reason' in read) {
    io.err(read.reason);
    return { code: 1, changedId: null };
  }
  const raw = read.value;
  const parsed = createPartnerBodySchema.safeParse(raw);
  if (!parsed.success) {
    for (const [path, message] of Object.entries(fieldsOf(parsed.error))) io.err(`${path}: ${message}`);
    return { code: 1, changedId: null };
  }
  const body = parsed.data;
  const before = await exportDocument(db, body.id);
  // What the document would be once written, computed by the same rules, without writing.
  const preview = await inTransaction(db, async (tx) => {
    const { id, ...fields } = body;
    const row = before
      ? await patchPartner(tx, id, fields, actor, {}, confirmation)
      : await createPartner(tx, body, actor, {}, confirmation);
    const { has_api_token: _t, created_at: _c, ...document } = toPartnerAnswer(row);
    throw new Preview(document);
  }).catch((outcome: unknown) => {
    if (outcome instanceof Preview) return outcome.document;
    throw outcome;
  });
  const lines = diffDocuments(before, preview);
  io.out(before ? `Socio ${body.id}: ${lines.length} cambio(s)` : `Socio nuevo ${body.id}`);
  for (const line of lines) io.out(`  ${line}`);
  if (dryRun || lines.length === 0) {
    io.out(dryRun ? 'Sin guardar (--dry-run).' : 'Nada que guardar.');
    return { code: 0, changedId: null };
  }
  const { id, ...fields } = body;
  if (before) await patchPartner(db, id, fields, actor, {}, confirmation);
  else await createPartner(db, body, actor, {}, confirmation);
  io.out('Guardado.');
  return { code: 0, changedId: id };
}

/** Thrown to roll the preview's transaction back while carrying its result out. */
class Preview extends Error {
  constructor(readonly document: Record<string, unknown>) {
    super('preview');
  }
}

/** Runs the CLI on a database; answers the exit code and which partner changed (to tell instances). */
export async function runPartnerCli(
  db: Db,
  args: readonly string[],
  io: CliIo,
  actor = `cli:${userInfo().username}`,
): Promise<{ code: number; changedId: string | null }> {
  const [command, target, ...rest] = args;
  try {
    const exportTo = command === 'export' ? exportFlags(rest) : null;
    if (command === 'export' && target && exportTo) {
      const document = await exportDocument(db, target);
      if (!document) {
        io.err(`No existe un socio con id ${target}.`);
        return { code: 1, changedId: null };
      }
      const text = JSON.stringify(document, null, 2);
      if (exportTo.out === undefined) {
        io.out(text);
        return { code: 0, changedId: null };
      }
      try {
        await writeFile(exportTo.out, `${text}\n`);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const why =
          code === 'ENOENT'
            ? 'su carpeta no existe'
            : code === 'EACCES' || code === 'EPERM'
              ? 'no hay permiso'
              : code === 'EISDIR'
                ? 'es una carpeta'
                : (code ?? 'error desconocido');
        io.err(`No se pudo escribir ${exportTo.out}: ${why}.`);
        return { code: 1, changedId: null };
      }
      io.out(`Socio ${target} escrito en ${exportTo.out}.`);
      return { code: 0, changedId: null };
    }
    const flags = command === 'import' ? importFlags(rest) : null;
    if (command === 'import' && target && flags) {
      return await importDocument(db, target, flags, io, actor);
    }
  } catch (error) {
    if (error instanceof AppError) {
      for (const [path, message] of Object.entries(error.fields ?? { [error.err]: error.msg }))
        io.err(`${path}: ${message}`);
      return { code: 1, changedId: null };
    }
    throw error;
  }
  for (const line of USAGE) io.err(line);
  return { code: 2, changedId: null };
}

/** What to do when another process holds the embedded database, by who holds it. */
function whileInUse(error: EmbeddedDatabaseInUse): string {
  return error.holder?.role === 'server'
    ? 'Detén el servidor antes de usar este comando, o cambia el socio con la API del operador ' +
        '(/api/admin/partners) mientras corre.'
    : 'Espera a que termine y vuelve a intentarlo.';
}

async function main() {
  const config = loadConfig(process.env);
  let release = () => {};
  if (!config.DATABASE_URL) {
    try {
      release = lockEmbeddedDatabase(config.DATA_DIR, 'cli');
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseInUse)) throw error;
      console.error(`${error.message} ${whileInUse(error)}`);
      process.exitCode = 1;
      return;
    }
  }
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    await database.migrate();
    const io: CliIo = { out: (line) => console.info(line), err: (line) => console.error(line) };
    const { code, changedId } = await runPartnerCli(database.db, process.argv.slice(2), io);
    if (changedId) {
      const changes = await createChangeBus(database);
      await changes.publish({ topic: 'client', clientId: changedId });
      await changes.close();
    }
    process.exitCode = code;
  } finally {
    await database.close();
    release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
