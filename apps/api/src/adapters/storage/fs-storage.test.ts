import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsStorage } from './fs-storage.ts';
import { isValidStorageKey, newStorageKey } from './storage.ts';

const body = (text: string) => Readable.from([Buffer.from(text)]);

describe('fs storage (STORAGE=fs)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'visita-fs-storage-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('writes under DATA_DIR/uploads only, by key, and removes', async () => {
    const storage = createFsStorage(dataDir);
    expect(storage.root).toBe(join(dataDir, 'uploads'));
    const key = newStorageKey('medical-orders/abc-123', 'application/pdf');
    await storage.put({ key, contentType: 'application/pdf', size: 5, body: body('%PDF-') });
    expect(await readFile(join(dataDir, 'uploads', key), 'utf8')).toBe('%PDF-');
    const everything = await readdir(dataDir, { recursive: true });
    expect(everything.filter((path) => !path.startsWith('uploads'))).toEqual([]);
    // No partial file is left beside it.
    expect((await readdir(join(dataDir, 'uploads', 'medical-orders', 'abc-123'))).length).toBe(1);
    await storage.remove(key);
    await storage.remove(key);
    expect(await readdir(join(dataDir, 'uploads', 'medical-orders', 'abc-123'))).toEqual([]);
  });

  it.each([
    '../escape.pdf',
    'medical-orders/../../escape.pdf',
    '/etc/escape.pdf',
    'medical-orders\\..\\escape.pdf',
    'medical-orders//escape.pdf',
    'medical-orders/./escape.pdf',
    'medical-orders/escape.exe',
    'medical-orders/Escape.PDF',
    'medical-orders/escape.pdf\0.txt',
    '',
  ])('refuses the key %j, writing nothing', async (key) => {
    const storage = createFsStorage(dataDir);
    expect(isValidStorageKey(key)).toBe(false);
    await expect(
      storage.put({ key, contentType: 'application/pdf', size: 1, body: body('x') }),
    ).rejects.toThrow(/storage key/i);
    await expect(storage.remove(key)).rejects.toThrow(/storage key/i);
    expect(await readdir(dataDir, { recursive: true })).toEqual([]);
  });

  it('a failed write leaves nothing under the key', async () => {
    const storage = createFsStorage(dataDir);
    const key = newStorageKey('medical-orders/x', 'image/png');
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put({ key, contentType: 'image/png', size: 10, body: failing })).rejects.toThrow(
      'connection lost',
    );
    expect(await readdir(join(dataDir, 'uploads', 'medical-orders', 'x'))).toEqual([]);
  });

  it('new keys are random and carry the type’s extension', () => {
    const a = newStorageKey('medical-orders/g', 'image/jpeg');
    const b = newStorageKey('medical-orders/g', 'image/jpeg');
    expect(a).toMatch(/^medical-orders\/g\/[0-9a-f-]{36}\.jpg$/);
    expect(a).not.toBe(b);
  });
});
