import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  auditLog,
  type AuditLogRow,
  type ClientRow,
  clients,
  companyEmployees,
  type NewClientRow,
} from '../../db/schema.ts';

export type AuditAction = AuditLogRow['action'];

export async function listPartners(db: Db): Promise<ClientRow[]> {
  return db.select().from(clients).orderBy(asc(clients.id));
}

/**
 * The partners selling under a sales source, their rows locked until the transaction ends: a
 * change of the source's shared rules is checked against them, and two such changes on one
 * source do not pass each other.
 */
export async function lockSourcePartners(
  db: Db,
  salesSource: string,
): Promise<Array<Pick<ClientRow, 'id' | 'profile'>>> {
  return db
    .select({ id: clients.id, profile: clients.profile })
    .from(clients)
    .where(eq(clients.salesSource, salesSource))
    .orderBy(asc(clients.id))
    .for('update');
}

/** Inserts a partner; undefined when its id is taken. */
export async function insertPartner(db: Db, row: NewClientRow): Promise<ClientRow | undefined> {
  const [inserted] = await db
    .insert(clients)
    .values(row)
    .onConflictDoNothing({ target: clients.id })
    .returning();
  return inserted;
}

export async function updatePartner(
  db: Db,
  id: string,
  columns: Partial<NewClientRow>,
): Promise<ClientRow | undefined> {
  if (Object.keys(columns).length === 0) {
    const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
    return row;
  }
  const [row] = await db.update(clients).set(columns).where(eq(clients.id, id)).returning();
  return row;
}

export async function insertAuditEntry(
  db: Db,
  entry: {
    actor: string;
    /** The console operator, when the change came from the console. */
    operatorId?: string | null;
    action: AuditAction;
    partnerId: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    operatorId: entry.operatorId ?? null,
    action: entry.action,
    partnerId: entry.partnerId,
    entityType: 'partner',
    entityId: entry.partnerId,
    before: entry.before as Record<string, unknown> | null,
    after: entry.after as Record<string, unknown> | null,
  });
}

/** The audit log, newest first, for one partner or all. */
export async function listAuditEntries(
  db: Db,
  { partnerId, limit }: { partnerId?: string; limit: number },
): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(partnerId ? eq(auditLog.partnerId, partnerId) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** A company's roster, ordered. */
export async function listCompanyEmployees(db: Db, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ document: companyEmployees.document })
    .from(companyEmployees)
    .where(eq(companyEmployees.clientId, clientId))
    .orderBy(asc(companyEmployees.document));
  return rows.map((row) => row.document);
}

/** Replaces a company's roster (run inside the caller's transaction), in batches the driver takes. */
export async function replaceCompanyEmployees(db: Db, clientId: string, documents: readonly string[]) {
  await db.delete(companyEmployees).where(eq(companyEmployees.clientId, clientId));
  for (let start = 0; start < documents.length; start += 5_000) {
    await db
      .insert(companyEmployees)
      .values(documents.slice(start, start + 5_000).map((document) => ({ clientId, document })));
  }
}
