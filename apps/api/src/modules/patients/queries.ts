import { and, asc, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clientPatients } from '../../db/schema.ts';

export type ClientPatientRow = typeof clientPatients.$inferSelect;
export type NewClientPatientRow = typeof clientPatients.$inferInsert;

/**
 * A client's patients whose search text holds every word (words are folded to a-z0-9, so they
 * never carry a LIKE wildcard). Without words, the most recently added come first.
 */
export async function searchClientPatients(
  db: Db,
  clientId: string,
  words: readonly string[],
  limit: number,
): Promise<ClientPatientRow[]> {
  const matches = words.map((word) => like(clientPatients.searchText, `%${word}%`));
  return db
    .select()
    .from(clientPatients)
    .where(and(eq(clientPatients.clientId, clientId), ...matches))
    .orderBy(
      ...(words.length === 0
        ? [desc(clientPatients.createdAt)]
        : [asc(clientPatients.lastName), asc(clientPatients.firstName)]),
      asc(clientPatients.id),
    )
    .limit(limit);
}

/** Inserts unless the client already has that document; undefined then (race-free: the unique index decides). */
export async function insertClientPatientIfNew(
  db: Db,
  row: NewClientPatientRow,
): Promise<ClientPatientRow | undefined> {
  const [created] = await db
    .insert(clientPatients)
    .values(row)
    .onConflictDoNothing({
      target: [clientPatients.clientId, clientPatients.documentType, clientPatients.documentNumber],
    })
    .returning();
  return created;
}
