import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems, itemPrices } from '../../db/schema.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { createChangeBus } from '../changes/change-bus.ts';
import { insertCatalogueItems, insertSubItems } from './queries.ts';
import {
  type CatalogueSnapshot,
  CATALOGUE_STALE_FACTOR,
  createCatalogueReader,
  loadCatalogueSnapshot,
  type PriceContext,
  resolvePrice,
  selectCatalogue,
} from './snapshot.ts';

const item = (id: number, name: string, extra: Partial<typeof catalogueItems.$inferInsert> = {}) => ({
  id,
  name,
  slug: `item-${id}`,
  category: 'exam',
  country: 'cl' as const,
  resourcetype: 'Measure' as const,
  price: 1000,
  ...extra,
});

describe.each(TEST_ENGINES)('the catalogue snapshot on $name', (engine) => {
  let testDb: TestDatabase;
  let snapshot: CatalogueSnapshot;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    const { db } = testDb.database;
    await insertCatalogueItems(db, [
      item(1, 'Hemograma', { price: 8000 }),
      item(2, 'Perfil lipídico', { resourcetype: 'Panel', price: 12000 }),
      item(3, 'Biometría hemática', { country: 'mx', price: 250 }),
      item(4, 'Sin precio', { price: null }),
      item(5, 'Inactivo', { active: false }),
      item(6, 'Colesterol total', { price: 3000 }),
      item(7, 'Triglicéridos', { price: 3000, shortName: 'TG' }),
      item(8, 'Glicemia', { price: 4000, tags: ['azucar'] }),
      item(9, 'Hemoglobina glicosilada', { price: 9000 }),
      item(100, 'Chequeo preventivo', { resourcetype: null, category: 'pack', price: 20000 }),
    ]);
    await insertSubItems(db, 2, [6, 7]);
    await insertSubItems(db, 100, [1, 8]);
    await db.insert(itemPrices).values([
      { itemId: 1, salesSource: 'clinicaalemana', commune: null, price: 9000 },
      { itemId: 1, salesSource: null, commune: 'Talagante', price: 8500 },
      { itemId: 1, salesSource: 'clinicaalemana', commune: 'Vitacura', price: 9500 },
      { itemId: 2, salesSource: 'redsalud', commune: null, price: 11000, promotionPrice: 9900 },
      { itemId: 4, salesSource: 'clinicaalemana', commune: null, price: 50000 },
    ]);
    snapshot = await loadCatalogueSnapshot(db);
  });
  afterAll(() => testDb?.dispose());

  const priceOf = (id: number, context: PriceContext) => {
    const row = snapshot.byId.get(id);
    if (!row) throw new Error(`no item ${id}`);
    return resolvePrice(snapshot, row, context);
  };

  it.each([
    [{}, 8000],
    [{ salesSource: 'marketplace', commune: 'Las Condes' }, 8000],
    [{ commune: 'Talagante' }, 8500],
    [{ salesSource: 'clinicaalemana' }, 9000],
    [{ salesSource: 'clinicaalemana', commune: 'Talagante' }, 9000],
    [{ salesSource: 'clinicaalemana', commune: 'Vitacura' }, 9500],
  ])('the most specific price wins for %o', (context, price) => {
    expect(priceOf(1, context).price).toBe(price);
  });

  it('keeps a source promotion with its price, and marks the entry as a promotion', () => {
    expect(priceOf(2, { salesSource: 'redsalud' })).toEqual({
      price: 11000,
      promotionPrice: 9900,
      override: true,
    });
    const [row] = selectCatalogue(snapshot, { country: 'cl', salesSource: 'redsalud', ids: [2], limit: 1 });
    expect(row).toMatchObject({ price: 11000, is_promotion: true, promotion_price: 9900 });
  });

  it('leaves out other countries, inactive and unpriced entries, but prices an item where a source does', () => {
    const ids = [1, 3, 4, 5, 999];
    expect(selectCatalogue(snapshot, { country: 'cl', ids, limit: 10 }).map((row) => row.id)).toEqual([1]);
    const forClinic = selectCatalogue(snapshot, {
      country: 'cl',
      salesSource: 'clinicaalemana',
      ids,
      limit: 10,
    });
    expect(forClinic.map((row) => [row.id, row.price])).toEqual([
      [1, 9000],
      [4, 50000],
    ]);
  });

  it('lists sub-items for packs and panels, none for other items', () => {
    const rows = selectCatalogue(snapshot, { country: 'cl', ids: [100, 2, 1], limit: 3 });
    const byId = new Map(rows.map((row) => [row.id, row.sub_items]));
    expect(byId.get(100)).toEqual([
      { id: 1, name: 'Hemograma' },
      { id: 8, name: 'Glicemia' },
    ]);
    expect(byId.get(2)).toEqual([
      { id: 6, name: 'Colesterol total' },
      { id: 7, name: 'Triglicéridos' },
    ]);
    expect(byId.get(1)).toBeNull();
  });

  it('ranks exact names, then name prefixes, then word prefixes, then other matches', () => {
    const names = (words: string[]) =>
      selectCatalogue(snapshot, { country: 'cl', words, limit: 10 }).map((row) => row.name);
    expect(names(['hem'])).toEqual(['Hemoglobina glicosilada', 'Hemograma']);
    expect(names(['glicemia'])).toEqual(['Glicemia']);
    // Name prefix, then a word prefix, then a match inside a word ('trigLICEridos').
    expect(names(['glic'])).toEqual(['Glicemia', 'Hemoglobina glicosilada', 'Triglicéridos']);
    expect(names(['tg'])).toEqual(['Triglicéridos']);
    expect(names(['azucar'])).toEqual(['Glicemia']);
  });

  it('filters by kind and category', () => {
    expect(
      selectCatalogue(snapshot, { country: 'cl', kind: 'pack', limit: 10 }).map((row) => row.id),
    ).toEqual([100]);
    expect(
      selectCatalogue(snapshot, { country: 'cl', category: 'pack', limit: 10 }).map((row) => row.id),
    ).toEqual([100]);
    expect(
      selectCatalogue(snapshot, { country: 'cl', kind: 'item', limit: 20 }).some((row) => row.id === 100),
    ).toBe(false);
  });

  it.each([1, 3, 5])('reads the same snapshot with %i items per query', async (pageRows) => {
    // 10 items: pages of 5 end exactly on the last one, so the last page read is empty.
    const paged = await loadCatalogueSnapshot(testDb.database.db, { pageRows });
    const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);
    expect(ids(paged.byCountry.cl)).toEqual(ids(snapshot.byCountry.cl));
    expect(ids(paged.byCountry.mx)).toEqual(ids(snapshot.byCountry.mx));
    expect([...paged.byId.keys()].sort()).toEqual([...snapshot.byId.keys()].sort());
    expect(paged.rankKeys).toEqual(snapshot.rankKeys);
    expect(paged.subItems).toEqual(snapshot.subItems);
    expect(paged.overrides).toEqual(snapshot.overrides);
  });

  it('keeps a read for the TTL and shares one load between concurrent callers', async () => {
    const { db } = testDb.database;
    const read = createCatalogueReader(db, 300);
    const [first, second] = await Promise.all([read(), read()]);
    expect(first).toBe(second);
    await db.update(catalogueItems).set({ name: 'Hemograma completo' }).where(eq(catalogueItems.id, 1));
    expect((await read()).byId.get(1)?.name).toBe('Hemograma');
    await new Promise((resolve) => setTimeout(resolve, 350));
    // Past the TTL the kept snapshot answers at once while the next one loads...
    expect((await read()).byId.get(1)?.name).toBe('Hemograma');
    // ...and the calls after that load get the edit.
    await expect.poll(async () => (await read()).byId.get(1)?.name).toBe('Hemograma completo');
  });

  it('never serves a snapshot older than CATALOGUE_STALE_FACTOR TTLs: it waits for a fresh one', async () => {
    const { db } = testDb.database;
    const read = createCatalogueReader(db, 100);
    await read();
    await db.update(catalogueItems).set({ price: 7777 }).where(eq(catalogueItems.id, 1));
    await new Promise((resolve) => setTimeout(resolve, 100 * CATALOGUE_STALE_FACTOR + 50));
    expect((await read()).byId.get(1)?.price).toBe(7777);
  });

  it('after a catalogue change, keeps answering while it reloads; the writer waits for the reload', async () => {
    const { db } = testDb.database;
    const changes = await createChangeBus(testDb.database);
    try {
      const read = createCatalogueReader(db, 60_000, changes);
      const before = await read();
      await db.update(catalogueItems).set({ price: 9100 }).where(eq(catalogueItems.id, 6));
      const published = changes.publish({ topic: 'catalogue' });
      // While the reload runs, a read does not queue behind it: it gets the snapshot it had.
      expect(await read()).toBe(before);
      // The writer's publish resolves once this instance has the change.
      await published;
      expect((await read()).byId.get(6)?.price).toBe(9100);
    } finally {
      await changes.close();
    }
  });

  it('after a price change, re-reads the prices and keeps its items; a change of anything else re-reads all', async () => {
    const { db } = testDb.database;
    const changes = await createChangeBus(testDb.database);
    try {
      const read = createCatalogueReader(db, 60_000, changes);
      const before = await read();
      // An item edited with no change told, and a price: only the price is read again.
      await db.update(catalogueItems).set({ name: 'Glicemia en ayunas' }).where(eq(catalogueItems.id, 8));
      await db.insert(itemPrices).values({ itemId: 8, salesSource: 'redsalud', commune: null, price: 4400 });
      await changes.publish({ topic: 'catalogue', part: 'prices' });
      const pricesRead = await read();
      expect(pricesRead).not.toBe(before);
      expect(pricesRead.byId).toBe(before.byId);
      expect(pricesRead.byId.get(8)?.name).toBe('Glicemia');
      expect(pricesRead.overrides.get(8)?.map((row) => row.price)).toEqual([4400]);
      // An item change told, then a price change before its reload is in: the items are read too.
      await db.update(catalogueItems).set({ price: 4100 }).where(eq(catalogueItems.id, 8));
      const whole = changes.publish({ topic: 'catalogue' });
      await db.update(itemPrices).set({ price: 4500 }).where(eq(itemPrices.itemId, 8));
      await changes.publish({ topic: 'catalogue', part: 'prices' });
      await whole;
      const after = await read();
      expect(after.byId.get(8)).toMatchObject({ name: 'Glicemia en ayunas', price: 4100 });
      expect(after.overrides.get(8)?.map((row) => row.price)).toEqual([4500]);
    } finally {
      await changes.close();
      await db.delete(itemPrices).where(eq(itemPrices.itemId, 8));
      await db.update(catalogueItems).set({ name: 'Glicemia', price: 4000 }).where(eq(catalogueItems.id, 8));
    }
  });

  it('reads afresh on every call with a TTL of 0', async () => {
    const { db } = testDb.database;
    const read = createCatalogueReader(db, 0);
    const before = await read();
    await db.update(catalogueItems).set({ price: 8100 }).where(eq(catalogueItems.id, 6));
    const after = await read();
    expect(after).not.toBe(before);
    expect(after.byId.get(6)?.price).toBe(8100);
  });
});
