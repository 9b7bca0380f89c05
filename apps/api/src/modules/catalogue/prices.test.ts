import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems, itemPrices } from '../../db/schema.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { resolvePrices } from './prices.ts';

describe.each(TEST_ENGINES)('price resolution on $name', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    const { db } = testDb.database;
    await db.insert(catalogueItems).values([
      {
        id: 1,
        name: 'Hemograma',
        slug: 'hemograma',
        category: 'exam',
        country: 'cl',
        resourcetype: 'Measure',
        price: 8000,
      },
      {
        id: 2,
        name: 'Perfil lipídico',
        slug: 'perfil-lipidico',
        category: 'exam',
        country: 'cl',
        resourcetype: 'Panel',
        price: 12000,
      },
      {
        id: 3,
        name: 'Biometría hemática',
        slug: 'biometria',
        category: 'exam',
        country: 'mx',
        resourcetype: 'Measure',
        price: 250,
      },
      {
        id: 4,
        name: 'Sin precio',
        slug: 'sin-precio',
        category: 'exam',
        country: 'cl',
        resourcetype: 'Measure',
        price: null,
      },
      {
        id: 5,
        name: 'Inactivo',
        slug: 'inactivo',
        category: 'exam',
        country: 'cl',
        resourcetype: 'Measure',
        price: 100,
        active: false,
      },
    ]);
    await db.insert(itemPrices).values([
      { itemId: 1, salesSource: 'clinicaalemana', commune: null, price: 9000 },
      { itemId: 1, salesSource: null, commune: 'Talagante', price: 8500 },
      { itemId: 1, salesSource: 'clinicaalemana', commune: 'Vitacura', price: 9500 },
      { itemId: 2, salesSource: 'redsalud', commune: null, price: 11000, promotionPrice: 9900 },
    ]);
  });
  afterAll(() => testDb?.dispose());

  const priceOf = async (id: number, context: Parameters<typeof resolvePrices>[2]) =>
    (await resolvePrices(testDb.database.db, [id], context)).get(id)?.price;

  it.each([
    [{ country: 'cl' as const }, 8000],
    [{ country: 'cl' as const, salesSource: 'marketplace', commune: 'Las Condes' }, 8000],
    [{ country: 'cl' as const, commune: 'Talagante' }, 8500],
    [{ country: 'cl' as const, salesSource: 'clinicaalemana' }, 9000],
    [{ country: 'cl' as const, salesSource: 'clinicaalemana', commune: 'Talagante' }, 9000],
    [{ country: 'cl' as const, salesSource: 'clinicaalemana', commune: 'Vitacura' }, 9500],
  ])('the most specific price wins for %o', async (context, price) => {
    expect(await priceOf(1, context)).toBe(price);
  });

  it('keeps a source promotion price with its price', async () => {
    const prices = await resolvePrices(testDb.database.db, [2], { country: 'cl', salesSource: 'redsalud' });
    expect(prices.get(2)).toEqual({ price: 11000, promotionPrice: 9900 });
  });

  it('gives nothing for another country, an inactive item or an unknown id; null for an unpriced item', async () => {
    const prices = await resolvePrices(testDb.database.db, [1, 3, 4, 5, 999], { country: 'cl' });
    expect([...prices.keys()].sort()).toEqual([1, 4]);
    expect(prices.get(4)?.price).toBeNull();
  });
});
