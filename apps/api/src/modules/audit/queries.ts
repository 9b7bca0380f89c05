import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { auditLog, type AuditLogRow } from '../../db/schema.ts';

type AuditAction = AuditLogRow['action'];

/** What changed, by whom: one row of the audit log, written in the change's own transaction. */
export interface AuditEntry {
  /** 'console:<operator id> (<e-mail>)', 'operator:<token fingerprint>' or 'cli:<user>'. */
  actor: string;
  action: AuditAction;
  entityType:
    | 'partner'
    | 'appointment'
    | 'operator'
    | 'nurse'
    | 'payment'
    | 'lead'
    | 'coupon'
    | 'referral_code'
    | 'price'
    | 'catalogue_item'
    | 'sector';
  entityId: string;
  /** The partner whose data it is (the appointment's partner); null for what belongs to none. */
  partnerId: string | null;
  /** The console operator, when the change came from the console. */
  operatorId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records a change; call it with the transaction that makes the change. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    partnerId: entry.partnerId,
    operatorId: entry.operatorId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** One entity's history, newest first (an appointment's page, an operator's). */
export async function listEntityAudit(
  db: Db,
  { entityType, entityId, limit }: { entityType: AuditEntry['entityType']; entityId: string; limit: number },
): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
