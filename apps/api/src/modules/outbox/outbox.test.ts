import { eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { outboxEvents } from '../../db/schema.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { claimDueEvents, enqueueEvents, listUndelivered } from './queries.ts';
import { RETRY_WINDOW_MS, retryDelayMs } from './retry.ts';
import { createOutboxWorker } from './worker.ts';

const event = (n: number, extra: Partial<typeof outboxEvents.$inferInsert> = {}) => ({
  topic: 'appointment.confirmed',
  channel: 'email' as const,
  payload: { n },
  ...extra,
});

describe('retry delays', () => {
  it('start at 10 s, double, stop growing at an hour, spread by at most 20 %', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect(retryDelayMs(30, () => 0)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 1)).toBe(12_000);
  });
});

describe.each(TEST_ENGINES)('outbox on $name', (engine) => {
  let testDb: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    db = testDb.database.db;
  });
  afterAll(() => testDb.dispose());
  beforeEach(async () => {
    await db.delete(outboxEvents);
  });

  it('an event exists exactly when the change that wrote it committed', async () => {
    await db.transaction(async (tx) => {
      await enqueueEvents(tx as unknown as Db, [event(1)]);
    });
    await db
      .transaction(async (tx) => {
        await enqueueEvents(tx as unknown as Db, [event(2)]);
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const rows = await db.select({ payload: outboxEvents.payload }).from(outboxEvents);
    expect(rows.map((row) => row.payload)).toEqual([{ n: 1 }]);
  });

  it('a dedupe key writes an event once (one reminder per visit)', async () => {
    expect(await enqueueEvents(db, [event(1, { dedupeKey: 'reminder:a' })])).toBe(1);
    expect(await enqueueEvents(db, [event(2, { dedupeKey: 'reminder:a' })])).toBe(0);
    expect(await db.select().from(outboxEvents)).toHaveLength(1);
  });

  it('concurrent claims never share an event', async () => {
    await enqueueEvents(
      db,
      Array.from({ length: 40 }, (_, n) => event(n)),
    );
    // A second ahead: the database stamps available_at in microseconds, the test clock in ms.
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => claimDueEvents(db, { now, limit: 10, leaseMs: 60_000 })),
    );
    const ids = claims.flat().map((claimed) => claimed.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it('a worker killed mid-delivery loses nothing: the event comes back when its lease lapses', async () => {
    await enqueueEvents(db, [event(1)]);
    const start = new Date(Date.now() + 1000);
    const [claimed] = await claimDueEvents(db, { now: start, limit: 5, leaseMs: 60_000 });
    expect(claimed?.attempts).toBe(1);
    // The claimer dies: nobody marks the event. Within the lease nobody else takes it...
    expect(
      await claimDueEvents(db, { now: new Date(start.getTime() + 59_000), limit: 5, leaseMs: 60_000 }),
    ).toEqual([]);
    // ...and after it, the next claim does.
    const [again] = await claimDueEvents(db, {
      now: new Date(start.getTime() + 61_000),
      limit: 5,
      leaseMs: 60_000,
    });
    expect(again?.id).toBe(claimed?.id);
    expect(again?.attempts).toBe(2);
  });

  it('the worker delivers, retries failures with backoff, and gives up after the retry window', async () => {
    await enqueueEvents(db, [event(1), event(2, { channel: 'webhook' })]);
    let clock = new Date(Date.now() + 1000);
    const delivered: unknown[] = [];
    const worker = createOutboxWorker({
      db,
      now: () => clock,
      random: () => 0,
      deliver: async (claimed) => {
        if (claimed.channel === 'webhook') throw new Error('503 from the partner');
        delivered.push(claimed.payload);
      },
    });
    expect(await worker.runOnce()).toBe(1);
    expect(delivered).toEqual([{ n: 1 }]);
    const [failing] = await db.select().from(outboxEvents).where(eq(outboxEvents.channel, 'webhook'));
    expect(failing?.lastError).toBe('503 from the partner');
    expect(failing?.availableAt.getTime()).toBe(clock.getTime() + 10_000);

    // Not due again before its delay; due after it.
    clock = new Date(clock.getTime() + 9_000);
    expect(await worker.runOnce()).toBe(0);
    expect(
      (await db.select().from(outboxEvents).where(eq(outboxEvents.channel, 'webhook')))[0]?.attempts,
    ).toBe(1);
    clock = new Date(clock.getTime() + 2_000);
    await worker.runOnce();
    expect(
      (await db.select().from(outboxEvents).where(eq(outboxEvents.channel, 'webhook')))[0]?.attempts,
    ).toBe(2);

    // A day later it is given up and listed for the operator; a delivered event never is.
    clock = new Date(clock.getTime() + RETRY_WINDOW_MS);
    await worker.runOnce();
    const [givenUp] = await db.select().from(outboxEvents).where(eq(outboxEvents.channel, 'webhook'));
    expect(givenUp?.failedAt).not.toBeNull();
    clock = new Date(clock.getTime() + RETRY_WINDOW_MS);
    expect(await claimDueEvents(db, { now: clock, limit: 5, leaseMs: 1000 })).toEqual([]);
    const listed = await listUndelivered(db, 'webhook');
    expect(listed.map((row) => [row.topic, row.lastError])).toEqual([
      ['appointment.confirmed', '503 from the partner'],
    ]);
    expect(await listUndelivered(db, 'email')).toEqual([]);
  });

  it('a started worker drains a backlog larger than one batch, then stops cleanly', async () => {
    await enqueueEvents(
      db,
      Array.from({ length: 45 }, (_, n) => event(n)),
    );
    const seen = new Set<number>();
    const worker = createOutboxWorker({
      db,
      batchSize: 10,
      intervalMs: 5,
      deliver: async (claimed) => {
        seen.add(claimed.payload.n as number);
      },
    });
    worker.start();
    await expect.poll(() => seen.size, { timeout: 5000 }).toBe(45);
    await worker.stop();
    const left = await db.select().from(outboxEvents).where(isNull(outboxEvents.deliveredAt));
    expect(left).toEqual([]);
    expect(await db.select().from(outboxEvents)).toHaveLength(45);
  });

  it('delivers a batch a few at a time: one slow delivery does not hold the others back', async () => {
    // Due a second ago: PostgreSQL stamps microseconds and the worker's clock milliseconds, so an
    // event written in the claim's own millisecond waits for the next pass.
    const due = new Date(Date.now() - 1000);
    await enqueueEvents(
      db,
      Array.from({ length: 12 }, (_, n) => event(n, { availableAt: due })),
    );
    let inFlight = 0;
    let most = 0;
    const order: number[] = [];
    const worker = createOutboxWorker({
      db,
      batchSize: 12,
      concurrency: 4,
      deliver: async (claimed) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        const n = claimed.payload.n as number;
        // The first event is slow; the others finish while it waits.
        await new Promise((resolve) => setTimeout(resolve, n === 0 ? 200 : 10));
        order.push(n);
        inFlight -= 1;
      },
    });
    expect(await worker.runOnce()).toBe(12);
    expect(most).toBe(4);
    expect(order.indexOf(0)).toBeGreaterThan(2);
    expect(await db.select().from(outboxEvents).where(isNull(outboxEvents.deliveredAt))).toEqual([]);
  });

  it('marks deliveries a few at a time while the batch goes on, not all at its end', async () => {
    const due = new Date(Date.now() - 1000);
    await enqueueEvents(
      db,
      Array.from({ length: 12 }, (_, n) => event(n, { availableAt: due })),
    );
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = createOutboxWorker({
      db,
      batchSize: 12,
      concurrency: 4,
      deliver: async (claimed) => {
        // The first event waits until the test has looked; the eleven others are delivered meanwhile.
        if (claimed.payload.n === 0) await slow;
      },
    });
    const pass = worker.runOnce();
    const marked = async () =>
      (await db.select().from(outboxEvents).where(isNotNull(outboxEvents.deliveredAt))).length;
    // Eleven delivered, marked in groups of four: eight marked before the batch ends, at most
    // the last three still waiting for their group (they would be delivered again after a crash).
    await expect.poll(marked, { timeout: 5000 }).toBe(8);
    release();
    expect(await pass).toBe(12);
    expect(await marked()).toBe(12);
  });
});
