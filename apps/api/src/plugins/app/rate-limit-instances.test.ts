import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { RATE_LIMITED } from '@visita/domain/contract/api-errors';
import { APPOINTMENT_ID_HEADER } from '@visita/domain/contract/appointments';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/database.ts';
import { TEST_ENGINES, type TestEngine } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

const SEARCH = '/api/v2/search/client/?query=hemo&country=Chile&commune=Las%20Condes&source=marketplace';
const LOOKUP = '/api/users/find_by_identifier/?identifier=11.111.111-1';

const LIMITS = {
  RATE_LIMIT_SEARCH_PER_MINUTE: '3',
  RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE: '0',
  RATE_LIMIT_PERSON_LOOKUPS_PER_APPOINTMENT: '2',
};

function expectRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ err: RATE_LIMITED.err, msg: RATE_LIMITED.msg });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe.each(TEST_ENGINES)('rate limits of two instances on one $name database', (engine) => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp(engine, { env: LIMITS });
    const config = loadConfig({ SEED: 'none', DATA_DIR: '/tmp/visita-test-unused', ...LIMITS });
    second = await buildApp({ config, database: await first.testDb.openAnother() });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const search = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: 'GET', url: SEARCH, remoteAddress });

  it('counts an address’s calls on both instances together', async () => {
    const ip = '203.0.113.20';
    for (const app of [first.app, second, first.app]) expect((await search(app, ip)).statusCode).toBe(200);
    // The fourth call is refused wherever it lands.
    expectRefused(await search(second, ip));
    expectRefused(await search(first.app, ip));
    expect((await search(second, '203.0.113.21')).statusCode).toBe(200);
  });

  it('lets exactly the limit through when calls arrive at once on both instances', async () => {
    const ip = '203.0.113.27';
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => search(i % 2 ? second : first.app, ip)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    const sameSixtyFour = ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:DB8:1:2:0:0:0:abcd'];
    for (const [i, ip] of sameSixtyFour.entries())
      expect((await search(i % 2 ? second : first.app, ip)).statusCode).toBe(200);
    expectRefused(await search(second, '2001:db8:1:2:1234::1'));
    // The next /64 is another client.
    expect((await search(first.app, '2001:db8:1:3::1')).statusCode).toBe(200);

    for (const app of [first.app, second, first.app])
      expect((await search(app, '::ffff:203.0.113.22')).statusCode).toBe(200);
    expectRefused(await search(second, '203.0.113.22'));
  });

  it('counts an appointment’s calls on both instances together, from any address', async () => {
    const appointment = randomUUID();
    const lookup = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: LOOKUP,
        headers: { [APPOINTMENT_ID_HEADER]: appointment },
        remoteAddress,
      });
    // Without the appointment's token the call is refused, but it is counted first.
    expect((await lookup(first.app, '203.0.113.23')).statusCode).toBe(401);
    expect((await lookup(second, '203.0.113.24')).statusCode).toBe(401);
    expectRefused(await lookup(first.app, '203.0.113.25'));
  });

  it('keeps one row per counted key in the shared table', async () => {
    const ip = '203.0.113.26';
    await search(first.app, ip);
    await search(second, ip);
    const rows = await queryRows<{ key: string; hits: number }>(
      first.app.db,
      sql`select key, hits from rate_limit_hits where key like ${`%${ip}`}`,
    );
    expect(rows).toEqual([{ key: `address GET /api/v2/search/client/ ${ip}`, hits: 2 }]);
  });
});

/** An app whose search allows one call a minute per address, and what it logs. */
async function appWithLog(engine: TestEngine): Promise<{ t: TestApp; log: () => string }> {
  let output = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  const t = await createTestApp(engine, {
    seed: false,
    env: { RATE_LIMIT_SEARCH_PER_MINUTE: '1' },
    logger: { level: 'warn', stream },
  });
  return { t, log: () => output };
}

describe.each(TEST_ENGINES)('the counters on $name', (engine) => {
  it('are swept once their window has ended', async () => {
    const { t } = await appWithLog(engine);
    try {
      await t.app.db.execute(
        sql`insert into rate_limit_hits (key, window_start, hits)
            values ('address GET /api/v2/search/client/ 198.51.100.1', now() - interval '10 minutes', 7)`,
      );
      // The first hit of an instance sweeps.
      await t.app.inject({ method: 'GET', url: SEARCH, remoteAddress: '198.51.100.2' });
      const keys = async () =>
        (await queryRows<{ key: string }>(t.app.db, sql`select key from rate_limit_hits`)).map(
          (row) => row.key,
        );
      await expect
        .poll(keys, { timeout: 3000, interval: 50 })
        .toEqual(['address GET /api/v2/search/client/ 198.51.100.2']);
    } finally {
      await t.close();
    }
  });

  it('let requests through, with a warning, when the database cannot count', async () => {
    const { t, log } = await appWithLog(engine);
    try {
      await t.app.db.execute(sql`drop table rate_limit_hits`);
      for (let i = 0; i < 3; i += 1) {
        const response = await t.app.inject({ method: 'GET', url: SEARCH, remoteAddress: '198.51.100.3' });
        expect(response.statusCode).toBe(200);
      }
      expect(log()).toContain('rate-limit: the request was not counted, and goes through');
    } finally {
      await t.close();
    }
  });
});
