import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { RATE_LIMITED } from '@visita/domain/contract/api-errors';

const engine = TEST_ENGINES[0];
if (!engine) throw new Error('no engine');

const CALLS = {
  search: '/api/v2/search/client/?query=hemo&country=Chile&commune=Las%20Condes&source=marketplace',
  coupons: '/api/v2/coupons/validate/?coupon=BIENVENIDA10&source=marketplace&country=cl&items=1',
  findByIdentifier: '/api/users/find_by_identifier/?identifier=11.111.111-1',
};

describe('rate limit per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: {
        RATE_LIMIT_SEARCH_PER_MINUTE: '3',
        RATE_LIMIT_COUPONS_PER_MINUTE: '2',
        RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE: '1',
        // The load balancer of these requests: its X-Forwarded-For names the client.
        TRUST_PROXY: '10.0.0.1',
      },
    });
  });
  afterAll(() => t.close());

  const call = (url: string, ip: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip }, remoteAddress: '10.0.0.1' });

  it.each([
    ['search', CALLS.search, 3, '203.0.113.1'],
    ['coupon validation', CALLS.coupons, 2, '203.0.113.2'],
    ['patient lookup', CALLS.findByIdentifier, 1, '203.0.113.3'],
  ])('%s: past its limit answers 429 {err, msg} with Retry-After', async (_name, url, limit, ip) => {
    for (let i = 0; i < limit; i += 1) {
      const allowed = await call(url, ip);
      expect(allowed.statusCode).not.toBe(429);
      expect(allowed.statusCode).toBeLessThan(500);
    }
    const refused = await call(url, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ err: RATE_LIMITED.err, msg: RATE_LIMITED.msg });
    expect(refused.json()).toEqual({
      err: 'rate-limited',
      msg: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is counted apart.
    expect((await call(url, '198.51.100.77')).statusCode).not.toBe(429);
  });

  it('counts each route apart: exhausting search leaves coupons open to the same address', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 4; i += 1) await call(CALLS.search, ip);
    expect((await call(CALLS.search, ip)).statusCode).toBe(429);
    expect((await call(CALLS.coupons, ip)).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from the proxy TRUST_PROXY names', async () => {
    // A client that reaches the server directly cannot escape its limit by naming other addresses.
    const direct = (forwarded: string) =>
      t.app.inject({
        method: 'GET',
        url: CALLS.findByIdentifier,
        headers: { 'x-forwarded-for': forwarded },
        remoteAddress: '198.51.100.200',
      });
    expect((await direct('203.0.113.50')).statusCode).not.toBe(429);
    expect((await direct('203.0.113.51')).statusCode).toBe(429);
    expect((await direct('203.0.113.52')).statusCode).toBe(429);
  });

  it('leaves other routes unlimited', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < 10; i += 1) {
      const response = await call('/api/alliances/clients/sdk-config/?id=demo', ip);
      expect(response.statusCode).toBe(200);
    }
  });

  it('documents the 429 in the OpenAPI document of the limited routes', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths['/api/v2/search/client/']?.get?.responses ?? {})).toContain('429');
    expect(Object.keys(document.paths['/api/users/find_by_identifier/']?.get?.responses ?? {})).toContain(
      '429',
    );
    expect(Object.keys(document.paths['/api/v2/coupons/validate/']?.get?.responses ?? {})).toContain('429');
  });
});

/**
 * An app whose patient lookup allows one call a minute per address, and a call that reaches it
 * from `remoteAddress` with the X-Forwarded-For it is given.
 */
async function withLookupLimitedToOne(
  env: Record<string, string>,
  remoteAddress: string,
  run: (call: (forwarded: string) => Promise<LightMyRequestResponse>) => Promise<void>,
): Promise<void> {
  const t = await createTestApp(engine as NonNullable<typeof engine>, {
    seed: false,
    env: { RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE: '1', ...env },
  });
  try {
    await run((forwarded) =>
      t.app.inject({
        method: 'GET',
        url: CALLS.findByIdentifier,
        headers: { 'x-forwarded-for': forwarded },
        remoteAddress,
      }),
    );
  } finally {
    await t.close();
  }
}

describe('rate limit switched off', () => {
  it('0 disables a limit (the bench runs with 0)', async () => {
    const t = await createTestApp(engine, { seed: false, env: { RATE_LIMIT_SEARCH_PER_MINUTE: '0' } });
    try {
      for (let i = 0; i < 40; i += 1) {
        const response = await t.app.inject({ method: 'GET', url: CALLS.search });
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });

  it('defaults suit a person typing behind an office NAT, and bad values are refused by name', () => {
    const defaults = loadConfig({});
    expect(defaults.RATE_LIMIT_SEARCH_PER_MINUTE).toBe(300);
    expect(defaults.RATE_LIMIT_COUPONS_PER_MINUTE).toBe(30);
    expect(defaults.RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE).toBe(20);
    expect(() => loadConfig({ RATE_LIMIT_SEARCH_PER_MINUTE: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_COUPONS_PER_MINUTE: 'mucho' })).toThrow(
      /RATE_LIMIT_COUPONS_PER_MINUTE/,
    );
    expect(() => loadConfig({ RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE: '1.5' })).toThrow(ConfigError);
  });

  it('trusts no proxy unless TRUST_PROXY names one', async () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    for (const bad of ['yes', '10.0.0.1;rm', 'proxy.example', '1,,2'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    // With the default, a forged X-Forwarded-For is not the client's address.
    await withLookupLimitedToOne({}, '198.51.100.9', async (call) => {
      expect((await call('203.0.113.60')).statusCode).not.toBe(429);
      expect((await call('203.0.113.61')).statusCode).toBe(429);
    });
  });

  it('with a hop count, believes the nearest proxy and no further', async () => {
    await withLookupLimitedToOne({ TRUST_PROXY: '1' }, '10.0.0.2', async (call) => {
      // The proxy appends the address it saw: that one counts, whatever the client put before it.
      expect((await call('1.1.1.1, 203.0.113.70')).statusCode).not.toBe(429);
      expect((await call('2.2.2.2, 203.0.113.70')).statusCode).toBe(429);
      expect((await call('203.0.113.71')).statusCode).not.toBe(429);
    });
  });
});
