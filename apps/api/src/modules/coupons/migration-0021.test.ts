import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { MIGRATIONS_FOLDER } from '../../paths.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';

const TAG = '0021_coupon_amounts';

/** The migrations folder as it was before TAG: the same files, the journal cut before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'visita-before-0021-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

describe.each(TEST_ENGINES)('migration 0021 (coupon amounts) over existing coupons on $name', (engine) => {
  let testDb: TestDatabase;
  let before: string;
  beforeAll(async () => {
    testDb = await engine.create();
    before = migrationsBefore(TAG);
  });
  afterAll(async () => {
    await testDb?.dispose();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it("keeps each coupon's source as a list of one, its percentage within 1 to 100, and then refuses two kinds of discount", async () => {
    const db = testDb.database.db;
    const applied = await applyMigrations(db, before);
    expect(applied).not.toContain(TAG);
    await db.execute(sql`
      insert into coupons (code, discount_percent, sales_source, active) values
        ('DEUNSOCIO', 15, 'clinicaalemana', true),
        ('DETODOS', 10, null, true),
        ('DEMASIADO', 150, null, true),
        ('DECERO', 0, null, true)`);

    expect(await applyMigrations(db, MIGRATIONS_FOLDER)).toContain(TAG);
    const rows = await queryRows<{
      code: string;
      discount_percent: number | null;
      discount_amount: number | null;
      sales_sources: string[] | null;
      once_per_person: boolean;
      active: boolean;
    }>(
      db,
      sql`select code, discount_percent, discount_amount, sales_sources, once_per_person, active
          from coupons order by code`,
    );
    expect(rows).toEqual([
      {
        code: 'DECERO',
        discount_percent: 1,
        discount_amount: null,
        sales_sources: null,
        once_per_person: false,
        active: false,
      },
      {
        code: 'DEMASIADO',
        discount_percent: 100,
        discount_amount: null,
        sales_sources: null,
        once_per_person: false,
        active: true,
      },
      {
        code: 'DETODOS',
        discount_percent: 10,
        discount_amount: null,
        sales_sources: null,
        once_per_person: false,
        active: true,
      },
      {
        code: 'DEUNSOCIO',
        discount_percent: 15,
        discount_amount: null,
        sales_sources: ['clinicaalemana'],
        once_per_person: false,
        active: true,
      },
    ]);

    await expect(
      db.execute(
        sql`insert into coupons (code, discount_percent, discount_amount) values ('AMBOS', 10, 500)`,
      ),
    ).rejects.toThrow();
    await expect(db.execute(sql`insert into coupons (code) values ('NINGUNO')`)).rejects.toThrow();
    await expect(
      db.execute(sql`insert into coupons (code, discount_amount, country) values ('MONTO', 500, 'cl')`),
    ).resolves.toBeDefined();
  });
});
