import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiToken } from '../../modules/clients/api-token.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { clients } from '../schema.ts';
import { clientsWithPublicDemoTokens, demoCredentialsWarning, isLoopbackHost } from './demo-credentials.ts';
import { DEMO_SEEDS } from './demo.ts';
import { runSeeds } from './run-seeds.ts';

describe('the demo credentials warning', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'])(
    'is not owed on %s, which only this machine reaches',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(demoCredentialsWarning(host, ['demo-laas'])).toBeNull();
    },
  );

  it.each(['0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'visita.example', '128.0.0.1'])(
    'is owed on %s while a demo token works, naming the clients and not the token',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      const warning = demoCredentialsWarning(host, ['demo-laas', 'demo-laas-lm']);
      expect(warning).toContain('Credenciales de demostración activas');
      expect(warning).toContain('demo-laas, demo-laas-lm');
      expect(warning).toContain('publicado en el repositorio');
      expect(warning).not.toContain('demo-laas-token');
    },
  );

  it('is not owed when no demo token works any more', () => {
    expect(demoCredentialsWarning('0.0.0.0', [])).toBeNull();
  });
});

describe.each(TEST_ENGINES)('the clients with a public demo token on $name', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
  }, 60_000);
  afterAll(async () => testDb?.dispose());

  it('are none before the demo seed, every staff client after it, and the others once one rotated', async () => {
    const db = testDb.database.db;
    expect(await clientsWithPublicDemoTokens(db)).toEqual([]);
    await runSeeds(db, DEMO_SEEDS);
    expect(await clientsWithPublicDemoTokens(db)).toEqual(['demo-laas', 'demo-laas-lm', 'demo-laas-origen']);
    await db
      .update(clients)
      .set({ apiTokenHash: hashApiToken('a-token-nobody-published') })
      .where(eq(clients.id, 'demo-laas'));
    expect(await clientsWithPublicDemoTokens(db)).toEqual(['demo-laas-lm', 'demo-laas-origen']);
  });
});
