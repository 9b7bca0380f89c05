import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.identifier, identifier)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserByTokenHash(db: Db, hash: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.accessTokenHash, hash)).limit(1);
  return row;
}

/**
 * Inserts unless the identifier or the e-mail is taken; undefined then. The unique indexes
 * decide, so two simultaneous registrations of one person create one account.
 */
export async function insertUserIfNew(db: Db, row: NewUserRow): Promise<UserRow | undefined> {
  const [created] = await db.insert(users).values(row).onConflictDoNothing().returning();
  return created;
}
