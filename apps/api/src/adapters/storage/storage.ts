import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AllowedUploadType } from '@visita/domain/files';

/** The file extension stored for each accepted type (judged by content, never by the name sent). */
const EXTENSION_BY_TYPE: Readonly<Record<AllowedUploadType, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export interface PutObject {
  key: string;
  contentType: AllowedUploadType;
  /** Bytes in body: known, since files are staged (and counted) before they are stored. */
  size: number;
  body: Readable;
}

/** Where uploaded files live (STORAGE): the local disk or an S3-compatible bucket. */
export interface FileStorage {
  readonly kind: 'fs' | 's3';
  put(object: PutObject): Promise<void>;
  /** The object's bytes, or null when nothing is stored under the key. */
  read(key: string): Promise<Readable | null>;
  /** Removes an object; a missing one is not an error (clean-up after a failed request). */
  remove(key: string): Promise<void>;
}

/**
 * Keys are ours alone: lowercase segments of letters, digits and dashes, and one of our
 * extensions. Nothing a person sends (a file name) ever becomes part of one, and this pattern
 * leaves no room for '..', absolute paths, backslashes or empty segments.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*\.(?:pdf|jpg|png)$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 300 && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
}

/** A fresh random key under a prefix of ours: `<prefix>/<uuid>.<ext>`. */
export function newStorageKey(prefix: string, contentType: AllowedUploadType): string {
  const key = `${prefix}/${randomUUID()}.${EXTENSION_BY_TYPE[contentType]}`;
  assertValidStorageKey(key);
  return key;
}
