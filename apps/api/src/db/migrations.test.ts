import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, type TestDatabase } from '../test-support/databases.ts';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { queryRows } from './database.ts';
import { applyMigrations } from './migrate.ts';
import { clients } from './schema.ts';
import { DEMO_SEEDS } from './seed/demo.ts';
import { DEMO_CLIENTS, DEMO_COLOUR_CLIENTS } from './seed/demo-clients.ts';
import { DEMO_VARIANT_CLIENTS } from './seed/demo-partner-variants.ts';
import { runSeeds } from './seed/run-seeds.ts';

const JOURNAL = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migrations journal', () => {
  it('dates every migration after the one before it, and none in the future', () => {
    // drizzle-kit dates a new migration now: one dated ahead of it would sort the new one first.
    const dates = JOURNAL.entries.map((entry) => entry.when);
    for (let i = 1; i < dates.length; i++)
      expect(dates[i], JOURNAL.entries[i]?.tag).toBeGreaterThan(dates[i - 1] ?? 0);
    expect(Math.max(...dates)).toBeLessThanOrEqual(Date.now());
    expect(JOURNAL.entries.map((entry) => entry.idx)).toEqual(JOURNAL.entries.map((_, i) => i));
  });
});

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

  it('applies a migration its book lacks even when a later-dated one is there', async () => {
    // What drizzle's own migrator skipped: a database that recorded 0012 dated after 0013 and 0014.
    const tag = '0013_visits_holds_by_block';
    const index = JOURNAL.entries.findIndex((entry) => entry.tag === tag);
    const when = JOURNAL.entries[index]?.when;
    const twelfth = JOURNAL.entries[12]?.when;
    expect(when).toBeDefined();
    await testDb.database.db.execute(sql`drop index visits_holds_by_block_idx`);
    await testDb.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${when}`,
    );
    await testDb.database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = 1795766400000 where created_at = ${twelfth}`,
    );

    await expect(applyMigrations(testDb.database.db, MIGRATIONS_FOLDER)).resolves.toEqual([tag]);
    const indexes = await queryRows<{ indexname: string }>(
      testDb.database.db,
      sql`select indexname from pg_indexes where indexname = 'visits_holds_by_block_idx'`,
    );
    expect(indexes).toHaveLength(1);
    await expect(applyMigrations(testDb.database.db, MIGRATIONS_FOLDER)).resolves.toEqual([]);
  });

  it('lets two instances start at once: one applies, the other finds nothing to do', async () => {
    const other = await testDb.openAnother();
    const answers = await Promise.all([
      applyMigrations(testDb.database.db, MIGRATIONS_FOLDER),
      applyMigrations(other.db, MIGRATIONS_FOLDER),
    ]);
    expect(answers).toEqual([[], []]);
    const [book] = await queryRows<{ count: string | number }>(
      testDb.database.db,
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(book?.count)).toBe(JOURNAL.entries.length);
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
