import { createHash, randomUUID } from 'node:crypto';
import type { ConsoleRole } from '@visita/domain/console-permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer.ts';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import {
  auditLog,
  operatorLoginAttempts,
  operatorPasswordResets,
  operators,
  operatorSessions,
  outboxEvents,
} from '../../db/schema.ts';
import { consoleCsrf } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createBookingDeliverer } from '../notifications/deliver-booking-event.ts';
import { createOutboxWorker } from '../outbox/worker.ts';
import { hashPassword } from './passwords.ts';

const PASSWORD = 'una clave larga de prueba';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A browser: its cookies (CSRF and session) kept between calls, as the console's are. */
class Browser {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly app: FastifyInstance) {}

  async start(): Promise<this> {
    const { cookie, token } = await consoleCsrf(this.app);
    for (const pair of cookie.split('; ')) {
      const [name, ...value] = pair.split('=');
      if (name) this.cookies.set(name, value.join('='));
    }
    this.csrf = token;
    return this;
  }

  async call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url: `/api/console${url}`,
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-csrf-token': this.csrf,
      },
      ...(payload ? { payload } : {}),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  login(email: string, password = PASSWORD) {
    return this.call('POST', '/auth/login', { email, password });
  }
}

/** Waits out the last seconds of a 30-second step, so codes computed now are still good when checked. */
async function freshStep(): Promise<number> {
  const into = (Date.now() / 1000) % 30;
  if (into > 26) await new Promise((resolve) => setTimeout(resolve, (30 - into) * 1000 + 200));
  return Math.floor(Date.now() / 1000);
}

