import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(TEST_ENGINES)('console sessions on $name', (engine) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(engine, { seed: false });
  });
  afterAll(() => test?.close());

  it('hands out a CSRF token in a signed, HTTP-only, Secure, SameSite cookie kept to the console API', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/console/auth/csrf' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ csrf_token: expect.any(String) });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^__Secure-visita-console-csrf=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/console/);
  });

  it('writes an operator and a session the routes can read', async () => {
    const session = await consoleSessionFor(test.app, { role: 'coordinator' });
    expect(session.headers.cookie).toMatch(/__Secure-visita-console=/);
    expect(session.headers['x-csrf-token']).toBeTruthy();
  });
});
