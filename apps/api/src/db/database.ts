import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { applyMigrations, type MigrationFolder, pendingMigrations, readMigrationFolder } from './migrate.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
/** The one database type the code sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction's options (isolation level, read-only), as drizzle takes them. */
export type TransactionConfig = Parameters<Db['transaction']>[1];

/**
 * Runs `work` in one transaction and hands it the transaction as the same `Db` every query
 * function takes, so queries compose inside and outside transactions alike. The one place the
 * transaction's type is widened.
 */
export function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db), config);
}

/**
 * Tells the database that this transaction erases people's data (retention, forget-patient): the
 * money guard (migration 0024) then lets the patients of ended bookings change, as nothing else may.
 */
export async function markErasing(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('visita.erasing', 'on', true)`);
}

/**
 * The SQLSTATE of a database error, whichever driver raised it and however drizzle wrapped it
 * (DrizzleQueryError keeps the driver's error as its cause): for errors a statement raises on
 * purpose, as the hold's function does when no nurse is left.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations in src/db/migrations, the same files for both engines. */
  migrate(): Promise<void>;
  /** The migrations of src/db/migrations this database lacks, by tag (readiness). */
  pendingMigrations(): Promise<string[]>;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel`, from this process or any other on the
   * same database; `onReconnect` after a lost listening connection came back (messages sent
   * meanwhile are lost, so whatever they would have invalidated must be invalidated). Resolves
   * to the function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

let shippedMigrations: MigrationFolder | undefined;

/**
 * src/db/migrations as read on first use and kept for the process: the files ship with the build,
 * and readiness compares them with the database's book at every probe.
 */
function migrationsFolder(): MigrationFolder {
  shippedMigrations ??= readMigrationFolder(MIGRATIONS_FOLDER);
  return shippedMigrations;
}

/** Opens a connection; nothing connects on import. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await applyMigrations(db, MIGRATIONS_FOLDER);
      },
      pendingMigrations: () => pendingMigrations(db, migrationsFolder()),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async listen(channel, onMessage, onReconnect) {
        const stop = await listenOnPostgres(options.url, channel, onMessage, onReconnect);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = join(options.dataDir, 'pglite');
  }
  const client = await PGlite.create(dataDir);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await applyMigrations(pgliteDb, MIGRATIONS_FOLDER);
    },
    pendingMigrations: () => pendingMigrations(pgliteDb, migrationsFolder()),
    // One process holds an embedded database, so its own notifications are all there is.
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN needs a connection of its own, outside the pool, held for the process's life. When it
 * drops (a database restart, a network cut) it is opened again, and `onReconnect` tells the
 * caller that notifications may have been missed.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => reconnect());
    next.on('end', () => reconnect());
    await next.connect();
    await next.query(`LISTEN ${quoted}`);
    client = next;
  }

  function reconnect(): void {
    if (stopped || retry) return;
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onReconnect?.(),
        () => reconnect(),
      );
    }, LISTEN_RETRY_MS);
    retry.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** The driver's connection (or pool) a database or a transaction runs its statements on. */
function sessionOf(db: Db): { client: object; constructor: unknown } {
  const session = db._.session as unknown as { client?: unknown; constructor: unknown };
  if (typeof session.client !== 'object' || session.client === null)
    throw new Error('drizzle session without a client: perDatabase() must follow drizzle-orm');
  return session as { client: object; constructor: unknown };
}

/**
 * A prepared statement for any database or transaction: `prepare` builds it with drizzle's
 * .prepare(name) once per driver, and each connection (a pool, a transaction's connection) gets
 * the same statement bound to it. Building a query costs the API more CPU than the short reads
 * these are for, and a transaction used to build its statements afresh every time. Binding
 * relies on drizzle's prepared queries running on their `client` (node-postgres and PGlite
 * alike); database.test.ts proves a statement bound to a transaction runs inside it.
 */
export function perDatabase<T extends object>(prepare: (db: Db) => T): (db: Db) => T {
  const templates = new Map<unknown, T>();
  const bound = new WeakMap<object, T>();
  return (db) => {
    const session = sessionOf(db);
    let statement = bound.get(session.client);
    if (statement === undefined) {
      let template = templates.get(session.constructor);
      if (template === undefined) {
        template = prepare(db);
        if (!('client' in template)) throw new Error('a prepared statement without a client');
        templates.set(session.constructor, template);
      }
      statement = Object.create(template, { client: { value: session.client } }) as T;
      bound.set(session.client, statement);
    }
    return statement;
  };
}

/** Past this many shapes a statement is built afresh each time (as an unprepared one is). */
const MOST_SHAPES = 32;

/**
 * perDatabase for a statement whose text depends on its input's shape, such as the columns an
 * insert fills or an update sets: one prepared statement per shape (`keyOf` names it; the values
 * go as placeholders), named `name_1`, `name_2`… in the order the shapes first appear. Shapes come
 * from the code's own objects, a handful per statement; past MOST_SHAPES a new shape is built
 * unprepared, so no input can make a connection keep statements without end.
 */
export function perShape<S, T extends object>(
  name: string,
  keyOf: (shape: S) => string,
  prepare: (db: Db, statementName: string, shape: S) => T,
): (db: Db, shape: S) => T {
  const shapes = new Map<string, (db: Db) => T>();
  return (db, shape) => {
    const key = keyOf(shape);
    let statement = shapes.get(key);
    if (statement === undefined) {
      // An empty name is node-postgres' unnamed statement: parsed and planned for this call only.
      if (shapes.size >= MOST_SHAPES) return prepare(db, '', shape);
      const statementName = `${name}_${shapes.size + 1}`;
      statement = perDatabase((each) => prepare(each, statementName, shape));
      shapes.set(key, statement);
    }
    return statement(db);
  };
}

/**
 * A placeholder for an instant, sent as ISO text and cast in SQL: both drivers read it the same
 * way (a Date would be serialised by each driver its own way). Pass `date.toISOString()`.
 */
export const instantPlaceholder = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;

/** Raw SQL rows; both drivers answer `{ rows }`, which the shared PgDatabase type leaves untyped. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
