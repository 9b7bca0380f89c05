import { API_PREFIX } from '@visita/domain/contract/endpoint';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from './robustness/routes.ts';
import { TEST_ENGINES } from './test-support/databases.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';

/** 'GET /api/v2/items' for a method and path, the trailing slash left out as the router does. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`;

const declared = Object.values(ENDPOINTS).map((endpoint) =>
  key(endpoint.method, `${API_PREFIX}${endpoint.path}`),
);

describe.each(TEST_ENGINES.slice(0, 1))('the API serves its declared endpoints on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // With the operator's API and MercadoPago's notifications on, so their endpoints are served too.
    t = await createTestApp(engine, {
      env: {
        ADMIN_TOKEN: 'endpoints-test-operator-token-0123456789',
        MP_WEBHOOK_SECRET: 'endpoints-test-notification-secret',
      },
    });
  });
  afterAll(async () => t?.close());

  it('serves every declared endpoint with its declared method, and nothing undeclared under /api', () => {
    const served = registeredRoutes(t.app)
      .filter(
        (route) => route.url.startsWith(`${API_PREFIX}/`) && !route.url.startsWith(`${API_PREFIX}/docs`),
      )
      .map((route) => key(route.method, route.url));
    expect([...new Set(served)].sort()).toEqual([...new Set(declared)].sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('documents every declared endpoint in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => key(method, path.replace(/\{([A-Za-z]+)\}/g, ':$1'))),
    );
    for (const endpoint of declared) expect(documented).toContain(endpoint);
  });
});