describe.each(TEST_ENGINES)('console sign-in on $name', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  const browser = () => new Browser(app).start();

  async function createOperator({
    role = 'coordinator',
    mustChange = false,
    name = 'Ana Pérez',
  }: { role?: ConsoleRole; mustChange?: boolean; name?: string } = {}) {
    const email = `op-${randomUUID().slice(0, 8)}@operadores.test`;
    const [row] = await app.db
      .insert(operators)
      .values({
        email,
        name,
        role,
        clientId: null,
        passwordHash: await hashPassword(PASSWORD),
        mustChangePassword: mustChange,
      })
      .returning();
    if (!row) throw new Error('operator not inserted');
    return row;
  }

  const operatorRow = async (id: string) => {
    const [row] = await app.db.select().from(operators).where(eq(operators.id, id));
    return row;
  };

  /** Enrols and confirms a second factor through the API, on a full session; answers the secret. */
  async function withTotp(email: string): Promise<string> {
    const b = await browser();
    expect((await b.login(email)).json()).toEqual({ next: null });
    const enrolled = await b.call('POST', '/me/totp');
    const { secret } = enrolled.json() as { secret: string };
    // The code of the step before: the one of this step is left for the sign-in that follows.
    const now = await freshStep();
    const confirmed = await b.call('POST', '/me/totp/confirm', {
      code: await generate({ secret, epoch: now - 30 }),
    });
    expect(confirmed.json()).toEqual({ next: null });
    return secret;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
    app = t.app;
  });
  afterAll(() => t?.close());

  it('signs in with the right password: an HTTP-only, Secure, SameSite=Strict session cookie kept to the console API', async () => {
    const op = await createOperator();
    const b = await browser();
    const response = await b.login(op.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ next: null });
    const cookie = response.cookies.find((c) => c.name === '__Secure-visita-console');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/console' });
    const me = await b.call('GET', '/me');
    expect(me.json()).toEqual({
      id: op.id,
      email: op.email,
      name: 'Ana Pérez',
      role: 'coordinator',
      client_id: null,
      next: null,
      totp_enabled: false,
    });
    const attempts = await app.db
      .select()
      .from(operatorLoginAttempts)
      .where(eq(operatorLoginAttempts.operatorId, op.id));
    expect(attempts).toEqual([expect.objectContaining({ outcome: 'ok', emailHash: sha256(op.email) })]);
  });

  it('answers a wrong password and an unknown e-mail alike (401), writing down both attempts', async () => {
    const op = await createOperator();
    const b = await browser();
    const wrong = await b.login(op.email, 'not the password at all');
    const unknown = await b.login('nadie@operadores.test');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ err: 'console-bad-credentials' });
    expect(wrong.cookies.some((c) => c.name === '__Secure-visita-console')).toBe(false);
    const unknownRows = await app.db
      .select()
      .from(operatorLoginAttempts)
      .where(eq(operatorLoginAttempts.emailHash, sha256('nadie@operadores.test')));
    expect(unknownRows).toEqual([expect.objectContaining({ outcome: 'unknown_email', operatorId: null })]);
    expect((await operatorRow(op.id))?.failedLogins).toBe(1);
  });

  it('answers a deactivated account as it answers a wrong password', async () => {
    const op = await createOperator();
    await app.db.update(operators).set({ active: false }).where(eq(operators.id, op.id));
    const b = await browser();
    const refused = await b.login(op.email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ err: 'console-bad-credentials' });
    expect(refused.cookies.some((c) => c.name === '__Secure-visita-console')).toBe(false);
  });

  it('answers 401 on the account routes without a session', async () => {
    const b = await browser();
    const calls: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: object][] = [
      ['GET', '/me'],
      ['GET', '/me/sessions'],
      ['DELETE', `/me/sessions/${randomUUID()}`],
      ['POST', '/me/password', { current_password: PASSWORD, new_password: 'otra clave bastante larga' }],
      ['POST', '/me/totp'],
      ['POST', '/me/totp/confirm', { code: '123456' }],
      ['POST', '/auth/totp', { code: '123456' }],
      ['POST', '/auth/logout'],
    ];
    for (const [method, url, body] of calls) {
      const response = await b.call(method, url, body);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ err: 'console-not-signed-in' });
    }
  });

  it('refuses a sign-in without the CSRF token, and a malformed body', async () => {
    const op = await createOperator();
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/console/auth/login',
      payload: { email: op.email, password: PASSWORD },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ err: 'csrf-invalid' });
    const b = await browser();
    for (const body of [
      { email: 'not an e-mail', password: 'x' },
      { email: op.email },
      { email: op.email, password: '' },
    ]) {
      const response = await b.call('POST', '/auth/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
    }
  });

  it('locks the account after 5 failures: 429 even with the right password; a good sign-in before that forgets them', async () => {
    const op = await createOperator();
    const b = await browser();
    for (let i = 0; i < 3; i++) expect((await b.login(op.email, 'wrong password!')).statusCode).toBe(401);
    expect((await b.login(op.email)).statusCode).toBe(200);
    expect((await operatorRow(op.id))?.failedLogins).toBe(0);

    for (let i = 0; i < 5; i++) expect((await b.login(op.email, 'wrong password!')).statusCode).toBe(401);
    const locked = await b.login(op.email);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ err: 'console-account-locked' });
    const row = await operatorRow(op.id);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    const outcomes = await app.db
      .select({ outcome: operatorLoginAttempts.outcome })
      .from(operatorLoginAttempts)
      .where(eq(operatorLoginAttempts.operatorId, op.id));
    expect(outcomes.filter((a) => a.outcome === 'locked')).toHaveLength(1);
  });

  it('counts only failures within 15 minutes towards the lock', async () => {
    const op = await createOperator();
    const b = await browser();
    for (let i = 0; i < 4; i++) await b.login(op.email, 'wrong password!');
    // Those four happened long ago.
    await app.db
      .update(operatorLoginAttempts)
      .set({ at: new Date(Date.now() - 20 * 60 * 1000) })
      .where(eq(operatorLoginAttempts.operatorId, op.id));
    await b.login(op.email, 'wrong password!');
    expect((await operatorRow(op.id))?.failedLogins).toBe(1);
    expect((await b.login(op.email)).statusCode).toBe(200);
  });

  it('asks the TOTP code after the password, takes the right one once and refuses it replayed', async () => {
    const op = await createOperator();
    const secret = await withTotp(op.email);
    const b = await browser();
    expect((await b.login(op.email)).json()).toEqual({ next: 'totp' });
    expect((await b.call('GET', '/me')).json()).toMatchObject({ next: 'totp', totp_enabled: true });
    expect((await b.call('GET', '/me/sessions')).json()).toMatchObject({ err: 'console-step-pending' });

    const now = await freshStep();
    const code = await generate({ secret, epoch: now });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await b.call('POST', '/auth/totp', { code: wrong });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ err: 'console-bad-totp' });
    const good = await b.call('POST', '/auth/totp', { code });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ next: null });
    expect((await b.call('GET', '/me/sessions')).statusCode).toBe(200);

    const other = await browser();
    expect((await other.login(op.email)).json()).toEqual({ next: 'totp' });
    const replayed = await other.call('POST', '/auth/totp', { code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ err: 'console-bad-totp' });
    expect((await other.call('POST', '/auth/totp', { code: 'abc' })).statusCode).toBe(400);
  });

  it('ends a session after 5 wrong TOTP codes', async () => {
    const op = await createOperator();
    await withTotp(op.email);
    const b = await browser();
    await b.login(op.email);
    for (let i = 0; i < 5; i++) await b.call('POST', '/auth/totp', { code: '000000' });
    expect((await b.call('GET', '/me')).statusCode).toBe(401);
  });

  it('sends an admin without a second factor to enrol one, and lets nothing else through until then', async () => {
    const op = await createOperator({ role: 'admin' });
    const b = await browser();
    expect((await b.login(op.email)).json()).toEqual({ next: 'enrol-totp' });
    const pending = await b.call('GET', '/me/sessions');
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ err: 'console-step-pending' });

    const enrolled = await b.call('POST', '/me/totp');
    expect(enrolled.statusCode).toBe(200);
    const { secret, otpauth_uri } = enrolled.json() as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Visita:/);
    expect(decodeURIComponent(otpauth_uri)).toContain(op.email);
    const now = await freshStep();
    const confirmed = await b.call('POST', '/me/totp/confirm', {
      code: await generate({ secret, epoch: now }),
    });
    expect(confirmed.json()).toEqual({ next: null });
    expect((await b.call('GET', '/me/sessions')).statusCode).toBe(200);
    const again = await b.call('POST', '/me/totp');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ err: 'console-totp-enabled' });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'operator'), eq(auditLog.entityId, op.id)));
    expect(audit).toEqual([expect.objectContaining({ action: 'operator.totp_enrolled', operatorId: op.id })]);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('refuses a wrong first code of a new second factor', async () => {
    const op = await createOperator({ role: 'admin' });
    const b = await browser();
    await b.login(op.email);
    await b.call('POST', '/me/totp');
    const bad = await b.call('POST', '/me/totp/confirm', { code: '000000' });
    expect(bad.statusCode).toBe(401);
    expect((await b.call('GET', '/me')).json()).toMatchObject({ next: 'enrol-totp', totp_enabled: false });
  });

  it('makes a one-time password be changed first: the current one right, the new one not guessable, other sessions ended', async () => {
    const op = await createOperator({ mustChange: true, name: 'Rocío Tapia' });
    const elsewhere = await browser();
    expect((await elsewhere.login(op.email)).json()).toEqual({ next: 'change-password' });
    const b = await browser();
    expect((await b.login(op.email)).json()).toEqual({ next: 'change-password' });
    expect((await b.call('GET', '/me/sessions')).statusCode).toBe(403);

    const change = (current_password: string, new_password: string) =>
      b.call('POST', '/me/password', { current_password, new_password });
    const wrongCurrent = await change('not my password', 'otra clave bastante larga');
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json()).toMatchObject({ err: 'console-wrong-password' });
    const localPart = op.email.split('@')[0] ?? '';
    for (const weak of [`${localPart}-2026-clave`, 'ROCIO-y-mas-letras', 'clave de tapia 2026', PASSWORD]) {
      const refused = await change(PASSWORD, weak);
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json()).toMatchObject({ err: 'console-weak-password' });
    }
    expect((await change(PASSWORD, 'corta')).statusCode).toBe(400);
    const changed = await change(PASSWORD, 'otra clave bastante larga');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ next: null });
    expect((await b.call('GET', '/me/sessions')).statusCode).toBe(200);
    expect((await elsewhere.call('GET', '/me')).statusCode).toBe(401);
    expect((await operatorRow(op.id))?.mustChangePassword).toBe(false);
    expect((await (await browser()).login(op.email, 'otra clave bastante larga')).json()).toEqual({
      next: null,
    });
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, op.id));
    expect(audit).toMatchObject({
      action: 'operator.password_changed',
      entityType: 'operator',
      operatorId: op.id,
    });
  });

  it('sends an admin with a one-time password to change it, then to enrol a second factor', async () => {
    const op = await createOperator({ role: 'admin', mustChange: true });
    const b = await browser();
    expect((await b.login(op.email)).json()).toEqual({ next: 'change-password' });
    const changed = await b.call('POST', '/me/password', {
      current_password: PASSWORD,
      new_password: 'otra clave bastante larga',
    });
    expect(changed.json()).toEqual({ next: 'enrol-totp' });
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const op = await createOperator();
    const b = await browser();
    await b.login(op.email);
    const out = await b.call('POST', '/auth/logout');
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === '__Secure-visita-console')?.value).toBe('');
    expect((await b.call('GET', '/me')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/console/me' })).json()).toMatchObject({
      err: 'console-not-signed-in',
    });
    // Signing out is a write: audited, by the operator.
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, op.id), eq(auditLog.action, 'operator.sessions_ended')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ operatorId: op.id, after: { sessions_ended: 1, reason: 'sign_out' } });
  });

  it("lists the operator's live sessions and ends one of theirs, never another's", async () => {
    const op = await createOperator();
    const first = await browser();
    await first.login(op.email);
    const second = await browser();
    await second.login(op.email);
    const stranger = await createOperator();
    const theirs = await browser();
    await theirs.login(stranger.email);

    const listed = (await second.call('GET', '/me/sessions')).json() as {
      results: { id: string; current: boolean }[];
    };
    expect(listed.results).toHaveLength(2);
    expect(listed.results.filter((s) => s.current)).toHaveLength(1);
    const firstId = listed.results.find((s) => !s.current)?.id ?? '';

    const [strangerSession] = await app.db
      .select({ id: operatorSessions.id })
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, stranger.id));
    const notMine = await second.call('DELETE', `/me/sessions/${strangerSession?.id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ err: 'console-session-not-found' });
    expect((await theirs.call('GET', '/me')).statusCode).toBe(200);
    expect((await second.call('DELETE', '/me/sessions/not-a-uuid')).statusCode).toBe(400);

    expect((await second.call('DELETE', `/me/sessions/${firstId}`)).statusCode).toBe(204);
    expect((await first.call('GET', '/me')).statusCode).toBe(401);
    const ended = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, op.id), eq(auditLog.action, 'operator.sessions_ended')));
    expect(ended.map((row) => row.after)).toEqual([
      { sessions_ended: 1, session_id: firstId, reason: 'ended_from_account' },
    ]);
    // Refused ones (not hers, malformed) recorded nothing.
    expect(await app.db.select().from(auditLog).where(eq(auditLog.entityId, stranger.id))).toHaveLength(0);
    const after = (await second.call('GET', '/me/sessions')).json() as { results: unknown[] };
    expect(after.results).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/console/me/sessions' })).statusCode).toBe(401);
  });

  it('sends a reset link by e-mail through the outbox, usable once and for 30 minutes; it clears the lock and ends every session', async () => {
    const op = await createOperator({ mustChange: true });
    const signedIn = await browser();
    await signedIn.login(op.email);
    const b = await browser();
    for (let i = 0; i < 5; i++) await b.login(op.email, 'wrong password!');
    expect((await b.login(op.email)).statusCode).toBe(429);

    const asked = await b.call('POST', '/auth/password-reset', { email: op.email.toUpperCase() });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true });
    const unknown = await b.call('POST', '/auth/password-reset', { email: 'nadie@operadores.test' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ ok: true });
    const events = await app.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.topic, 'operator.password_reset'));
    expect(events).toHaveLength(1);
    // Neither the address nor any link is kept in the outbox.
    expect(JSON.stringify(events[0]?.payload)).not.toContain('@');

    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: 'fs',
      send: async (message) => {
        sent.push(message);
        return { messageId: message.messageId ?? '' };
      },
      close: async () => {},
    };
    const worker = createOutboxWorker({
      db: app.db,
      deliver: createBookingDeliverer({
        db: app.db,
        mailer,
        gateway: createSandboxGateway(app.db),
        catalogue: app.catalogue,
        publicUrl: 'https://visita.example',
        mailFrom: 'consola@visita.example',
        rosters: app.rosters,
      }),
    });
    expect(await worker.runOnce()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([op.email]);
    const link = /https:\/\/visita\.example\/console\/restablecer\?token=([\w-]+)/.exec(sent[0]?.text ?? '');
    const token = link?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);
    expect(sent[0]?.html).toContain(`token=${token}`);
    const [reset] = await app.db
      .select()
      .from(operatorPasswordResets)
      .where(eq(operatorPasswordResets.operatorId, op.id));
    expect(reset?.tokenHash).toBe(sha256(token));
    expect(reset?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60 * 1000);

    const confirm = (tokenValue: string, password: string) =>
      b.call('POST', '/auth/password-reset/confirm', { token: tokenValue, password });
    expect((await confirm(token, PASSWORD)).json()).toMatchObject({ err: 'console-weak-password' });
    expect((await confirm(token, 'corta')).statusCode).toBe(400);
    expect((await confirm(token, 'la clave nueva elegida')).statusCode).toBe(204);
    const again = await confirm(token, 'otra clave nueva elegida');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ err: 'console-reset-invalid' });
    expect((await confirm('x'.repeat(43), 'otra clave nueva elegida')).statusCode).toBe(410);

    expect((await signedIn.call('GET', '/me')).statusCode).toBe(401);
    expect((await b.login(op.email, 'la clave nueva elegida')).json()).toEqual({ next: null });
    expect(await operatorRow(op.id)).toMatchObject({
      failedLogins: 0,
      lockedUntil: null,
      mustChangePassword: false,
    });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, op.id), eq(auditLog.action, 'operator.password_reset')));
    expect(audit).toMatchObject({ entityType: 'operator', operatorId: op.id });
  });

  it('refuses an expired reset link', async () => {
    const op = await createOperator();
    const token = 'un-token-de-prueba-que-vencio-hace-rato';
    await app.db.insert(operatorPasswordResets).values({
      tokenHash: sha256(token),
      operatorId: op.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const b = await browser();
    const expired = await b.call('POST', '/auth/password-reset/confirm', {
      token,
      password: 'la clave nueva elegida',
    });
    expect(expired.statusCode).toBe(410);
    expect((await b.login(op.email)).statusCode).toBe(200);
  });
});
