import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, type TestDatabase } from '../test-support/databases.ts';
import { type Db, inTransaction, perDatabase, perShape } from './database.ts';
import { cardTokens } from './schema.ts';

const findToken = perDatabase((db: Db) =>
  db
    .select({ id: cardTokens.id, outcome: cardTokens.outcome })
    .from(cardTokens)
    .where(eq(cardTokens.id, sql.placeholder('id')))
    .prepare('test_card_token_find'),
);
const renameOutcome = perDatabase((db: Db) =>
  db
    .update(cardTokens)
    .set({ outcome: sql`${sql.placeholder('outcome')}` })
    .where(eq(cardTokens.id, sql.placeholder('id')))
    .returning({ id: cardTokens.id })
    .prepare('test_card_token_outcome'),
);

const token = (id: string) => ({
  id,
  brand: 'visa',
  lastFour: '4242',
  expMonth: 12,
  expYear: 2030,
  outcome: 'APRO',
});

class RolledBack extends Error {}

// An update of the columns given: one statement per set of columns.
type TokenColumn = 'brand' | 'lastFour' | 'outcome';
const built: string[] = [];
const updateToken = perShape(
  'test_card_token_update',
  (columns: readonly TokenColumn[]) => columns.join(','),
  (db: Db, name, columns) => {
    built.push(name);
    return db
      .update(cardTokens)
      .set(
        Object.fromEntries(columns.map((column) => [column, sql`${sql.placeholder(column)}`])) as Partial<
          Record<TokenColumn, ReturnType<typeof sql>>
        >,
      )
      .where(eq(cardTokens.id, sql.placeholder('id')))
      .returning({ brand: cardTokens.brand, lastFour: cardTokens.lastFour, outcome: cardTokens.outcome })
      .prepare(name);
  },
);

describe.each(TEST_ENGINES)('prepared statements (perDatabase) on $name', (engine) => {
  let first: TestDatabase;
  let second: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    first = await engine.create();
    second = await engine.create();
    await first.database.migrate();
    await second.database.migrate();
    db = first.database.db;
  }, 60_000);
  afterAll(async () => {
    await first?.dispose();
    await second?.dispose();
  });

  it('runs inside the transaction it is given: sees its writes and is undone with it', async () => {
    await db.insert(cardTokens).values(token('tok-committed'));
    await expect(
      inTransaction(db, async (tx) => {
        await tx.insert(cardTokens).values(token('tok-in-transaction'));
        // Written by this transaction only: found only if the statement runs in it.
        expect(await findToken(tx).execute({ id: 'tok-in-transaction' })).toEqual([
          { id: 'tok-in-transaction', outcome: 'APRO' },
        ]);
        expect(await renameOutcome(tx).execute({ id: 'tok-committed', outcome: 'CONT' })).toHaveLength(1);
        expect(await findToken(tx).execute({ id: 'tok-committed' })).toEqual([
          { id: 'tok-committed', outcome: 'CONT' },
        ]);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    // The update made through the prepared statement went with the transaction.
    expect(await findToken(db).execute({ id: 'tok-committed' })).toEqual([
      { id: 'tok-committed', outcome: 'APRO' },
    ]);
    expect(await findToken(db).execute({ id: 'tok-in-transaction' })).toEqual([]);
  });

  it('runs on the database it is asked from, whichever built it first', async () => {
    await second.database.db.insert(cardTokens).values(token('tok-second-only'));
    expect(await findToken(db).execute({ id: 'tok-second-only' })).toEqual([]);
    expect(await findToken(second.database.db).execute({ id: 'tok-second-only' })).toHaveLength(1);
  });

  it('is the same statement each time for one connection, and committed work through it stays', async () => {
    expect(findToken(db)).toBe(findToken(db));
    await inTransaction(db, async (tx) => {
      await renameOutcome(tx).execute({ id: 'tok-committed', outcome: 'CALL' });
    });
    expect(await findToken(db).execute({ id: 'tok-committed' })).toEqual([
      { id: 'tok-committed', outcome: 'CALL' },
    ]);
  });

  it('keeps one prepared statement per shape, and builds a shape past the last kept one unprepared', async () => {
    await db.insert(cardTokens).values(token('tok-shapes'));
    built.length = 0;
    expect(await updateToken(db, ['outcome']).execute({ id: 'tok-shapes', outcome: 'CONT' })).toEqual([
      { brand: 'visa', lastFour: '4242', outcome: 'CONT' },
    ]);
    expect(updateToken(db, ['outcome'])).toBe(updateToken(db, ['outcome']));
    expect(
      await updateToken(db, ['brand', 'outcome']).execute({
        id: 'tok-shapes',
        brand: 'master',
        outcome: 'APRO',
      }),
    ).toEqual([{ brand: 'master', lastFour: '4242', outcome: 'APRO' }]);
    // Each shape was built once (once per engine's driver: the first engine's test builds them).
    expect(new Set(built).size).toBe(built.length);
    // Past 32 shapes a new one still runs, unnamed, and is not kept.
    const shapes = Array.from({ length: 40 }, (_, n) => [
      'outcome',
      ...Array.from({ length: n }, () => 'lastFour' as const),
    ]) as TokenColumn[][];
    for (const shape of shapes) {
      const [row] = await updateToken(db, shape).execute({
        id: 'tok-shapes',
        outcome: 'OTHE',
        lastFour: '1111',
      });
      expect(row?.outcome).toBe('OTHE');
    }
    expect(built.filter((name) => name === '').length).toBeGreaterThan(0);
    expect(built.filter((name) => name !== '').length).toBeLessThanOrEqual(32);
  });
});
