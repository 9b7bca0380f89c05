import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, type TestDatabase } from '../test-support/databases.ts';
import { queryRows } from './database.ts';
import { clients } from './schema.ts';
import { DEMO_SEEDS } from './seed/demo.ts';
import { DEMO_CLIENTS, DEMO_COLOUR_CLIENTS } from './seed/demo-clients.ts';
import { DEMO_VARIANT_CLIENTS } from './seed/demo-partner-variants.ts';
import { runSeeds } from './seed/run-seeds.ts';

describe.each(TEST_ENGINES)('migrations and demo seed on $name', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await engine.create();
  });
  afterAll(() => testDb?.dispose());

  it('creates the schema on an empty database', async () => {
    await testDb.database.migrate();
    const rows = await queryRows<{ table_name: string }>(
      testDb.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(['clients', 'seed_runs']));
  });

  it('applies nothing twice: migrating again is a no-op', async () => {
    await expect(testDb.database.migrate()).resolves.toBeUndefined();
    const [applied] = await queryRows<{ count: string | number }>(
      testDb.database.db,
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied?.count)).toBeGreaterThanOrEqual(2);
  });

  it('seeds every demo client once, and never again', async () => {
    const first = await runSeeds(testDb.database.db, DEMO_SEEDS);
    expect(first).toContain('demo-clients');
    const rows = await testDb.database.db.select({ id: clients.id }).from(clients);
    expect(rows.map((row) => row.id).sort()).toEqual(
      [...DEMO_CLIENTS, ...DEMO_COLOUR_CLIENTS, ...DEMO_VARIANT_CLIENTS].map((row) => row.id).sort(),
    );

    // An operator deletes a demo client: a restart must not bring it back.
    await testDb.database.db.execute(sql`delete from clients where id = 'redsalud'`);
    const second = await runSeeds(testDb.database.db, DEMO_SEEDS);
    expect(second).toEqual([]);
    const after = await testDb.database.db.select({ id: clients.id }).from(clients);
    expect(after).toHaveLength(
      DEMO_CLIENTS.length + DEMO_COLOUR_CLIENTS.length + DEMO_VARIANT_CLIENTS.length - 1,
    );
  });
});
