import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, operators, operatorSessions, operatorTotp } from '../../db/schema.ts';
import {
  consoleCsrf,
  consoleSessionFor,
  type ConsoleCredentials,
} from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { listEntityAudit } from '../audit/queries.ts';
import { verifyPassword } from './passwords.ts';

describe.each(TEST_ENGINES)('console operators and partners on $name', (engine) => {
  let test: TestApp;
  let admin: ConsoleCredentials;
  beforeAll(async () => {
    test = await createTestApp(engine, { seed: false });
    await test.app.db.insert(clients).values([
      { id: 'socio-uno', name: 'Socio Uno', country: 'cl', salesSource: 'socio-uno' },
      { id: 'socio-dos', name: 'Socio Dos', country: 'mx', salesSource: 'socio-dos' },
    ]);
    admin = await consoleSessionFor(test.app, { role: 'admin' });
  }, 60_000);
  afterAll(() => test?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who: ConsoleCredentials | null,
    body?: Record<string, unknown>,
  ) =>
    test.app.inject({
      method,
      url,
      ...(who ? { headers: who.headers } : {}),
      ...(body === undefined ? {} : { payload: body }),
    });

  const create = (body: Record<string, unknown>, who: ConsoleCredentials = admin) =>
    call('POST', '/api/console/operators', who, body);

  /** Whether a session still works: a route every role may call. */
  const stillSignedIn = async (who: ConsoleCredentials) =>
    (await call('GET', '/api/console/partners', who)).statusCode === 200;

  const liveSessions = async (operatorId: string) =>
    (
      await test.app.db
        .select({ id: operatorSessions.id })
        .from(operatorSessions)
        .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
    ).length;

  describe('creating one', () => {
    it('answers 201 with a one-time password shown once, stored only as its argon2 hash, to change at first sign-in', async () => {
      const response = await create({
        email: '  Ana.Rojas@Visita.CL ',
        name: 'Ana Rojas',
        role: 'coordinator',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.operator).toMatchObject({
        email: 'ana.rojas@visita.cl',
        name: 'Ana Rojas',
        role: 'coordinator',
        client_id: null,
        active: true,
        totp_enabled: false,
        locked_until: null,
      });
      expect(body.one_time_password).toMatch(/^[A-Za-z2-9]{16}$/);
      const [row] = await test.app.db.select().from(operators).where(eq(operators.id, body.operator.id));
      expect(row?.mustChangePassword).toBe(true);
      expect(row?.createdBy).toBe(admin.operatorId);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain(body.one_time_password);
      expect(await verifyPassword(row?.passwordHash ?? '', body.one_time_password)).toBe(true);
    });

    it('is audited by whom, with what the operator is, and never the password or its hash', async () => {
      const response = await create({ email: 'audit-create@visita.cl', name: 'Bea', role: 'finance' });
      const { operator, one_time_password } = response.json();
      const [entry] = await listEntityAudit(test.app.db, {
        entityType: 'operator',
        entityId: operator.id,
        limit: 5,
      });
      expect(entry).toMatchObject({
        action: 'operator.created',
        actor: `console:${admin.operatorId} (${admin.email})`,
        operatorId: admin.operatorId,
        partnerId: null,
        before: null,
        after: { email: 'audit-create@visita.cl', role: 'finance', must_change_password: true },
      });
      const logged = JSON.stringify(entry);
      expect(logged).not.toContain('argon2');
      expect(logged).not.toContain(one_time_password);
    });

    it('refuses an e-mail already taken, whatever its case (409)', async () => {
      await create({ email: 'twice@visita.cl', name: 'Uno', role: 'coordinator' });
      const again = await create({ email: 'TWICE@visita.cl', name: 'Dos', role: 'finance' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ err: 'console-email-taken', msg: expect.any(String) });
    });

    it('gives a partner operator its partner, and refuses one without it, with an unknown one, or another role with one', async () => {
      const partner = await create({
        email: 'socio@uno.cl',
        name: 'Socio',
        role: 'partner',
        client_id: 'socio-uno',
      });
      expect(partner.statusCode).toBe(201);
      expect(partner.json().operator.client_id).toBe('socio-uno');
      const [entry] = await listEntityAudit(test.app.db, {
        entityType: 'operator',
        entityId: partner.json().operator.id,
        limit: 1,
      });
      expect(entry?.partnerId).toBe('socio-uno');

      for (const body of [
        { email: 'p1@visita.cl', name: 'Sin socio', role: 'partner' },
        { email: 'p2@visita.cl', name: 'Socio nulo', role: 'partner', client_id: null },
        { email: 'p3@visita.cl', name: 'Coordina', role: 'coordinator', client_id: 'socio-uno' },
        { email: 'p4@visita.cl', name: 'Socio fantasma', role: 'partner', client_id: 'no-existe' },
      ]) {
        const refused = await create(body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json()).toEqual({ err: 'invalid-request', msg: expect.stringContaining('socio') });
      }
      const written = await test.app.db.select().from(operators).where(eq(operators.email, 'p4@visita.cl'));
      expect(written).toEqual([]);
    });

    it('refuses bad input with 400 {err,msg}', async () => {
      for (const body of [
        {},
        { email: 'not-an-email', name: 'X', role: 'coordinator' },
        { email: 'x@visita.cl', name: '', role: 'coordinator' },
        { email: 'x@visita.cl', name: 'X', role: 'root' },
        { email: 'x@visita.cl', name: 'X'.repeat(121), role: 'coordinator' },
        { email: 'x@visita.cl', name: '<script>alert(1)</script>', role: 'coordinator' },
        { email: ['x@visita.cl'], name: 'X', role: 'coordinator' },
        { email: `${'a'.repeat(250)}@visita.cl`, name: 'X', role: 'coordinator' },
      ]) {
        const response = await create(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
      }
    });

    it('needs a session (401), the CSRF token (403) and an admin (403 for the other roles)', async () => {
      const body = { email: 'nobody@visita.cl', name: 'Nadie', role: 'admin' };
      const csrf = await consoleCsrf(test.app);
      const anonymous = await test.app.inject({
        method: 'POST',
        url: '/api/console/operators',
        headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token },
        payload: body,
      });
      expect(anonymous.statusCode).toBe(401);
      const noToken = await test.app.inject({
        method: 'POST',
        url: '/api/console/operators',
        headers: { cookie: admin.headers.cookie },
        payload: body,
      });
      expect(noToken.statusCode, noToken.body).toBe(403);
      expect(noToken.json().err).toBe('csrf-invalid');
      for (const role of ['coordinator', 'finance'] as const) {
        const other = await consoleSessionFor(test.app, { role });
        const refused = await create(body, other);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().err).toBe('console-forbidden');
      }
      const partner = await consoleSessionFor(test.app, { role: 'partner', clientId: 'socio-uno' });
      expect((await create(body, partner)).json().err).toBe('console-forbidden');
      expect(
        await test.app.db.select().from(operators).where(eq(operators.email, 'nobody@visita.cl')),
      ).toEqual([]);
    });
  });

  describe('the list', () => {
    it('shows every operator without secrets, to an admin only', async () => {
      const created = (await create({ email: 'listed@visita.cl', name: 'Listada', role: 'finance' })).json();
      const response = await call('GET', '/api/console/operators', admin);
      expect(response.statusCode).toBe(200);
      const { results } = response.json();
      expect(results).toContainEqual(created.operator);
      expect(results.find((o: { id: string }) => o.id === admin.operatorId)).toMatchObject({
        role: 'admin',
        totp_enabled: true,
      });
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toContain('password');

      expect((await call('GET', '/api/console/operators', null)).statusCode).toBe(401);
      const coordinator = await consoleSessionFor(test.app, { role: 'coordinator' });
      const refused = await call('GET', '/api/console/operators', coordinator);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().err).toBe('console-forbidden');
    });
  });

  describe('changing one', () => {
    const patch = (id: string, body: Record<string, unknown>, who: ConsoleCredentials = admin) =>
      call('PATCH', `/api/console/operators/${id}`, who, body);

    it('renames without ending sessions, and audits before and after', async () => {
      const target = await consoleSessionFor(test.app, { role: 'coordinator' });
      const response = await patch(target.operatorId, { name: 'Nombre Nuevo' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: target.operatorId,
        name: 'Nombre Nuevo',
        role: 'coordinator',
      });
      expect(await stillSignedIn(target)).toBe(true);
      const [entry] = await listEntityAudit(test.app.db, {
        entityType: 'operator',
        entityId: target.operatorId,
        limit: 1,
      });
      expect(entry).toMatchObject({
        action: 'operator.updated',
        operatorId: admin.operatorId,
        before: { name: 'Operador coordinator' },
        after: { name: 'Nombre Nuevo' },
      });
      expect(JSON.stringify(entry)).not.toContain('argon2');
    });

    it('ends the sessions of an operator whose role changes', async () => {
      const target = await consoleSessionFor(test.app, { role: 'coordinator' });
      const response = await patch(target.operatorId, { role: 'finance' });
      expect(response.statusCode).toBe(200);
      expect(response.json().role).toBe('finance');
      expect(await liveSessions(target.operatorId)).toBe(0);
      const after = await call('GET', '/api/console/partners', target);
      expect(after.statusCode).toBe(401);
      expect(after.json().err).toBe('console-session-expired');
    });

    it('ends the sessions of an operator deactivated, and reactivates them', async () => {
      const target = await consoleSessionFor(test.app, { role: 'finance' });
      const off = await patch(target.operatorId, { active: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().active).toBe(false);
      expect(await liveSessions(target.operatorId)).toBe(0);
      expect(await stillSignedIn(target)).toBe(false);
      const on = await patch(target.operatorId, { active: true });
      expect(on.json().active).toBe(true);
    });

    it('moves an operator into and out of the partner role with its partner', async () => {
      const target = await consoleSessionFor(test.app, { role: 'coordinator' });
      const noPartner = await patch(target.operatorId, { role: 'partner' });
      expect(noPartner.statusCode).toBe(400);
      expect(noPartner.json().err).toBe('invalid-request');
      const unknown = await patch(target.operatorId, { role: 'partner', client_id: 'no-existe' });
      expect(unknown.statusCode).toBe(400);
      const toPartner = await patch(target.operatorId, { role: 'partner', client_id: 'socio-dos' });
      expect(toPartner.json()).toMatchObject({ role: 'partner', client_id: 'socio-dos' });
      const otherPartner = await patch(target.operatorId, { client_id: 'socio-uno' });
      expect(otherPartner.json()).toMatchObject({ role: 'partner', client_id: 'socio-uno' });
      const clientOnCoordinator = await patch(target.operatorId, {
        role: 'coordinator',
        client_id: 'socio-uno',
      });
      expect(clientOnCoordinator.statusCode).toBe(400);
      const back = await patch(target.operatorId, { role: 'coordinator' });
      expect(back.json()).toMatchObject({ role: 'coordinator', client_id: null });
      const removePartner = await patch(target.operatorId, { client_id: 'socio-uno' });
      expect(removePartner.statusCode).toBe(400);
    });

    it('does not let an admin deactivate or demote themself (400), but rename themself', async () => {
      for (const body of [
        { active: false },
        { role: 'coordinator' },
        { role: 'partner', client_id: 'socio-uno' },
      ]) {
        const refused = await patch(admin.operatorId, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json()).toEqual({ err: 'console-own-account', msg: expect.any(String) });
      }
      const [row] = await test.app.db.select().from(operators).where(eq(operators.id, admin.operatorId));
      expect(row).toMatchObject({ role: 'admin', active: true });
      expect(await stillSignedIn(admin)).toBe(true);
      const renamed = await patch(admin.operatorId, {
        name: 'Admin Renombrada',
        active: true,
        role: 'admin',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().name).toBe('Admin Renombrada');
    });

    it('lets an admin deactivate another admin', async () => {
      const other = await consoleSessionFor(test.app, { role: 'admin' });
      const response = await patch(other.operatorId, { active: false });
      expect(response.statusCode).toBe(200);
      expect(await stillSignedIn(other)).toBe(false);
    });

    it('answers 404 for an operator that does not exist and 400 for bad input', async () => {
      const missing = await patch(randomUUID(), { name: 'X' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().err).toBe('console-operator-not-found');
      const target = await consoleSessionFor(test.app, { role: 'finance' });
      for (const [id, body] of [
        ['not-a-uuid', { name: 'X' }],
        [target.operatorId, { role: 'root' }],
        [target.operatorId, { active: 'no' }],
        [target.operatorId, { name: '' }],
        [target.operatorId, { client_id: '' }],
      ] as const) {
        const response = await patch(id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
      }
    });

    it('is for admins only', async () => {
      const target = await consoleSessionFor(test.app, { role: 'finance' });
      const coordinator = await consoleSessionFor(test.app, { role: 'coordinator' });
      const refused = await patch(target.operatorId, { active: false }, coordinator);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().err).toBe('console-forbidden');
      expect(await stillSignedIn(target)).toBe(true);
    });
  });

  describe('unlocking, resetting the second factor, ending sessions', () => {
    it('unlocks an operator locked out by failed sign-ins', async () => {
      const target = await consoleSessionFor(test.app, { role: 'coordinator' });
      const until = new Date(Date.now() + 15 * 60_000);
      await test.app.db
        .update(operators)
        .set({ failedLogins: 5, lockedUntil: until })
        .where(eq(operators.id, target.operatorId));
      const listed = (await call('GET', '/api/console/operators', admin))
        .json()
        .results.find((o: { id: string }) => o.id === target.operatorId);
      expect(listed.locked_until).toBe(until.toISOString());
      const response = await call('POST', `/api/console/operators/${target.operatorId}/unlock`, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: target.operatorId, locked_until: null });
      const [row] = await test.app.db.select().from(operators).where(eq(operators.id, target.operatorId));
      expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
      const [entry] = await listEntityAudit(test.app.db, {
        entityType: 'operator',
        entityId: target.operatorId,
        limit: 1,
      });
      expect(entry).toMatchObject({
        action: 'operator.unlocked',
        before: { failed_logins: 5 },
        after: { failed_logins: 0, locked_until: null },
      });
    });

    it('forgets the second factor and ends the sessions', async () => {
      const target = await consoleSessionFor(test.app, { role: 'admin' });
      const response = await call('POST', `/api/console/operators/${target.operatorId}/reset-totp`, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json().totp_enabled).toBe(false);
      expect(
        await test.app.db.select().from(operatorTotp).where(eq(operatorTotp.operatorId, target.operatorId)),
      ).toEqual([]);
      expect(await liveSessions(target.operatorId)).toBe(0);
      const [entry] = await listEntityAudit(test.app.db, {
        entityType: 'operator',
        entityId: target.operatorId,
        limit: 1,
      });
      expect(entry).toMatchObject({
        action: 'operator.totp_reset',
        before: { totp_enabled: true },
        after: { totp_enabled: false },
      });
      expect(JSON.stringify(entry)).not.toContain('secret');
    });

    it('ends every session of an operator (204) and audits it', async () => {
      const target = await consoleSessionFor(test.app, { role: 'finance' });
      const second = await consoleSessionFor(test.app, { role: 'finance' });
      await test.app.db
        .update(operatorSessions)
        .set({ operatorId: target.operatorId })
        .where(eq(operatorSessions.operatorId, second.operatorId));
      expect(await liveSessions(target.operatorId)).toBe(2);
      const response = await call('POST', `/api/console/operators/${target.operatorId}/end-sessions`, admin);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await liveSessions(target.operatorId)).toBe(0);
      expect(await stillSignedIn(target)).toBe(false);
      expect(await stillSignedIn(second)).toBe(false);
      const [entry] = await listEntityAudit(test.app.db, {
        entityType: 'operator',
        entityId: target.operatorId,
        limit: 1,
      });
      expect(entry).toMatchObject({ action: 'operator.sessions_ended', after: { sessions_ended: 2 } });
    });

    it('answers 404 for an unknown operator, 400 for a malformed id, 403 for a role without the permission', async () => {
      const finance = await consoleSessionFor(test.app, { role: 'finance' });
      for (const action of ['unlock', 'reset-totp', 'end-sessions']) {
        const missing = await call('POST', `/api/console/operators/${randomUUID()}/${action}`, admin);
        expect(missing.statusCode, action).toBe(404);
        expect(missing.json().err).toBe('console-operator-not-found');
        const malformed = await call('POST', `/api/console/operators/1%20or%201=1/${action}`, admin);
        expect(malformed.statusCode, action).toBe(400);
        const refused = await call('POST', `/api/console/operators/${admin.operatorId}/${action}`, finance);
        expect(refused.statusCode, action).toBe(403);
        expect(refused.json().err).toBe('console-forbidden');
      }
      expect(await stillSignedIn(admin)).toBe(true);
    });
  });

  describe('the partners of the filters', () => {
    it('lists every partner to the console roles and only its own to a partner operator', async () => {
      for (const role of ['admin', 'coordinator', 'finance'] as const) {
        const who = role === 'admin' ? admin : await consoleSessionFor(test.app, { role });
        const response = await call('GET', '/api/console/partners', who);
        expect(response.statusCode, role).toBe(200);
        expect(response.json().results).toEqual(
          expect.arrayContaining([
            { id: 'socio-uno', name: 'Socio Uno', country: 'cl' },
            { id: 'socio-dos', name: 'Socio Dos', country: 'mx' },
          ]),
        );
      }
      const partner = await consoleSessionFor(test.app, { role: 'partner', clientId: 'socio-dos' });
      const own = await call('GET', '/api/console/partners', partner);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ results: [{ id: 'socio-dos', name: 'Socio Dos', country: 'mx' }] });
      expect((await call('GET', '/api/console/partners', null)).statusCode).toBe(401);
    });
  });
});
