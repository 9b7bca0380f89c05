import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The backup file: a gzipped tar (ustar) of regular files, written and read here so the API needs
 * no tar package. Only what `npm run backup` writes is read back: regular files under names this
 * module checks (no absolute paths, no `..`), no links, no devices.
 */

const BLOCK = 512;

export interface ArchiveEntry {
  /** The name inside the archive, with `/` separators. */
  name: string;
  size: number;
  /** The content, read when the entry is written. */
  read: () => AsyncIterable<Buffer | Uint8Array>;
}

/** Splits a name into ustar's prefix (155 bytes) and name (100 bytes) fields. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`el nombre ${name} es demasiado largo para la copia`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  block.write(base, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

/** Writes the entries, in order, as a gzipped tar at `file`. */
export async function writeArchive(file: string, entries: Iterable<ArchiveEntry>): Promise<void> {
  const now = new Date();
  async function* tar() {
    for (const entry of entries) {
      yield header(entry.name, entry.size, now);
      let written = 0;
      for await (const chunk of entry.read()) {
        written += chunk.length;
        if (written > entry.size) break;
        yield chunk;
      }
      if (written !== entry.size) throw new Error(`${entry.name} cambió mientras se copiaba`);
      const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
      if (padding > 0) yield Buffer.alloc(padding);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(tar, createGzip(), createWriteStream(file, { flags: 'wx' }));
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

/** Reads exactly `length` bytes at a time from a stream of chunks. */
class ByteReader {
  private pending: Buffer[] = [];
  private buffered = 0;
  private readonly source: AsyncIterator<Buffer>;
  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }
  /** Up to `length` bytes (fewer only at the end). */
  async read(length: number): Promise<Buffer> {
    while (this.buffered < length) {
      const next = await this.source.next();
      if (next.done) break;
      this.pending.push(next.value);
      this.buffered += next.value.length;
    }
    const all = Buffer.concat(this.pending);
    const taken = all.subarray(0, length);
    const rest = all.subarray(length);
    this.pending = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return taken;
  }
}

export class NotABackup extends Error {
  constructor(reason: string) {
    super(`El archivo no es una copia de Visita válida (${reason}).`);
    this.name = 'NotABackup';
  }
}

const field = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0[\s\S]*$/, '');

/** A name from the archive as a path under `dir`, or a refusal: nothing may land outside it. */
function safePath(dir: string, name: string): string {
  const normalized = normalize(name);
  if (name.startsWith('/') || normalized.startsWith('..') || normalized.split(sep).includes('..'))
    throw new NotABackup(`nombre fuera de la carpeta: ${name}`);
  return join(dir, normalized);
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
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  const reader = new ByteReader(source.pipe(gunzip) as AsyncIterable<Buffer>);
  try {
    for (;;) {
      const block = await reader.read(BLOCK);
      if (block.length < BLOCK) throw new NotABackup('termina antes de tiempo');
      if (block.every((byte) => byte === 0)) return names;
      let sum = 0;
      for (let index = 0; index < BLOCK; index += 1)
        sum += index >= 148 && index < 156 ? 32 : (block[index] ?? 0);
      if (Number.parseInt(field(block, 148, 8).trim(), 8) !== sum)
        throw new NotABackup('una cabecera está dañada');
      const prefix = field(block, 345, 155);
      const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
      const type = field(block, 156, 1);
      const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
      if (type !== '0' && type !== '') throw new NotABackup(`entrada que no es un archivo: ${name}`);
      if (!accept(name)) throw new NotABackup(`entrada inesperada: ${name}`);
      const path = safePath(dir, name);
      await mkdir(dirname(path), { recursive: true });
      const out = await open(path, 'wx');
      try {
        for (let left = size; left > 0;) {
          const chunk = await reader.read(Math.min(left, 1 << 20));
          if (chunk.length === 0) throw new NotABackup('termina antes de tiempo');
          await out.write(chunk);
          left -= chunk.length;
        }
      } finally {
        await out.close();
      }
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (padding > 0) await reader.read(padding);
      names.push(name);
    }
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' ||
      (error as { errno?: number }).errno === -3
    )
      throw new NotABackup('no es un gzip válido');
    if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR')
      throw new NotABackup('termina antes de tiempo');
    throw error;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}
