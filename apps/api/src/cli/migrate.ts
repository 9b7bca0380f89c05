/**
 * `npm run migrate`: applies the migrations the database lacks (DATABASE_URL, or the embedded one
 * in DATA_DIR) and says which; a deploy's own step before new instances start, with
 * MIGRATE_ON_START=false on the servers. Safe to run twice, or from two places at once: the
 * migrations run in one transaction under an advisory lock, and what is applied is skipped.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from '../db/embedded-lock.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database belongs to one process: not while a server holds it.
  const release = config.DATABASE_URL ? () => {} : lockEmbeddedDatabase(config.DATA_DIR, 'cli');
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    const pending = await database.pendingMigrations();
    if (pending.length === 0) {
      console.info('La base de datos ya tiene todas las migraciones.');
      return;
    }
    await database.migrate();
    const left = await database.pendingMigrations();
    if (left.length > 0) throw new Error(`quedaron migraciones sin aplicar: ${left.join(', ')}`);
    console.info(`Migraciones aplicadas (${pending.length}): ${pending.join(', ')}`);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseInUse) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
