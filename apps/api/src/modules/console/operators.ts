import * as ERRORS from '@visita/domain/contract/api-errors';
import type { ConsoleRole } from '@visita/domain/console-permissions';
import type { consoleOperatorSchema } from '@visita/domain/contract/console';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/database.ts';
import type { OperatorRow } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { recordAudit } from '../audit/queries.ts';
import {
  deleteOperatorTotp,
  findOperator,
  insertOperator,
  type OperatorWithTotp,
  partnerExists,
  revokeOperatorSessions,
  updateOperatorColumns,
} from './operator-queries.ts';
import { hashPassword, oneTimePassword } from './passwords.ts';

export type OperatorAnswer = z.infer<typeof consoleOperatorSchema>;

/** Who makes a change, as the audit log records it: a console operator, or the command line. */
export interface ChangeAuthor {
  /** consoleActor(operator) or 'cli:<user>'. */
  actor: string;
  /** The console operator; null for the command line. */
  operatorId: string | null;
}

export function toOperatorAnswer(row: OperatorWithTotp): OperatorAnswer {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    client_id: row.clientId,
    active: row.active,
    totp_enabled: row.totpEnabled,
    locked_until: row.lockedUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an operator: never the password's hash nor the TOTP secret. */
function audited(row: OperatorRow & { totpEnabled?: boolean }): Record<string, unknown> {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    client_id: row.clientId,
    active: row.active,
    must_change_password: row.mustChangePassword,
    failed_logins: row.failedLogins,
    locked_until: row.lockedUntil?.toISOString() ?? null,
    ...(row.totpEnabled === undefined ? {} : { totp_enabled: row.totpEnabled }),
  };
}

/**
 * A `partner` operator belongs to one partner that exists, and only they name one: the same rule
 * as the table's check, refused with a text an admin can act on before the database would.
 */
async function checkPartnerOf(db: Db, role: ConsoleRole, clientId: string | null): Promise<void> {
  if ((role === 'partner') !== (clientId !== null)) throw fail(ERRORS.CONSOLE_PARTNER_ROLE_NEEDS_CLIENT);
  if (clientId !== null && !(await partnerExists(db, clientId))) throw fail(ERRORS.CONSOLE_UNKNOWN_PARTNER);
}

async function existing(db: Db, id: string): Promise<OperatorWithTotp> {
  const row = await findOperator(db, id, { lock: true });
  if (!row) throw fail(ERRORS.CONSOLE_OPERATOR_NOT_FOUND);
  return row;
}

async function reread(db: Db, id: string): Promise<OperatorWithTotp> {
  const row = await findOperator(db, id);
  if (!row) throw fail(ERRORS.CONSOLE_OPERATOR_NOT_FOUND);
  return row;
}

/**
 * A new operator with a one-time password, answered once and stored only hashed: their first
 * sign-in changes it (and an admin enrols a second factor then).
 */
export async function createOperator(
  db: Db,
  input: { email: string; name: string; role: ConsoleRole; clientId: string | null },
  by: ChangeAuthor,
): Promise<{ operator: OperatorAnswer; oneTimePassword: string }> {
  await checkPartnerOf(db, input.role, input.clientId);
  const password = oneTimePassword();
  // argon2 runs before the transaction: no row stays locked while it hashes.
  const passwordHash = await hashPassword(password);
  const row = await inTransaction(db, async (tx) => {
    const inserted = await insertOperator(tx, {
      email: input.email,
      name: input.name,
      role: input.role,
      clientId: input.clientId,
      passwordHash,
      mustChangePassword: true,
      createdBy: by.operatorId,
    });
    if (!inserted) throw fail(ERRORS.CONSOLE_EMAIL_TAKEN);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'operator.created',
      entityType: 'operator',
      entityId: inserted.id,
      partnerId: inserted.clientId,
      operatorId: by.operatorId,
      after: audited(inserted),
    });
    return inserted;
  });
  return { operator: toOperatorAnswer({ ...row, totpEnabled: false }), oneTimePassword: password };
}

