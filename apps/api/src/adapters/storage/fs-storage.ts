import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertValidStorageKey, type FileStorage, type PutObject } from './storage.ts';

/** Uploaded files live under DATA_DIR/uploads (README: STORAGE=fs). */
const UPLOADS_DIR = 'uploads';

/**
 * Files on the local disk under `<dataDir>/uploads`. Keys are checked twice: by their pattern, and
 * by resolving the path and requiring it under the root, so no key can reach outside it.
 */
export function createFsStorage(
  dataDir: string,
): FileStorage & { root: string; pathOf(key: string): string } {
  const root = resolve(dataDir, UPLOADS_DIR);

  const pathOf = (key: string) => {
    assertValidStorageKey(key);
    const target = resolve(root, key);
    if (!target.startsWith(root + sep)) throw new Error(`Storage key outside the uploads folder`);
    return target;
  };

  return {
    kind: 'fs',
    root,
    pathOf,
    async put({ key, body }: PutObject) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside its final name and renamed: a reader never sees half a file, and a failed
      // write leaves nothing under the key.
      const partial = join(dirname(target), `.${randomUUID()}.part`);
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key: string) {
      // Opened first, so a missing file is null here rather than an error in the stream.
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
    async remove(key: string) {
      await rm(pathOf(key), { force: true });
    },
  };
}
