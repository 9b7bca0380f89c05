import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LAAS_TOKEN } from '../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../test-support/databases.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import {
  encodePart,
  HOSTILE_STRINGS,
  hostileText,
  hostileValue,
  mutated,
  sampleOf,
} from './hostile-input.ts';
import { ELF, JPEG, MZ, multipart, PDF, PNG } from '../modules/orders/test-files.ts';
import { pathParams, type RegisteredRoute, registeredRoutes } from './routes.ts';
import { SEED_ADDRESS, SEED_BODIES, seedQueries } from './seeds.ts';

/**
 * Robustness of the whole API: every registered route, fed random and hostile path
 * parameters, queries, headers and bodies, answers below 500, with `{err, msg}` on a 4xx and
 * nothing internal (stack frames, file paths, database messages) in any body.
 */

/** Signs of an internal detail leaking: stack frames, source paths, driver and database messages. */
const LEAK =
  /\n\s+at [^\n]+:\d+:\d+|node_modules|\.ts:\d+|\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError|DrizzleQueryError)\b|violates .* constraint|duplicate key value|relation "|column "|invalid input syntax|Failed query/;

/** Headers the API reads, and a few every client sends. */
const HEADER_NAMES = [
  APPOINTMENT_TOKEN_HEADER,
  'authorization',
  'idempotency-key',
  'x-client-id',
  'x-address-latitude',
  'x-address-longitude',
  'x-forwarded-for',
  'accept',
  'accept-language',
  'cookie',
  'origin',
  'referer',
  'user-agent',
];

/** Header values must be printable ASCII to be sent at all (Node refuses the rest client-side). */
const headerValue = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s))),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
  fc.constantFrom('Bearer ', 'Bearer x', `Bearer ${DEMO_LAAS_TOKEN}`, 'Basic YTpi', '999', '-91', 'NaN'),
);

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: object }> };
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const hasBody = (method: string) => method === 'POST' || method === 'PATCH' || method === 'PUT';

