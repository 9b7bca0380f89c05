import * as ERRORS from '@visita/domain/contract/api-errors';
import { ROLES_REQUIRING_TOTP, type ConsoleRole } from '@visita/domain/console-permissions';
import type { ConsoleNext } from '@visita/domain/contract/console';
import { createHash, randomBytes } from 'node:crypto';
import { type Db, inTransaction } from '../../db/database.ts';
import type { OperatorRow } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { ConsoleOperator } from '../../plugins/app/console-session.ts';
import { recordAudit } from '../audit/queries.ts';
import { enqueueEvents } from '../outbox/queries.ts';
import {
  claimTotpStep,
  clearFailures,
  countFailure,
  countSessionTotpFailure,
  findOperatorByEmail,
  findOperatorById,
  findTotp,
  findUsableReset,
  type LoginOutcome,
  putUnconfirmedTotp,
  recordLoginAttempt,
  revokeOtherSessions,
  revokeSession,
  type SessionStage,
  setPassword,
  setSessionStage,
  useReset,
} from './auth-queries.ts';
import { hashPassword, verifyNothing, verifyPassword } from './passwords.ts';
import { secretBox } from './secret-box.ts';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp.ts';

/** Wrong TOTP codes one session may send before it is ended (the password is asked again). */
const SESSION_TOTP_FAILURES = 5;
/** A reset link works this long, once. */
export const RESET_LINK_MS = 30 * 60 * 1000;
/** The outbox topic of a reset e-mail: the link is made when the e-mail is sent. */
export const PASSWORD_RESET_TOPIC = 'operator.password_reset';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const totpBox = (consoleSecret: string) => secretBox(consoleSecret, 'operator-totp');
/** Who the audit log names for a change an operator made to their own account. */
const selfActor = (operator: { id: string; email: string }) => `console:${operator.id} (${operator.email})`;

const NEXT_OF_STAGE: Record<SessionStage, ConsoleNext> = {
  mfa_pending: 'totp',
  password_change: 'change-password',
  totp_enrol: 'enrol-totp',
  active: null,
};
export const nextOfStage = (stage: SessionStage): ConsoleNext => NEXT_OF_STAGE[stage];

/**
 * Where a sign-in stands once the steps done so far are done: the TOTP code first (when the
 * operator has one), then the one-time password's change, then a second factor for a role that
 * needs one, else a full session.
 */
function stageFor(
  operator: { mustChangePassword: boolean; role: ConsoleRole; totpEnabled: boolean },
  { totpPassed }: { totpPassed: boolean },
): SessionStage {
  if (operator.totpEnabled && !totpPassed) return 'mfa_pending';
  if (operator.mustChangePassword) return 'password_change';
  if (ROLES_REQUIRING_TOTP.includes(operator.role) && !operator.totpEnabled) return 'totp_enrol';
  return 'active';
}

interface Attempt {
  email: string;
  password: string;
  address: string;
  now: Date;
}

/**
 * Checks an e-mail and password. An unknown e-mail, an inactive account and a wrong password
 * answer alike and cost alike (one argon2 verification each); five failures within the window
 * lock the account, which then refuses even the right password until the lock ends. Every
 * attempt is written down, the e-mail only as its hash.
 */
export async function checkPassword(
  db: Db,
  { email, password, address, now }: Attempt,
): Promise<{ operatorId: string; stage: SessionStage }> {
  const record = (handle: Db, operatorId: string | null, outcome: LoginOutcome) =>
    recordLoginAttempt(handle, { emailHash: sha256(email), operatorId, address, outcome, at: now });
  const operator = await findOperatorByEmail(db, email);
  if (!operator) {
    await verifyNothing(password);
    await record(db, null, 'unknown_email');
    throw fail(ERRORS.CONSOLE_BAD_CREDENTIALS);
  }
  if (operator.lockedUntil && operator.lockedUntil > now) {
    await record(db, operator.id, 'locked');
    throw fail(ERRORS.CONSOLE_ACCOUNT_LOCKED);
  }
  const good = await verifyPassword(operator.passwordHash, password);
  if (!operator.active) {
    await record(db, operator.id, 'inactive');
    throw fail(ERRORS.CONSOLE_BAD_CREDENTIALS);
  }
  if (!good) {
    await inTransaction(db, async (tx) => {
      await record(tx, operator.id, 'bad_password');
      await countFailure(tx, operator.id, now);
    });
    throw fail(ERRORS.CONSOLE_BAD_CREDENTIALS);
  }
  await record(db, operator.id, 'ok');
  const stage = stageFor(operator, { totpPassed: false });
  // With a second factor, the failures are forgotten only once its code is right too.
  if (stage !== 'mfa_pending') await clearFailures(db, operator.id);
  return { operatorId: operator.id, stage };
}

/**
 * A session's TOTP code. Right, and of a step not used before: the sign-in moves on. Wrong (a
 * replayed code included): counted against the account as a wrong password is, and against the
 * session, which ends after a few.
 */
