import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, type Db, perDatabase } from '../../db/database.ts';

/**
 * What an instance keeps in memory and another instance can make stale: sectors' availability
 * (a hold, a confirmation, a freed block: every sector its nurse serves, null for all), who works when (nurses, shifts, days off, sectors: the
 * database's own triggers say it, whoever changed them), a client's configuration, the catalogue.
 * `everything` is said after a lost connection, when changes may have been missed.
 */
type Change =
  | { topic: 'availability'; sectorIds: readonly number[] | null }
  | { topic: 'roster' }
  | { topic: 'client'; clientId: string }
  /** `part: 'prices'` when only item_prices changed: the snapshots re-read those, not the items. */
  | { topic: 'catalogue'; part?: 'prices' }
  | { topic: 'everything' };

export interface ChangeBus {
  /**
   * Tells this instance at once and every other instance on the database through NOTIFY. Call it
   * once the change has committed, so no instance recomputes from the state before it. Resolves
   * once this instance's handlers have taken it in (a handler may return the reload it started),
   * so the writer's next read here sees the change.
   */
  publish(change: Change): Promise<void>;
  /**
   * Calls `handler` for every change, local or from another instance; returns the unsubscribe. A
   * handler that returns a promise (never rejecting) makes this instance's publish wait for it.
   */
  subscribe(handler: (change: Change) => void | Promise<unknown>): () => void;
  close(): Promise<void>;
}

const CHANGES_CHANNEL = 'visita_changes';

const TOPICS = new Set(['availability', 'roster', 'client', 'catalogue', 'everything']);

const isSectorIds = (value: unknown) =>
  value === null || (Array.isArray(value) && value.every((id) => Number.isSafeInteger(id)));

function parse(payload: string): (Change & { origin: string }) | null {
  try {
    const value = JSON.parse(payload) as Change & { origin?: unknown };
    if (typeof value.origin !== 'string' || !TOPICS.has(value.topic)) return null;
    if (value.topic === 'availability' && !isSectorIds(value.sectorIds)) return null;
    if (value.topic === 'catalogue' && value.part !== undefined && value.part !== 'prices') return null;
    return value as Change & { origin: string };
  } catch {
    return null;
  }
}

// Every hold publishes one: prepared, so neither drizzle nor PostgreSQL builds and plans it again.
const preparedNotify = perDatabase((db: Db) =>
  db
    .select({ sent: sql<string>`pg_notify(${CHANGES_CHANNEL}, ${sql.placeholder('payload')})` })
    .from(sql`(select 1) one`)
    .prepare('changes_notify'),
);

export async function createChangeBus(database: Database): Promise<ChangeBus> {
  const origin = randomUUID();
  const handlers = new Set<(change: Change) => void | Promise<unknown>>();
  const tell = (change: Change) => {
    const pending: Array<Promise<unknown>> = [];
    for (const handler of handlers) {
      const result = handler(change);
      if (result) pending.push(result);
    }
    return pending;
  };
  const unlisten = await database.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const change = parse(payload);
      // This instance was told when it published; a foreign or malformed payload changes nothing.
      if (change && change.origin !== origin) {
        const { origin: _from, ...rest } = change;
        tell(rest as Change);
      }
    },
    () => tell({ topic: 'everything' }),
  );
  return {
    async publish(change) {
      const taken = tell(change);
      await preparedNotify(database.db).execute({ payload: JSON.stringify({ ...change, origin }) });
      if (taken.length > 0) await Promise.all(taken);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await unlisten();
    },
  };
}
