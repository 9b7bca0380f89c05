import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import type { ClientRow } from '../../db/schema.ts';
import { CONFIG_TTL_MS } from './service.ts';
import { findClientById } from './queries.ts';

/**
 * Partners' rows as this instance keeps them for the booking's own reads (creation, finalize,
 * confirmation, the e-mail and the webhook each read the partner's rules): a booking read its
 * partner's row four times. An edit is told to every instance on the change bus and forgets the
 * row at once (app.ts); the age only bounds a lost notification, as for the client config. Reads
 * that must see the stored row (the operator API's audit, which compares before and after) use
 * findClientById.
 */
const keptPerDatabase = new WeakMap<Db, LRUCache<string, { row: ClientRow | undefined }>>();

function kept(db: Db): LRUCache<string, { row: ClientRow | undefined }> {
  let cache = keptPerDatabase.get(db);
  if (!cache) keptPerDatabase.set(db, (cache = new LRUCache({ max: 2000, ttl: CONFIG_TTL_MS })));
  return cache;
}

/**
 * The partner's row, kept per database `db`; a miss reads it through `via` (the caller's
 * transaction, so a transaction never waits for a second connection of the pool).
 */
export async function keptClient(db: Db, id: string, via: Db = db): Promise<ClientRow | undefined> {
  const cache = kept(db);
  const hit = cache.get(id);
  if (hit) return hit.row;
  const row = await findClientById(via, id);
  cache.set(id, { row });
  return row;
}

/** A partner changed (or, with null, possibly every partner): its kept row is read again. */
export function forgetKeptClients(db: Db, id: string | null): void {
  if (id === null) kept(db).clear();
  else kept(db).delete(id);
}
