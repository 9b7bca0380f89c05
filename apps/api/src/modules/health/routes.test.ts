import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationFolderReads } from '../../db/migrate.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(TEST_ENGINES)('liveness and readiness on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  }, 60_000);
  afterAll(() => t?.close());

  const ready = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    return {
      code: answer.statusCode,
      body: answer.json() as { status: string; checks: Record<string, unknown> },
    };
  };

  it('is live whatever else, and ready with a current database and no worker of its own', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(await ready()).toEqual({
      code: 200,
      body: {
        status: 'ready',
        checks: {
          database: 'ok',
          migrations: 'current',
          pending_migrations: [],
          outbox: 'not_running',
          shutting_down: false,
        },
      },
    });
    // The old health answer is as it was.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({
      status: 'ok',
      database: engine.name,
    });
  });

  it('is not ready while a migration is missing, naming it', async () => {
    const [last] = (
      (await t.app.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }
    ).rows;
    expect(last).toBeDefined();
    await t.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    try {
      const answer = await ready();
      expect(answer.code).toBe(503);
      expect(answer.body.status).toBe('not_ready');
      expect(answer.body.checks).toMatchObject({ migrations: 'pending' });
      expect(answer.body.checks.pending_migrations).toHaveLength(1);
      expect(String((answer.body.checks.pending_migrations as string[])[0])).toMatch(/^\d{4}_/);
    } finally {
      await t.app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
    }
    expect((await ready()).code).toBe(200);
  });

  it('reads the migration files once for the process, and only the book at each probe', async () => {
    expect((await ready()).code).toBe(200);
    const reads = migrationFolderReads();
    for (let probe = 0; probe < 5; probe += 1) expect((await ready()).code).toBe(200);
    expect(migrationFolderReads()).toBe(reads);
    // Once for the whole process, whichever database or engine asks.
    expect(reads).toBe(1);
  });

  it('is not ready once stopping, nor with its outbox worker stalled', async () => {
    const { readiness } = t.app;
    try {
      readiness.outbox = { alive: () => false };
      expect(await ready()).toMatchObject({ code: 503, body: { checks: { outbox: 'stalled' } } });
      readiness.outbox = { alive: () => true };
      expect(await ready()).toMatchObject({ code: 200, body: { checks: { outbox: 'alive' } } });
      readiness.shuttingDown = true;
      expect(await ready()).toMatchObject({
        code: 503,
        body: { status: 'not_ready', checks: { shutting_down: true } },
      });
      // Still live: the process answers while it finishes what it has.
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      readiness.shuttingDown = false;
      readiness.outbox = null;
    }
  });
});
