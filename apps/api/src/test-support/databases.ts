import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';

export interface TestDatabase {
  database: Database;
  /**
   * Another connection to the same database, as a second instance of the server would open:
   * its own pool on PostgreSQL; on PGlite, which one process holds, the same handle.
   */
  openAnother(): Promise<Database>;
  /** Closes the connection and removes what the test created. */
  dispose(): Promise<void>;
}

export interface TestEngine {
  name: 'pglite' | 'postgres';
  create(): Promise<TestDatabase>;
}

const pglite: TestEngine = {
  name: 'pglite',
  async create() {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, openAnother: async () => database, dispose: () => database.close() };
  },
};

/** A fresh PostgreSQL database per test file, dropped afterwards, so files never share state. */
function postgres(adminUrl: string): TestEngine {
  return {
    name: 'postgres',
    async create() {
      const name = `visita_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
      const others: Database[] = [];
      return {
        database,
        async openAnother() {
          const other = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
          others.push(other);
          return other;
        },
        async dispose() {
          await Promise.all(others.map((other) => other.close()));
          await database.close();
          const cleanup = new pg.Client({ connectionString: adminUrl });
          await cleanup.connect();
          await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await cleanup.end();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (as `.ci/run` does). */
export const TEST_ENGINES: TestEngine[] = process.env.TEST_DATABASE_URL
  ? [pglite, postgres(process.env.TEST_DATABASE_URL)]
  : [pglite];