export async function checkSessionTotp(
  db: Db,
  consoleSecret: string,
  operator: ConsoleOperator,
  { code, address, now }: { code: string; address: string; now: Date },
): Promise<SessionStage> {
  const row = await findOperatorById(db, operator.operatorId);
  if (!row) throw fail(ERRORS.CONSOLE_NOT_SIGNED_IN);
  if (row.lockedUntil && row.lockedUntil > now) {
    await revokeSession(db, operator.operatorId, operator.sessionId);
    throw fail(ERRORS.CONSOLE_ACCOUNT_LOCKED);
  }
  const totp = await findTotp(db, operator.operatorId);
  const secret = totp?.confirmedAt ? totpBox(consoleSecret).open(totp.secretEnc, operator.operatorId) : null;
  const step = secret ? await acceptedTotpStep(secret, code, totp?.lastStep ?? null, now) : null;
  const accepted = step !== null && (await claimTotpStep(db, operator.operatorId, step, { confirm: false }));
  const emailHash = sha256(operator.email);
  if (!accepted) {
    const locked = await inTransaction(db, async (tx) => {
      await recordLoginAttempt(tx, {
        emailHash,
        operatorId: operator.operatorId,
        address,
        outcome: 'bad_totp',
        at: now,
      });
      return countFailure(tx, operator.operatorId, now);
    });
    const failures = await countSessionTotpFailure(db, operator.sessionId);
    if (locked || failures >= SESSION_TOTP_FAILURES)
      await revokeSession(db, operator.operatorId, operator.sessionId);
    throw fail(locked ? ERRORS.CONSOLE_ACCOUNT_LOCKED : ERRORS.CONSOLE_BAD_TOTP);
  }
  await recordLoginAttempt(db, {
    emailHash,
    operatorId: operator.operatorId,
    address,
    outcome: 'ok',
    at: now,
  });
  await clearFailures(db, operator.operatorId);
  const stage = stageFor({ ...row, totpEnabled: true }, { totpPassed: true });
  await setSessionStage(db, operator.sessionId, stage);
  return stage;
}

/** A new, unconfirmed second factor for the operator's authenticator app. */
export async function enrolTotp(
  db: Db,
  consoleSecret: string,
  operator: ConsoleOperator,
): Promise<{ secret: string; otpauth_uri: string }> {
  const secret = newTotpSecret();
  const stored = await putUnconfirmedTotp(
    db,
    operator.operatorId,
    totpBox(consoleSecret).seal(secret, operator.operatorId),
  );
  if (!stored) throw fail(ERRORS.CONSOLE_TOTP_ALREADY_ENABLED);
  return { secret, otpauth_uri: totpUri(operator.email, secret) };
}

/** The first code of a new second factor confirms it; the sign-in moves on. */
export async function confirmTotp(
  db: Db,
  consoleSecret: string,
  operator: ConsoleOperator,
  { code, now }: { code: string; now: Date },
): Promise<SessionStage> {
  const totp = await findTotp(db, operator.operatorId);
  if (!totp || totp.confirmedAt) throw fail(ERRORS.CONSOLE_TOTP_ALREADY_ENABLED);
  const secret = totpBox(consoleSecret).open(totp.secretEnc, operator.operatorId);
  const step = secret ? await acceptedTotpStep(secret, code, totp.lastStep, now) : null;
  return inTransaction(db, async (tx) => {
    if (step === null || !(await claimTotpStep(tx, operator.operatorId, step, { confirm: true })))
      throw fail(ERRORS.CONSOLE_BAD_TOTP);
    const row = await findOperatorById(tx, operator.operatorId);
    if (!row) throw fail(ERRORS.CONSOLE_NOT_SIGNED_IN);
    await recordAudit(tx, {
      actor: selfActor(row),
      action: 'operator.totp_enrolled',
      entityType: 'operator',
      entityId: row.id,
      partnerId: null,
      operatorId: row.id,
      before: { totp_enabled: false },
      after: { totp_enabled: true },
    });
    const stage = stageFor({ ...row, totpEnabled: true }, { totpPassed: true });
    await setSessionStage(tx, operator.sessionId, stage);
    return stage;
  });
}

/** Lower-cased without accents: 'Rocío' and 'ROCIO' are the same word to a guesser. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a new password is one a person could guess from who they are, or the one they had. */
async function weakPassword(operator: OperatorRow, password: string): Promise<boolean> {
  const folded = fold(password);
  const words = [operator.email.split('@')[0] ?? '', ...operator.name.split(/\s+/)]
    .map(fold)
    .filter((word) => word.length >= 3);
  if (words.some((word) => folded.includes(word))) return true;
  return verifyPassword(operator.passwordHash, password);
}

/**
 * The operator changes their password (the one-time one, or at will): the current one must be
 * right (a wrong one counts against the account as at sign-in), the new one not guessable from
 * them nor the same. Their other sessions end; this one moves on.
 */