export function checkAnswer(label: string, response: LightMyRequestResponse): void {
  expect(
    response.statusCode,
    `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  expect(response.body, label).not.toMatch(LEAK);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], label).toMatch(/^application\/json/);
    const answer = JSON.parse(response.body) as { err?: unknown; msg?: unknown };
    expect(typeof answer.err, `${label}: ${response.body}`).toBe('string');
    expect(typeof answer.msg, `${label}: ${response.body}`).toBe('string');
  }
}

const ROBUSTNESS_ADMIN_TOKEN = 'robustness-operator-token-0123456789abcdef';

describe.each(TEST_ENGINES)('every route with hostile input on $name', (engine) => {
  // PostgreSQL runs are slower: fewer cases there, the same properties.
  const runs = engine.name === 'pglite' ? 40 : 20;
  let t: TestApp;
  let routes: RegisteredRoute[];
  let document: OpenApiDocument;
  let booking: { id: string; token: string };
  /** Where accepted medical-order files go, removed afterwards. */
  let dataDir: string | undefined;

  beforeAll(async () => {
    // Hundreds of hostile uploads from one address: the upload limit would answer them all with 429.
    dataDir = await mkdtemp(join(tmpdir(), 'visita-robustness-'));
    // With the operator API on, so its routes face the same hostile input with its token.
    t = await createTestApp(engine, {
      env: { ORDER_UPLOADS_PER_MINUTE: '100000', DATA_DIR: dataDir, ADMIN_TOKEN: ROBUSTNESS_ADMIN_TOKEN },
    });
    // The JSON API; the catalogue's HTML pages for people have their own tests.
    // The API's own routes: /api/docs is Swagger UI's page and files, served by its plugin.
    routes = registeredRoutes(t.app).filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
    );
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/appointments/',
      payload: SEED_ADDRESS,
    });
    expect(created.statusCode, created.body).toBe(201);
    booking = created.json() as { id: string; token: string };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The route's operation in the OpenAPI document (`:id` there is `{id}`, with the trailing slash). */
  const operationOf = (route: RegisteredRoute): OpenApiOperation | undefined => {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const entry = document.paths[`${path}/`] ?? document.paths[path];
    return entry?.[route.method.toLowerCase()];
  };

  /** A path parameter that reaches the handler: the booking, the staff client, a sales source. */
  const validParam = (name: string) =>
    name === 'clientId' ? 'demo-laas' : name === 'salesSource' ? 'marketplace' : booking.id;
  const validUrl = (route: RegisteredRoute) =>
    `${route.url.replace(/:([A-Za-z0-9_]+)/g, (_all, name: string) => validParam(name))}/`;
  /** Routes that take files (multipart/form-data), as the OpenAPI document says. */
  const isMultipart = (route: RegisteredRoute) =>
    Object.keys(operationOf(route)?.requestBody?.content ?? {}).includes('multipart/form-data');
  /** Both credentials a route may ask for: the appointment's token and the staff client's. */
  const validAuth = (route?: RegisteredRoute) => ({
    [APPOINTMENT_TOKEN_HEADER]: booking.token,
    authorization: `Bearer ${route?.url.startsWith('/api/admin/') ? ROBUSTNESS_ADMIN_TOKEN : DEMO_LAAS_TOKEN}`,
  });
  const requestFor = (route: RegisteredRoute) => {
    const operation = operationOf(route);
    const queryKeys = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const name = `${route.method} ${route.url}`;
    const seed =
      name in SEED_BODIES
        ? SEED_BODIES[name]
        : sampleOf(operation?.requestBody?.content?.['application/json']?.schema);
    const seedQuery = seedQueries(booking.id)[route.url] ?? {};
    const queryValue = fc.oneof(
      hostileText,
      // An array is the key repeated: an array where a string is expected.
      fc.array(hostileText, { minLength: 2, maxLength: 3 }),
    );
    const queryKey = fc.constantFrom(
      ...queryKeys,
      ...Object.keys(seedQuery),
      '__proto__',
      'constructor',
      'x',
    );
    return fc.record({
      params: fc.tuple(
        ...pathParams(route.url).map((param) =>
          fc.oneof(
            { weight: 3, arbitrary: fc.constant(validParam(param)) },
            { weight: 1, arbitrary: fc.uuid() },
            { weight: 2, arbitrary: hostileText },
            { weight: 1, arbitrary: fc.constant('demo') },
          ),
        ),
      ),
      // Most queries are a valid one with one to three values made hostile (or left out), so
      // they pass the outer checks and reach the handler; the rest are hostile throughout.
      query: fc.oneof(
        {
          weight: 3,
          arbitrary: fc
            .array(fc.tuple(queryKey, fc.option(queryValue, { nil: undefined })), {
              minLength: 1,
              maxLength: 3,
            })
            .map((changes) => {
              // A Map, not an object: a key named __proto__ must stay a key.
              const query = new Map<string, string | string[]>(Object.entries(seedQuery));
              for (const [key, value] of changes) {
                if (value === undefined) query.delete(key);
                else query.set(key, value);
              }
              return [...query.entries()];
            }),
        },
        {
          weight: 1,
          arbitrary: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }),
        },
      ),
      // Most bodies start from a valid one (or the route's own schema) with fields made hostile.
      // A route that takes files gets a multipart form: a seed lead made hostile, and files that
      // are real documents, executables or noise, under hostile field names and file names.
      form: isMultipart(route)
        ? fc.record({
            lead: fc.oneof(
              { weight: 3, arbitrary: mutated(seed).map((value) => JSON.stringify(value) ?? 'null') },
              { weight: 1, arbitrary: hostileText },
            ),
            files: fc.array(
              fc.record({
                name: fc.oneof(
                  { weight: 3, arbitrary: fc.constant('orden') },
                  { weight: 1, arbitrary: hostileText },
                ),
                filename: fc.oneof(
                  { weight: 2, arbitrary: fc.constant('orden.pdf') },
                  { weight: 1, arbitrary: hostileText },
                ),
                contentType: fc.constantFrom(
                  'application/pdf',
                  'image/jpeg',
                  'image/png',
                  'text/html',
                  'application/x-msdownload',
                ),
                data: fc.oneof(
                  fc.constantFrom(PDF, JPEG, PNG, ELF, MZ),
                  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
                ),
              }),
              { maxLength: 3 },
            ),
          })
        : fc.constant(undefined),
      body:
        hasBody(route.method) && !isMultipart(route)
          ? fc.oneof({ weight: 3, arbitrary: mutated(seed) }, hostileValue, fc.jsonValue({ maxDepth: 3 }))
          : fc.constant(undefined),
      auth: fc.constantFrom('none', 'appointment', 'bearer-appointment', 'client'),
      headers: fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerValue, { maxKeys: 3 }),
    });
  };

  type Generated = ReturnType<typeof requestFor> extends fc.Arbitrary<infer T> ? T : never;

  const send = async (route: RegisteredRoute, input: Generated) => {
    let index = 0;
    const url = route.url.replace(/:([A-Za-z0-9_]+)/g, () => encodePart(String(input.params[index++] ?? '')));
    const query = input.query
      .flatMap(([key, value]) => [value].flat().map((one) => `${encodePart(key)}=${encodePart(String(one))}`))
      .join('&');
    const auth: Record<string, string> =
      input.auth === 'appointment'
        ? { [APPOINTMENT_TOKEN_HEADER]: booking.token }
        : input.auth === 'bearer-appointment'
          ? { authorization: `Bearer ${booking.token}` }
          : input.auth === 'client'
            ? {
                authorization: `Bearer ${route.url.startsWith('/api/admin/') ? ROBUSTNESS_ADMIN_TOKEN : DEMO_LAAS_TOKEN}`,
              }
            : {};
    const headers: Record<string, string> = { ...auth, ...input.headers };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    const form = input.form
      ? multipart([
          { name: 'lead', value: input.form.lead },
          ...input.form.files.map((file) => ({ ...file })),
        ])
      : undefined;
    if (form) Object.assign(headers, form.headers);
    const label = `${route.method} ${url}/${query ? `?${query}` : ''} ${JSON.stringify(headers)} ${
      input.body === undefined ? '' : JSON.stringify(input.body)?.slice(0, 400)
    }${input.form ? ` form ${JSON.stringify({ ...input.form, files: input.form.files.map((f) => ({ ...f, data: f.data.length })) }).slice(0, 400)}` : ''}`;
    const response = await t.app.inject({
      method: route.method as 'GET',
      url: `${url}/${query ? `?${query}` : ''}`,
      headers,
      ...(input.body === undefined ? {} : { payload: JSON.stringify(input.body) ?? 'null' }),
      ...(form ? { payload: form.payload } : {}),
    });
    return { label, response };
  };

  it('finds every module’s routes in the router (new routes are covered without listing them)', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names).toContain('POST /api/v2/appointments');
    expect(names).toContain('POST /api/v2/appointments/:id/schedule');
    expect(names).toContain('POST /api/v2/mercado-pago/:id/card');
    expect(names).toContain('GET /api/users/find_by_identifier');
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it('reads the same routes as the OpenAPI document and the router itself (no route escapes)', () => {
    const names = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const [path, operations] of Object.entries(document.paths)) {
      const url = path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1').replace(/\/$/, '');
      for (const method of Object.keys(operations)) {
        if (method === 'head') continue;
        expect(names, `${method} ${path} is documented but not found in the router's tree`).toContain(
          `${method.toUpperCase()} ${url}`,
        );
      }
    }
    for (const route of routes) {
      expect(
        t.app.hasRoute({ method: route.method as 'GET', url: route.url }),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  });

  it('answers every route below 500, {err, msg} on a 4xx, nothing internal in the body', async () => {
    const covered = new Set<string>();
    let sent = 0;
    for (const route of routes) {
      covered.add(`${route.method} ${route.url}`);
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (input) => {
          const { label, response } = await send(route, input);
          sent += 1;
          checkAnswer(label, response);
        }),
        { numRuns: runs },
      );
    }
    // Every route of the router was fed hostile input: a new route fails here until it is covered.
    expect(sent).toBe(routes.length * runs);
    expect([...covered].sort()).toEqual(routes.map((route) => `${route.method} ${route.url}`).sort());
  }, 600_000);

  it('refuses a 10 MB JSON body on every route that takes a body with 413 {err, msg}', async () => {
    const huge = JSON.stringify({ first_name: 'x'.repeat(10 * 1024 * 1024) });
    const takingBodies = routes.filter((r) => hasBody(r.method));
    expect(takingBodies.length).toBeGreaterThan(10);
    for (const route of takingBodies) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: validUrl(route),
        headers: { 'content-type': 'application/json', ...validAuth(route) },
        payload: huge,
      });
      expect(response.statusCode, `${route.method} ${route.url} ${response.body}`).toBe(413);
      expect(response.json()).toEqual({
        err: 'payload-too-large',
        msg: 'El cuerpo de la solicitud es demasiado grande.',
      });
    }
  }, 120_000);

  it('refuses prototype-pollution keys in a JSON body and leaves Object.prototype alone', async () => {
    const bodies = [
      '{"__proto__":{"polluted":true},"first_name":"a"}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"patients":[{"__proto__":{"polluted":true}}]}',
    ];
    for (const route of routes.filter((r) => hasBody(r.method))) {
      for (const payload of bodies) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: validUrl(route),
          headers: { 'content-type': 'application/json', ...validAuth(route) },
          payload,
        });
        checkAnswer(`${route.method} ${route.url} ${payload}`, response);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  it('refuses bodies that are not JSON (415) or not valid JSON (400), with {err, msg}', async () => {
    for (const route of routes.filter((r) => hasBody(r.method))) {
      const url = validUrl(route);
      const headers = validAuth(route);
      for (const [contentType, payload] of [
        ['text/plain', 'hola'],
        [
          'application/xml',
          '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
        ],
        ['application/json', '{"first_name": '],
        ['application/json', '\u0000'],
        ['application/json; charset=utf-16', '{}'],
      ] as const) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': contentType },
          payload,
        });
        checkAnswer(`${route.method} ${url} ${contentType} ${payload}`, response);
        expect(response.statusCode, `${route.method} ${url} ${contentType}`).toBeGreaterThanOrEqual(400);
      }
    }
  }, 120_000);
});
