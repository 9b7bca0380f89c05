import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any drizzle PostgreSQL database, either engine (this module sits below database.ts). */
type AnyPg = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** drizzle's own book of applied migrations, kept so databases migrated before stay readable. */
const BOOK = sql`drizzle.__drizzle_migrations`;
/** Any fixed number: the lock two instances starting at once take around the migrations. */
const MIGRATION_LOCK = 0x76697369; // 'visi'

/**
 * Applies every migration of the folder that this database has not applied, in the journal's
 * order, in one transaction. drizzle's own migrator applies only the migrations dated after the
 * newest one a database recorded, so one migration dated out of order (0012 once was) made every
 * later one skip silently on databases that already had it. Here a migration counts as applied
 * when the book holds its file's hash or its journal date (a file touched after it was applied
 * keeps its date), whatever the dates of the others. Returns the tags it applied.
 */
export async function applyMigrations(db: AnyPg, migrationsFolder: string): Promise<string[]> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const tags = journalTags(migrationsFolder);
  return db.transaction(async (tx) => {
    // A second instance waits here, then finds the book complete.
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists ${BOOK} (id serial primary key, hash text not null, created_at bigint)`,
    );
    const { rows: book } = (await tx.execute(sql`select hash, created_at from ${BOOK}`)) as unknown as {
      rows: { hash: string; created_at: string | number | null }[];
    };
    const hashes = new Set(book.map((row) => row.hash));
    const dates = new Set(book.map((row) => Number(row.created_at)));
    const applied: string[] = [];
    for (const [index, migration] of migrations.entries()) {
      if (hashes.has(migration.hash) || dates.has(migration.folderMillis)) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement) as SQL);
      }
      await tx.execute(
        sql`insert into ${BOOK} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      applied.push(tags[index] ?? String(index));
    }
    return applied;
  });
}

/** A migration folder as read from disk: each migration's hash and journal date, and its tag. */
export interface MigrationFolder {
  migrations: ReadonlyArray<{ hash: string; folderMillis: number }>;
  tags: readonly string[];
}

let folderReads = 0;

/** How many times this process read a migration folder for readiness (its test counts them). */
export const migrationFolderReads = () => folderReads;

/**
 * Reads and hashes every migration of the folder, for pendingMigrations. The files do not change
 * while a process runs, so a caller reads them once and keeps the answer: readiness is probed
 * every few seconds and hashing every file each time was most of its cost.
 */
export function readMigrationFolder(migrationsFolder: string): MigrationFolder {
  folderReads += 1;
  return {
    migrations: readMigrationFiles({ migrationsFolder }).map(({ hash, folderMillis }) => ({
      hash,
      folderMillis,
    })),
    tags: journalTags(migrationsFolder),
  };
}

/**
 * The migrations of the folder this database has not applied (by the same rule as
 * applyMigrations), by tag: what readiness waits for. Reads the book only (the folder comes read,
 * readMigrationFolder); an absent book is every migration pending.
 */
export async function pendingMigrations(db: AnyPg, folder: MigrationFolder): Promise<string[]> {
  const { migrations, tags } = folder;
  const { rows: found } = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!found[0]?.present) return [...tags];
  const { rows: book } = (await db.execute(sql`select hash, created_at from ${BOOK}`)) as unknown as {
    rows: { hash: string; created_at: string | number | null }[];
  };
  const hashes = new Set(book.map((row) => row.hash));
  const dates = new Set(book.map((row) => Number(row.created_at)));
  return migrations.flatMap((migration, index) =>
    hashes.has(migration.hash) || dates.has(migration.folderMillis) ? [] : [tags[index] ?? String(index)],
  );
}

/** The journal's tags in order, to name what was applied. */
function journalTags(migrationsFolder: string): string[] {
  // readMigrationFiles reads the same journal; it only keeps no names.
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}