export async function changePassword(
  db: Db,
  operator: ConsoleOperator,
  { current, next, address, now }: { current: string; next: string; address: string; now: Date },
): Promise<SessionStage> {
  const row = await findOperatorById(db, operator.operatorId);
  if (!row) throw fail(ERRORS.CONSOLE_NOT_SIGNED_IN);
  if (row.lockedUntil && row.lockedUntil > now) throw fail(ERRORS.CONSOLE_ACCOUNT_LOCKED);
  if (!(await verifyPassword(row.passwordHash, current))) {
    const locked = await inTransaction(db, async (tx) => {
      await recordLoginAttempt(tx, {
        emailHash: sha256(row.email),
        operatorId: row.id,
        address,
        outcome: 'bad_password',
        at: now,
      });
      return countFailure(tx, row.id, now);
    });
    throw fail(locked ? ERRORS.CONSOLE_ACCOUNT_LOCKED : ERRORS.CONSOLE_WRONG_PASSWORD);
  }
  if (await weakPassword(row, next)) throw fail(ERRORS.CONSOLE_WEAK_PASSWORD);
  const passwordHash = await hashPassword(next);
  return inTransaction(db, async (tx) => {
    await setPassword(tx, row.id, passwordHash);
    const ended = await revokeOtherSessions(tx, row.id, operator.sessionId);
    await recordAudit(tx, {
      actor: selfActor(row),
      action: 'operator.password_changed',
      entityType: 'operator',
      entityId: row.id,
      partnerId: null,
      operatorId: row.id,
      before: { must_change_password: row.mustChangePassword },
      after: { must_change_password: false, other_sessions_ended: ended },
    });
    const stage = stageFor(
      { ...row, mustChangePassword: false, totpEnabled: operator.totpEnabled },
      { totpPassed: true },
    );
    await setSessionStage(tx, operator.sessionId, stage);
    return stage;
  });
}

/**
 * Asks for a reset e-mail: written to the outbox for an active operator, nothing for anyone
 * else (the caller answers alike). One e-mail per operator a minute, however often it is asked.
 */
export async function requestPasswordReset(db: Db, email: string, now: Date): Promise<void> {
  const operator = await findOperatorByEmail(db, email);
  if (!operator?.active) return;
  await enqueueEvents(db, [
    {
      topic: PASSWORD_RESET_TOPIC,
      channel: 'email',
      clientId: null,
      appointmentId: null,
      // No address and no link here: the e-mail is read, and the link made, when it is sent.
      payload: { operator_id: operator.id },
      dedupeKey: `${PASSWORD_RESET_TOPIC}:${operator.id}:${Math.floor(now.getTime() / 60_000)}`,
    },
  ]);
}

/** A new reset link's token; only its hash is kept. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

/**
 * A reset link's new password: the link is used once (and the operator's others with it), the
 * lock-out cleared, and every session of the operator ended.
 */
export async function confirmPasswordReset(
  db: Db,
  { token, password, now }: { token: string; password: string; now: Date },
): Promise<void> {
  const tokenHash = sha256(token);
  const reset = await findUsableReset(db, tokenHash, now);
  const row = reset ? await findOperatorById(db, reset.operatorId) : undefined;
  if (!reset || !row?.active) throw fail(ERRORS.CONSOLE_RESET_INVALID);
  if (await weakPassword(row, password)) throw fail(ERRORS.CONSOLE_WEAK_PASSWORD);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    if (!(await useReset(tx, tokenHash, row.id, now))) throw fail(ERRORS.CONSOLE_RESET_INVALID);
    await setPassword(tx, row.id, passwordHash);
    const ended = await revokeOtherSessions(tx, row.id, null);
    await recordAudit(tx, {
      actor: selfActor(row),
      action: 'operator.password_reset',
      entityType: 'operator',
      entityId: row.id,
      partnerId: null,
      operatorId: row.id,
      before: {
        must_change_password: row.mustChangePassword,
        locked_until: row.lockedUntil?.toISOString() ?? null,
      },
      after: { must_change_password: false, locked_until: null, sessions_ended: ended, via: 'reset-link' },
    });
  });
}

/**
 * Ends one of the operator's own sessions ('Cerrar sesión', or one listed in 'Mi cuenta'), audited
 * as every write is; false when it was not hers or had ended already (nothing recorded).
 */
export async function endOwnSession(
  db: Db,
  operator: ConsoleOperator,
  sessionId: string,
  reason: 'sign_out' | 'ended_from_account',
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await revokeSession(tx, operator.operatorId, sessionId))) return false;
    await recordAudit(tx, {
      actor: selfActor({ id: operator.operatorId, email: operator.email }),
      action: 'operator.sessions_ended',
      entityType: 'operator',
      entityId: operator.operatorId,
      partnerId: null,
      operatorId: operator.operatorId,
      after: { sessions_ended: 1, session_id: sessionId, reason },
    });
    return true;
  });
}
