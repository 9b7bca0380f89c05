import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  type OperatorRow,
  operatorLoginAttempts,
  operatorPasswordResets,
  operators,
  operatorSessions,
  operatorTotp,
  type OperatorSessionRow,
} from '../../db/schema.ts';

/** Failed sign-ins (passwords and TOTP codes) within this window lock the account. */
const LOCK_AFTER_FAILURES = 5;
const LOCK_WINDOW_MS = 15 * 60 * 1000;

export type LoginOutcome = (typeof operatorLoginAttempts.$inferInsert)['outcome'];
export type SessionStage = OperatorSessionRow['stage'];

/** An operator and their TOTP row (confirmed or not), by e-mail (lower-cased by the caller). */
export async function findOperatorByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ operator: operators, totpConfirmedAt: operatorTotp.confirmedAt })
    .from(operators)
    .leftJoin(operatorTotp, eq(operatorTotp.operatorId, operators.id))
    .where(eq(operators.email, email))
    .limit(1);
  return row ? { ...row.operator, totpEnabled: row.totpConfirmedAt !== null } : undefined;
}

export async function findOperatorById(db: Db, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export async function recordLoginAttempt(
  db: Db,
  attempt: { emailHash: string; operatorId: string | null; address: string; outcome: LoginOutcome; at: Date },
): Promise<void> {
  await db.insert(operatorLoginAttempts).values(attempt);
}

/**
 * Counts a failure against the account: its failures are those since the last good sign-in (or
 * unlock) that fall within the window, this one included (written before); reaching the limit
 * locks the account for the window. Answers whether it is now locked.
 */
export async function countFailure(db: Db, operatorId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOCK_WINDOW_MS);
  const recent = sql`(select count(*)::int from ${operatorLoginAttempts}
    where ${operatorLoginAttempts.operatorId} = ${operatorId}
      and ${operatorLoginAttempts.outcome} in ('bad_password', 'bad_totp')
      and ${operatorLoginAttempts.at} > ${since.toISOString()})`;
  const failures = sql`least(${operators.failedLogins} + 1, ${recent})`;
  const [row] = await db
    .update(operators)
    .set({
      failedLogins: failures,
      lockedUntil: sql`case when ${failures} >= ${LOCK_AFTER_FAILURES}
        then ${new Date(now.getTime() + LOCK_WINDOW_MS).toISOString()}::timestamptz
        else ${operators.lockedUntil} end`,
    })
    .where(eq(operators.id, operatorId))
    .returning({ lockedUntil: operators.lockedUntil });
  return !!row?.lockedUntil && row.lockedUntil > now;
}

/** A good sign-in: the failures counted so far are forgotten. */
export async function clearFailures(db: Db, operatorId: string): Promise<void> {
  await db.update(operators).set({ failedLogins: 0, lockedUntil: null }).where(eq(operators.id, operatorId));
}

export async function setSessionStage(db: Db, sessionId: string, stage: SessionStage): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ stage })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/** One more wrong TOTP code on this session; answers how many it has had. */
export async function countSessionTotpFailure(db: Db, sessionId: string): Promise<number> {
  const [row] = await db
    .update(operatorSessions)
    .set({ totpFailures: sql`${operatorSessions.totpFailures} + 1` })
    .where(eq(operatorSessions.id, sessionId))
    .returning({ failures: operatorSessions.totpFailures });
  return row?.failures ?? 0;
}

/** Ends one session of an operator's; answers whether it was theirs and still live. */
export async function revokeSession(db: Db, operatorId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(operatorSessions.id, sessionId),
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
      ),
    )
    .returning({ id: operatorSessions.id });
  return rows.length > 0;
}

/** Ends the session a cookie names, whoever's it is (a browser signing in again). */
export async function revokeSessionByToken(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
}

/** Ends every live session of an operator but `keep`; answers how many. */
export async function revokeOtherSessions(db: Db, operatorId: string, keep: string | null): Promise<number> {
  const rows = await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keep ? ne(operatorSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: operatorSessions.id });
  return rows.length;
}

/** An operator's sessions still live (not revoked, not expired, not idle too long), newest first. */
export async function listLiveSessions(db: Db, operatorId: string, now: Date, idleMs: number) {
  return db
    .select()
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(operatorSessions.createdAt));
}

export async function findTotp(db: Db, operatorId: string) {
  const [row] = await db.select().from(operatorTotp).where(eq(operatorTotp.operatorId, operatorId)).limit(1);
  return row;
}

/** Records the step of a code just accepted, unless one as late was already: false for a replay. */
export async function claimTotpStep(
  db: Db,
  operatorId: string,
  step: number,
  { confirm }: { confirm: boolean },
): Promise<boolean> {
  const rows = await db
    .update(operatorTotp)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(operatorTotp.operatorId, operatorId),
        or(isNull(operatorTotp.lastStep), lt(operatorTotp.lastStep, step)),
        confirm ? isNull(operatorTotp.confirmedAt) : undefined,
      ),
    )
    .returning({ operatorId: operatorTotp.operatorId });
  return rows.length > 0;
}

/** A new unconfirmed secret, replacing an unconfirmed one; false when a confirmed one exists. */
export async function putUnconfirmedTotp(db: Db, operatorId: string, secretEnc: string): Promise<boolean> {
  const rows = await db
    .insert(operatorTotp)
    .values({ operatorId, secretEnc })
    .onConflictDoUpdate({
      target: operatorTotp.operatorId,
      set: { secretEnc, lastStep: null, confirmedAt: null },
      setWhere: isNull(operatorTotp.confirmedAt),
    })
    .returning({ operatorId: operatorTotp.operatorId });
  return rows.length > 0;
}

export async function setPassword(db: Db, operatorId: string, passwordHash: string): Promise<void> {
  await db
    .update(operators)
    .set({
      passwordHash,
      mustChangePassword: false,
      failedLogins: 0,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(eq(operators.id, operatorId));
}

export async function insertPasswordReset(
  db: Db,
  row: { tokenHash: string; operatorId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(operatorPasswordResets).values(row);
}

/** The operator a reset link is for, while it is unused and not expired. */
export async function findUsableReset(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(operatorPasswordResets)
    .where(
      and(
        eq(operatorPasswordResets.tokenHash, tokenHash),
        isNull(operatorPasswordResets.usedAt),
        gt(operatorPasswordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Uses a reset link, once: false when it was used (or expired) meanwhile. The operator's other
 * links stop working with it.
 */
export async function useReset(db: Db, tokenHash: string, operatorId: string, now: Date): Promise<boolean> {
  const used = await db
    .update(operatorPasswordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(operatorPasswordResets.tokenHash, tokenHash),
        isNull(operatorPasswordResets.usedAt),
        gt(operatorPasswordResets.expiresAt, now),
      ),
    )
    .returning({ tokenHash: operatorPasswordResets.tokenHash });
  if (used.length === 0) return false;
  await db
    .update(operatorPasswordResets)
    .set({ usedAt: now })
    .where(and(eq(operatorPasswordResets.operatorId, operatorId), isNull(operatorPasswordResets.usedAt)));
  return true;
}
