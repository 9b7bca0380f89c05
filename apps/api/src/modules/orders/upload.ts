import * as ERRORS from '@visita/domain/contract/api-errors';
import { createWriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ORDER_FORM_FIELDS, ORDER_UPLOAD_LIMITS } from '@visita/domain/contract/orders';
import { type AllowedUploadType, isAllowedUploadType } from '@visita/domain/files';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, fail } from '../../errors.ts';
import { isSafeText } from '@visita/domain/contract/safe-text';
import { storableContent } from './file-content.ts';

const fileError = () => fail(ERRORS.INVALID_FILE);
const tooLarge = () => fail(ERRORS.FILE_TOO_LARGE);

/** file-type's own sample size: enough bytes to tell every type it knows, PDF, JPEG and PNG among them. */
const SNIFF_BYTES = 4100;

/** A file read to a private staging folder, its type judged by its bytes, as it will be stored (an image re-encoded). */
export interface StagedFile {
  path: string;
  contentType: AllowedUploadType;
  size: number;
  /** For display to operators only; never part of a stored path. */
  originalName: string | null;
}

/**
 * The name a person's file had, kept as display text: its last path segment, without control,
 * direction-changing or markup characters, at most 255 characters; null when nothing is left.
 */
function displayFileName(name: string | undefined): string | null {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = [...base.normalize('NFC')]
    .filter((char) => isSafeText(char))
    .join('')
    .trim()
    .slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? null : clean;
}

/**
 * Streams one file part to disk. The size limit is busboy's (it stops passing bytes at the limit
 * and signals it; the upload is cut off right there) and counted again here; the type is judged from the first bytes
 * as they arrive, so a wrong file stops the upload there instead of after 15 MB.
 */
async function stageFile(part: MultipartFile, target: string): Promise<StagedFile> {
  let size = 0;
  let head = Buffer.alloc(0);
  let contentType: AllowedUploadType | null = null;
  const judge = async () => {
    const detected = await fileTypeFromBuffer(head);
    if (!detected || !isAllowedUploadType(detected.mime)) throw fileError();
    contentType = detected.mime;
  };
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > ORDER_UPLOAD_LIMITS.maxFileBytes) return callback(tooLarge());
      if (contentType !== null || head.length + chunk.length < SNIFF_BYTES) {
        if (contentType === null) head = Buffer.concat([head, chunk]);
        return callback(null, chunk);
      }
      head = Buffer.concat([head, chunk]);
      judge().then(
        () => callback(null, chunk),
        (error: unknown) => callback(error as Error),
      );
    },
    flush(callback) {
      if (contentType !== null) return callback();
      judge().then(
        () => callback(),
        (error: unknown) => callback(error as Error),
      );
    },
  });
  // busboy flags the limit at the byte it is passed but would keep reading (and discarding) the
  // rest of the part before ending the stream: stop there instead, and answer at once.
  const onLimit = () => guard.destroy(tooLarge());
  part.file.once('limit', onLimit);
  try {
    await pipeline(part.file, guard, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    await rm(target, { force: true });
    if (error instanceof AppError) throw error;
    if (part.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge();
    throw error;
  } finally {
    part.file.off('limit', onLimit);
  }
  if (contentType === null) throw fileError();
  // The first bytes named the type; the whole file must be that and nothing else, and an image
  // is kept as its pixels alone.
  const received = await readFile(target);
  const content = await storableContent(received, contentType);
  if (content === null) {
    await rm(target, { force: true });
    throw fileError();
  }
  if (content !== received) await writeFile(target, content, { mode: 0o600 });
  return { path: target, contentType, size: content.length, originalName: displayFileName(part.filename) };
}

/** Thrown by our own work (the lead's database checks): never mistaken for a bad form. */
class OwnError extends Error {
  constructor(readonly inner: unknown) {
    super('own error');
  }
}

/** What the multipart plugin and busboy throw, as {err, msg}; the server's own failures as they are. */
function formError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof OwnError) return error.inner;
  // A system error (disk full, permissions) while staging is the server's, not the sender's.
  if (error && typeof error === 'object' && 'syscall' in error) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return fail(ERRORS.tooManyFiles(ORDER_UPLOAD_LIMITS.maxFiles));
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return fail(ERRORS.TOO_MANY_FIELDS);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return fail(ERRORS.invalidLead('no es un JSON válido.'));
    default:
      // Malformed multipart (bad boundary, truncated body, bad part headers): the sender's fault.
      return fail(ERRORS.INVALID_FORM);
  }
}

export interface OrderForm<Lead> {
  lead: Lead | undefined;
  path: string | null;
  files: StagedFile[];
}

/**
 * Reads POST /orden-medica/create-ticket/ part by part. `checkLead` runs as soon as the lead
 * arrives, so a lead sent before the files (as the widget does) is refused before any file is
 * read. Files go to `stagingDir` only; the caller stores them once everything is valid.
 */
export async function readOrderForm<Lead>(
  request: FastifyRequest,
  stagingDir: string,
  checkLead: (value: unknown) => Promise<Lead>,
): Promise<OrderForm<Lead>> {
  if (!request.isMultipart()) {
    throw fail(ERRORS.NOT_MULTIPART);
  }
  const form: OrderForm<Lead> = { lead: undefined, path: null, files: [] };
  let leadSeen = false;
  let pathSeen = false;
  const parts = request.parts({
    limits: {
      fileSize: ORDER_UPLOAD_LIMITS.maxFileBytes,
      files: ORDER_UPLOAD_LIMITS.maxFiles,
      // Lead and path, and room for a few the widget may add (the product mentions a country code).
      fields: 6,
      parts: ORDER_UPLOAD_LIMITS.maxFiles + 6,
      fieldSize: ORDER_UPLOAD_LIMITS.maxLeadBytes,
      fieldNameSize: 100,
      headerPairs: 50,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== ORDER_FORM_FIELDS.file) {
          throw fail(ERRORS.unexpectedFile(part.fieldname));
        }
        const target = join(stagingDir, `${form.files.length}.upload`);
        form.files.push(await stageFile(part, target));
      } else if (part.fieldname === ORDER_FORM_FIELDS.lead) {
        if (leadSeen) throw fail(ERRORS.invalidLead('se envió más de una vez.'));
        leadSeen = true;
        if (part.valueTruncated) throw fail(ERRORS.invalidLead('es demasiado largo.'));
        try {
          form.lead = await checkLead(part.value);
        } catch (error) {
          throw error instanceof AppError ? error : new OwnError(error);
        }
      } else if (part.fieldname === ORDER_FORM_FIELDS.path) {
        if (pathSeen) throw fail(ERRORS.invalidPath('se envió más de una vez.'));
        pathSeen = true;
        const value = typeof part.value === 'string' ? part.value.trim() : '';
        if (part.valueTruncated || value.length > ORDER_UPLOAD_LIMITS.maxPathLength || !isSafeText(value)) {
          throw fail(ERRORS.invalidPath('no es válido.'));
        }
        form.path = value === '' ? null : value;
      }
      // Other text fields (the product's country code, for one) say nothing the lead does not.
    }
  } catch (error) {
    throw formError(error);
  }
  return form;
}
