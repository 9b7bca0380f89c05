import { randomUUID } from 'node:crypto';
import {
  can,
  CONSOLE_PERMISSIONS,
  CONSOLE_ROLES,
  type ConsoleRole,
} from '@visita/domain/console-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema.ts';
import { type ConsoleRouteRule, consoleRouteRule } from '../../plugins/app/console-session.ts';
import { registeredRoutes } from '../../robustness/routes.ts';
import {
  consoleCsrf,
  consoleSessionFor,
  consoleSessionsByRole,
  type ConsoleCredentials,
} from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Every route under /api/console, read from the router (a route added tomorrow is checked too),
 * against the rule it declares: no session is 401, a role without the route's permission is 403,
 * a write without its CSRF token is 403, whatever the route does and whatever it is sent.
 */
interface ConsoleRoute {
  method: string;
  url: string;
  rule: ConsoleRouteRule | undefined;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The route's URL with a well-formed id in each path parameter. */
const urlOf = (url: string) => url.replaceAll(/:[A-Za-z0-9_]+/g, () => randomUUID());
const label = ({ method, url }: ConsoleRoute) => `${method} ${url}`;

describe.each(TEST_ENGINES)('console permissions on $name', (engine) => {
  let test: TestApp;
  let routes: ConsoleRoute[];
  let sessions: Record<ConsoleRole, ConsoleCredentials>;
  beforeAll(async () => {
    test = await createTestApp(engine, { seed: false });
    await test.app.db
      .insert(clients)
      .values({ id: 'socio-permisos', name: 'Socio Permisos', country: 'cl', salesSource: 'socio-permisos' });
    sessions = await consoleSessionsByRole(test.app, { partnerClientId: 'socio-permisos' });
    routes = registeredRoutes(test.app)
      .filter(({ url }) => url.startsWith('/api/console/'))
      .map(({ method, url }) => ({ method, url, rule: consoleRouteRule(test.app, method, url) }));
  }, 60_000);
  afterAll(() => test?.close());

  const withPermission = () =>
    routes.flatMap((route) =>
      route.rule && 'permission' in route.rule ? [{ ...route, permission: route.rule.permission }] : [],
    );

  it('finds the console routes, each with its rule, the operators among them', () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(route.rule, label(route)).toBeDefined();
    expect(withPermission()).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/api/console/operators',
        permission: 'operators.manage',
      }),
    );
    for (const { permission } of withPermission())
      expect(Object.keys(CONSOLE_PERMISSIONS)).toContain(permission);
  });

  it('answers 401 without a session cookie on every route but the public ones', async () => {
    const csrf = await consoleCsrf(test.app);
    const guarded = routes.filter(({ rule }) => !(rule && 'stage' in rule && rule.stage === 'public'));
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const response = await test.app.inject({
        method: route.method as 'GET',
        url: urlOf(route.url),
        headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token },
      });
      expect(response.statusCode, label(route)).toBe(401);
      expect(response.json(), label(route)).toEqual({
        err: 'console-not-signed-in',
        msg: expect.any(String),
      });
    }
  });

  it('answers 403 console-forbidden to exactly the roles that lack the route permission', async () => {
    const guarded = withPermission();
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      for (const role of CONSOLE_ROLES) {
        const response = await test.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          headers: sessions[role].headers,
        });
        const where = `${label(route)} as ${role}`;
        const forbidden = response.statusCode === 403 && response.json().err === 'console-forbidden';
        expect(forbidden, `${where}: ${response.statusCode} ${response.body}`).toBe(
          !can(role, route.permission),
        );
        if (forbidden)
          expect(response.json(), where).toEqual({ err: 'console-forbidden', msg: expect.any(String) });
        else expect(response.statusCode, where).not.toBe(401);
      }
    }
  });

  it('answers 403 console-step-pending on every route with a permission to a sign-in not finished', async () => {
    const pending = await consoleSessionFor(test.app, { role: 'admin', stage: 'mfa_pending' });
    for (const route of withPermission()) {
      const response = await test.app.inject({
        method: route.method as 'GET',
        url: urlOf(route.url),
        headers: pending.headers,
      });
      expect(response.statusCode, label(route)).toBe(403);
      expect(response.json().err, label(route)).toBe('console-step-pending');
    }
  });

  it('refuses every write without its x-csrf-token with 403 csrf-invalid, signed in or not', async () => {
    const writes = routes.filter(({ method }) => WRITES.has(method));
    expect(writes.length).toBeGreaterThan(0);
    const { cookie } = sessions.admin.headers;
    for (const route of writes) {
      for (const headers of [{ cookie }, {}, { cookie, 'x-csrf-token': 'forged' }]) {
        const response = await test.app.inject({
          method: route.method as 'POST',
          url: urlOf(route.url),
          headers,
          payload: {},
        });
        const where = `${label(route)} with ${Object.keys(headers).join(', ') || 'nothing'}`;
        expect(response.statusCode, where).toBe(403);
        expect(response.json(), where).toEqual({ err: 'csrf-invalid', msg: expect.any(String) });
      }
    }
  });
});
