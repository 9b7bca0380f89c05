import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type ClientRow, clients, type NewClientRow } from '../../db/schema.ts';

export async function findClientById(db: Db, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

/** Inserts clients that do not exist yet; existing ones are left as an operator may have edited them. */
export async function insertClientsIfMissing(db: Db, rows: NewClientRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(clients).values(rows).onConflictDoNothing({ target: clients.id });
}
