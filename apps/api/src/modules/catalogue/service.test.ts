import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { insertCatalogueItems } from './queries.ts';
import { searchCatalogue } from './service.ts';
import { loadCatalogueSnapshot } from './snapshot.ts';

const [engine] = TEST_ENGINES;
if (!engine) throw new Error('no test engine');

describe('search answers remembered per catalogue snapshot', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    await insertCatalogueItems(testDb.database.db, [
      {
        id: 1,
        name: 'Hemograma',
        slug: 'hemograma',
        category: 'exam',
        country: 'cl',
        resourcetype: 'Measure',
        price: 8000,
      },
    ]);
  });
  afterAll(() => testDb?.dispose());

  const query = (text: string) => ({
    query: text,
    country: 'cl' as const,
    category: null,
    show_all: true,
    item_ids: [],
  });

  it('answers the same query from memory within a snapshot, whatever its spelling', async () => {
    const snapshot = await loadCatalogueSnapshot(testDb.database.db);
    const first = searchCatalogue(snapshot, query('hemo'));
    expect(first.map((item) => item.name)).toEqual(['Hemograma']);
    expect(searchCatalogue(snapshot, query('  HEMO '))).toBe(first);
    expect(searchCatalogue(snapshot, { ...query('hemo'), source: 'clinicaalemana' })).not.toBe(first);
  });

  it('never answers from an older snapshot', async () => {
    const before = await loadCatalogueSnapshot(testDb.database.db);
    expect(searchCatalogue(before, query('glic'))).toEqual([]);
    await insertCatalogueItems(testDb.database.db, [
      {
        id: 2,
        name: 'Glicemia',
        slug: 'glicemia',
        category: 'exam',
        country: 'cl',
        resourcetype: 'Measure',
        price: 4000,
      },
    ]);
    const after = await loadCatalogueSnapshot(testDb.database.db);
    expect(searchCatalogue(after, query('glic')).map((item) => item.name)).toEqual(['Glicemia']);
  });
});
