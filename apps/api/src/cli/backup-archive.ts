import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { lstat, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';

/**
 * The backup file: a gzipped tar of regular files (tar-stream). Only what `npm run backup` writes
 * is read back: regular files under names this module checks (no absolute paths, no `..`), no
 * links, no devices.
 */

export interface ArchiveEntry {
  /** The name inside the archive, with `/` separators. */
  name: string;
  size: number;
  /** The content, read when the entry is written. */
  read: () => AsyncIterable<Buffer | Uint8Array>;
}

/** Writes the entries, in order, as a gzipped tar at `file` (never over an existing file). */
export async function writeArchive(file: string, entries: Iterable<ArchiveEntry>): Promise<void> {
  const pack = tarPack();
  const written = pipeline(pack, createGzip(), createWriteStream(file, { flags: 'wx' }));
  try {
    const now = new Date();
    for (const entry of entries) {
      let copied = 0;
      const counted = async function* () {
        for await (const chunk of entry.read()) {
          copied += chunk.length;
          // A file that grew while it was copied would not fit its header.
          if (copied > entry.size) throw new Error(`${entry.name} cambió mientras se copiaba`);
          yield chunk;
        }
        if (copied !== entry.size) throw new Error(`${entry.name} cambió mientras se copiaba`);
      };
      await pipeline(counted, pack.entry({ name: entry.name, size: entry.size, mtime: now, mode: 0o600 }));
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
  await written;
}

/** The regular files under `dir`, as archive entries named `prefix/<relative path>`. */
export async function filesUnder(dir: string, prefix: string): Promise<ArchiveEntry[]> {
  const found: ArchiveEntry[] = [];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return found;
    throw error;
  }
  for (const name of names.sort()) {
    const path = join(dir, name);
    const stats: Stats = await lstat(path);
    if (stats.isDirectory()) found.push(...(await filesUnder(path, `${prefix}/${name}`)));
    else if (stats.isFile())
      found.push({ name: `${prefix}/${name}`, size: stats.size, read: () => createReadStream(path) });
  }
  return found;
}

export class NotABackup extends Error {
  constructor(reason: string) {
    super(`El archivo no es una copia de Visita válida (${reason}).`);
    this.name = 'NotABackup';
  }
}

/** A name from the archive as a path under `dir`, or a refusal: nothing may land outside it. */
function safePath(dir: string, name: string): string {
  const normalized = normalize(name);
  if (name.startsWith('/') || normalized.startsWith('..') || normalized.split(sep).includes('..'))
    throw new NotABackup(`nombre fuera de la carpeta: ${name}`);
  return join(dir, normalized);
}

/** zlib's and tar-stream's ways of saying the file is not a whole gzipped tar. */
function damaged(error: unknown): NotABackup | null {
  const { code, errno, message } = error as NodeJS.ErrnoException;
  if (code === 'Z_DATA_ERROR' || errno === -3) return new NotABackup('no es un gzip válido');
  if (code === 'Z_BUF_ERROR' || /Unexpected end of data/i.test(message ?? ''))
    return new NotABackup('termina antes de tiempo');
  if (/Invalid tar header/i.test(message ?? '')) return new NotABackup('una cabecera está dañada');
  return null;
}

/**
 * Extracts a gzipped tar written by writeArchive into `dir`; `accept` says which names may be in
 * it (anything else is refused). Answers the names extracted, in order.
 */
export async function extractArchive(
  file: string,
  dir: string,
  accept: (name: string) => boolean,
): Promise<string[]> {
  const names: string[] = [];
  const extract = tarExtract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') throw new NotABackup(`entrada que no es un archivo: ${name}`);
      if (!accept(name)) throw new NotABackup(`entrada inesperada: ${name}`);
      const path = safePath(dir, name);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(entry, createWriteStream(path, { flags: 'wx' }));
      names.push(name);
    }
    await read;
    return names;
  } catch (error) {
    extract.destroy();
    await read.catch(() => {});
    throw damaged(error) ?? error;
  }
}
