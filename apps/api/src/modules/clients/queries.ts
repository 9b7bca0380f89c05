import { eq, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { type ClientRow, clients, type NewClientRow } from '../../db/schema.ts';

function prepareFindClient(db: Db) {
  return db
    .select()
    .from(clients)
    .where(eq(clients.id, sql.placeholder('id')))
    .limit(1)
    .prepare('clients_find');
}

const preparedFindClient = perDatabase(prepareFindClient);

/**
 * A prepared statement: a booking reads its partner's row several times (creation, finalize,
 * confirmation, the e-mail), and building drizzle's query for the whole row each time cost more
 * CPU than reading it.
 */
export async function findClientById(db: Db, id: string): Promise<ClientRow | undefined> {
  const prepared = preparedFindClient(db);
  const [row] = await prepared.execute({ id });
  return row;
}

/** Inserts clients that do not exist yet; existing ones are left as an operator may have edited them. */
export async function insertClientsIfMissing(db: Db, rows: NewClientRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(clients).values(rows).onConflictDoNothing({ target: clients.id });
}
