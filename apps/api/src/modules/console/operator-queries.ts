import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clients, type OperatorRow, operators, operatorSessions, operatorTotp } from '../../db/schema.ts';

type NewOperatorRow = typeof operators.$inferInsert;

/** An operator and whether their second factor is confirmed. */
export type OperatorWithTotp = OperatorRow & { totpEnabled: boolean };

const withTotp = {
  row: operators,
  totpConfirmedAt: operatorTotp.confirmedAt,
};

const flatten = ({ row, totpConfirmedAt }: { row: OperatorRow; totpConfirmedAt: Date | null }) => ({
  ...row,
  totpEnabled: totpConfirmedAt !== null,
});

/** Every operator, active ones first, then by e-mail. */
export async function listOperators(db: Db): Promise<OperatorWithTotp[]> {
  const rows = await db
    .select(withTotp)
    .from(operators)
    .leftJoin(operatorTotp, eq(operatorTotp.operatorId, operators.id))
    .orderBy(sql`${operators.active} desc`, asc(operators.email));
  return rows.map(flatten);
}

/** One operator; `lock` holds their row until the transaction ends (two admins editing at once). */
export async function findOperator(
  db: Db,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<OperatorWithTotp | undefined> {
  const query = db
    .select(withTotp)
    .from(operators)
    .leftJoin(operatorTotp, eq(operatorTotp.operatorId, operators.id))
    .where(eq(operators.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: operators }) : await query;
  return row ? flatten(row) : undefined;
}

/** Inserts an operator; undefined when the e-mail is taken. */
export async function insertOperator(db: Db, row: NewOperatorRow): Promise<OperatorRow | undefined> {
  const [inserted] = await db
    .insert(operators)
    .values(row)
    .onConflictDoNothing({ target: operators.email })
    .returning();
  return inserted;
}

export async function updateOperatorColumns(
  db: Db,
  id: string,
  columns: Partial<
    Pick<NewOperatorRow, 'name' | 'role' | 'clientId' | 'active' | 'failedLogins' | 'lockedUntil'>
  >,
): Promise<void> {
  await db
    .update(operators)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(operators.id, id));
}

/** Ends every live session of an operator; answers how many. */
export async function revokeOperatorSessions(db: Db, operatorId: string): Promise<number> {
  const revoked = await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
    .returning({ id: operatorSessions.id });
  return revoked.length;
}

/** Forgets an operator's second factor: their next sign-in enrols a new one. */
export async function deleteOperatorTotp(db: Db, operatorId: string): Promise<boolean> {
  const deleted = await db
    .delete(operatorTotp)
    .where(eq(operatorTotp.operatorId, operatorId))
    .returning({ id: operatorTotp.operatorId });
  return deleted.length > 0;
}

/** The partners a filter offers: all of them, or only `onlyId`'s. */
export async function listPartnerOptions(
  db: Db,
  onlyId: string | null,
): Promise<Array<{ id: string; name: string; country: string }>> {
  return db
    .select({ id: clients.id, name: clients.name, country: clients.country })
    .from(clients)
    .where(onlyId === null ? undefined : eq(clients.id, onlyId))
    .orderBy(asc(clients.name), asc(clients.id));
}

export async function partnerExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1);
  return row !== undefined;
}
