import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, type TestDatabase } from '../test-support/databases.ts';
import { type Db, inTransaction, perDatabase } from './database.ts';
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
});
