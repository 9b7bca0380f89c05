import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../../db/seed/run-seeds.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { DEMO_CATALOGUE, DEMO_ITEM_PRICES } from './demo-catalogue.ts';
import { catalogueDemoSeed } from './demo-seed.ts';
import { type PriceContext, resolvePrices } from './prices.ts';
import { selectCatalogue } from './queries.ts';

/**
 * selectCatalogue resolves prices in SQL (one round trip per search); resolvePrices is the
 * shared rule the price quote uses. Both must give the same price for every item and context.
 */
describe.each(TEST_ENGINES)('catalogue prices agree with resolvePrices on $name', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    await runSeeds(testDb.database.db, [catalogueDemoSeed]);
  });
  afterAll(() => testDb?.dispose());

  const sources = [null, 'clinicaalemana', 'redsalud', 'cajalosandes', 'laboratoriochopo', 'otra'];
  const communes = [null, 'Vitacura', 'Talagante', 'Las Condes'];
  const contexts: PriceContext[] = (['cl', 'mx'] as const).flatMap((country) =>
    sources.flatMap((salesSource) => communes.map((commune) => ({ country, salesSource, commune }))),
  );

  it.each(contexts)('for %o', async (context) => {
    const { db } = testDb.database;
    const ids = DEMO_CATALOGUE.filter((item) => item.country === context.country).map((item) => item.id);
    const resolved = await resolvePrices(db, ids, context);
    const rows = await selectCatalogue(db, {
      country: context.country,
      salesSource: context.salesSource,
      commune: context.commune,
      ids,
      limit: ids.length,
    });
    const expected = [...resolved].filter(([, price]) => price.price !== null);
    expect(new Map(rows.map((row) => [row.id, row.price]))).toEqual(
      new Map(expected.map(([id, price]) => [id, price.price])),
    );
    for (const row of rows) {
      const promotion = resolved.get(row.id)?.promotionPrice ?? null;
      if (row.is_promotion) expect(row.promotion_price).toBe(promotion);
    }
  });

  it('seeds every override of the demo prices', () => {
    expect(DEMO_ITEM_PRICES.length).toBeGreaterThan(5);
  });
});