export interface OperatorChange {
  name?: string | undefined;
  role?: ConsoleRole | undefined;
  clientId?: string | null | undefined;
  active?: boolean | undefined;
}

/**
 * Changes an operator's name, role, partner or whether they may sign in. A change of role or
 * partner, or a deactivation, ends their sessions: what they may see changed under them. An admin
 * may not deactivate or demote themself (another admin must), so the console never loses its last
 * admin by a slip. Leaving the partner role without naming a partner drops the partner.
 */
export async function updateOperator(
  db: Db,
  id: string,
  change: OperatorChange,
  by: ChangeAuthor,
): Promise<OperatorAnswer> {
  return inTransaction(db, async (tx) => {
    const before = await existing(tx, id);
    const role = change.role ?? before.role;
    const clientId =
      change.clientId !== undefined ? change.clientId : role === 'partner' ? before.clientId : null;
    const active = change.active ?? before.active;
    if (by.operatorId === id && ((before.active && !active) || role !== before.role))
      throw fail(ERRORS.CONSOLE_OWN_ACCOUNT);
    if (role !== before.role || clientId !== before.clientId) await checkPartnerOf(tx, role, clientId);
    const columns = {
      ...(change.name !== undefined && change.name !== before.name ? { name: change.name } : {}),
      ...(role !== before.role ? { role } : {}),
      ...(clientId !== before.clientId ? { clientId } : {}),
      ...(active !== before.active ? { active } : {}),
    };
    if (Object.keys(columns).length === 0) return toOperatorAnswer(before);
    await updateOperatorColumns(tx, id, columns);
    if ('role' in columns || 'clientId' in columns || (before.active && !active))
      await revokeOperatorSessions(tx, id);
    const after = await reread(tx, id);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'operator.updated',
      entityType: 'operator',
      entityId: id,
      partnerId: after.clientId ?? before.clientId,
      operatorId: by.operatorId,
      before: audited(before),
      after: audited(after),
    });
    return toOperatorAnswer(after);
  });
}

/**
 * One change to an operator, in its transaction: read before, change, read after, and the audit
 * row with both (never a secret: `audited` leaves them out).
 */
function changeOperator(
  db: Db,
  id: string,
  by: ChangeAuthor,
  action: 'operator.unlocked' | 'operator.totp_reset',
  change: (tx: Db) => Promise<unknown>,
): Promise<OperatorAnswer> {
  return inTransaction(db, async (tx) => {
    const before = await existing(tx, id);
    await change(tx);
    const after = await reread(tx, id);
    await recordAudit(tx, {
      actor: by.actor,
      action,
      entityType: 'operator',
      entityId: id,
      partnerId: before.clientId,
      operatorId: by.operatorId,
      before: audited(before),
      after: audited(after),
    });
    return toOperatorAnswer(after);
  });
}

/** Lifts a lock-out: the failed sign-ins are forgotten. */
export function unlockOperator(db: Db, id: string, by: ChangeAuthor): Promise<OperatorAnswer> {
  return changeOperator(db, id, by, 'operator.unlocked', (tx) =>
    updateOperatorColumns(tx, id, { failedLogins: 0, lockedUntil: null }),
  );
}

/**
 * Forgets an operator's second factor (a lost phone) and ends their sessions: their next sign-in
 * with the password enrols a new one.
 */
export function resetOperatorTotp(db: Db, id: string, by: ChangeAuthor): Promise<OperatorAnswer> {
  return changeOperator(db, id, by, 'operator.totp_reset', async (tx) => {
    await deleteOperatorTotp(tx, id);
    await revokeOperatorSessions(tx, id);
  });
}

/** Signs an operator out of every browser. */
export async function endOperatorSessions(db: Db, id: string, by: ChangeAuthor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await existing(tx, id);
    const ended = await revokeOperatorSessions(tx, id);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'operator.sessions_ended',
      entityType: 'operator',
      entityId: id,
      partnerId: before.clientId,
      operatorId: by.operatorId,
      after: { sessions_ended: ended },
    });
  });
}
