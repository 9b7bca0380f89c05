import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { createClientConfigReader } from './service.ts';

const [engine] = TEST_ENGINES;
if (!engine) throw new Error('no test engine');

describe('the client config reader', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    await testDb.database.db
      .insert(clients)
      .values({ id: 'acme', name: 'Acme', country: 'cl', salesSource: 'acme' });
  });
  afterAll(() => testDb?.dispose());

  it('serves a kept answer within the TTL and a fresh one after it', async () => {
    const read = createClientConfigReader(testDb.database.db, 200);
    expect((await read('acme'))?.name).toBe('Acme');
    await testDb.database.db.update(clients).set({ name: 'Acme Salud' }).where(eq(clients.id, 'acme'));
    expect((await read('acme'))?.name).toBe('Acme');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await read('acme'))?.name).toBe('Acme Salud');
  });

  it('keeps an unknown id unknown until it exists and the TTL passes', async () => {
    const read = createClientConfigReader(testDb.database.db, 200);
    expect(await read('nueva')).toBeNull();
    await testDb.database.db
      .insert(clients)
      .values({ id: 'nueva', name: 'Nueva', country: 'mx', salesSource: 'nueva' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await read('nueva'))?.country).toBe('mx');
  });
});
