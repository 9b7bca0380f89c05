import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DEMO_SEEDS } from '../db/seed/demo.ts';
import { runSeeds } from '../db/seed/run-seeds.ts';
import type { TestDatabase, TestEngine } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated and (by default) demo-seeded database of the given engine. */
export async function createTestApp(
  engine: TestEngine,
  options: {
    seed?: boolean;
    widgetDist?: string;
    consoleDist?: string;
    env?: Record<string, string>;
    logger?: AppOptions['logger'];
  } = {},
): Promise<TestApp> {
  const testDb = await engine.create();
  await testDb.database.migrate();
  if (options.seed !== false) await runSeeds(testDb.database.db, DEMO_SEEDS);
  // Tests write catalogue rows between calls: read the catalogue afresh each time unless a test says otherwise.
  const config = loadConfig({
    SEED: 'none',
    DATA_DIR: '/tmp/visita-test-unused',
    CATALOGUE_CACHE_MS: '0',
    AVAILABILITY_CACHE_MS: '0',
    // Tests call search, coupons and patient lookup many times from one address; rate-limit.test.ts sets its own.
    RATE_LIMIT_SEARCH_PER_MINUTE: '0',
    RATE_LIMIT_COUPONS_PER_MINUTE: '0',
    RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE: '0',
    RATE_LIMIT_REGISTER_PER_MINUTE: '0',
    RATE_LIMIT_FUND_CHECKS_PER_MINUTE: '0',
    RATE_LIMIT_PERSON_LOOKUPS_PER_APPOINTMENT: '0',
    RATE_LIMIT_APPOINTMENTS_PER_MINUTE: '0',
    RATE_LIMIT_HOLDS_PER_MINUTE: '0',
    RATE_LIMIT_HOLDS_PER_APPOINTMENT: '0',
    // Tests hold many appointments' blocks from one address; holds-per-address.test.ts sets it.
    HOLDS_PER_ADDRESS: '0',
    HOLDS_PER_BROWSER: '0',
    ADDRESS_SHARE_OF_SECTOR_DAY: '0',
    UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY: '0',
    UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '0',
    RATE_LIMIT_ERROR_REPORTS_PER_MINUTE: '0',
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database: testDb.database,
    widgetDist: options.widgetDist,
    consoleDist: options.consoleDist,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    app,
    testDb,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}
