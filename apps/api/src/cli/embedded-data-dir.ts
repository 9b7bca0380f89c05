/**
 * The guard npm run backup and npm run restore share: they work on the embedded database's files
 * in DATA_DIR, which with DATABASE_URL hold no database at all (PostgreSQL has pg_dump and
 * pg_restore, which each command names in its own words).
 */

/**
 * DATA_DIR for a command that works on the embedded database's files, or null after writing
 * `whenPostgres` when DATABASE_URL is set (the command then exits with 1).
 */
export function embeddedDataDir(
  settings: { dataDir: string; databaseUrl?: string },
  whenPostgres: string,
  io: { err: (line: string) => void },
): string | null {
  if (settings.databaseUrl) {
    io.err(whenPostgres);
    return null;
  }
  return settings.dataDir;
}
