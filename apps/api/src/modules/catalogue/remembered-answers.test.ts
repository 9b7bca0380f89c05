import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueItems } from '../../db/schema.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { rememberingSerializer } from './remembered-answers.ts';

describe('the search answer’s text is remembered per answer', () => {
  it('checks and writes an answer once, then writes the same text; another answer is checked', () => {
    let checks = 0;
    const write = rememberingSerializer((answer) => {
      checks += 1;
      return JSON.stringify(answer);
    });
    const data = [{ id: 1, name: 'Hemograma' }];
    expect(write({ data })).toBe('{"data":[{"id":1,"name":"Hemograma"}]}');
    expect(write({ data })).toBe('{"data":[{"id":1,"name":"Hemograma"}]}');
    expect(checks).toBe(1);
    // A new answer (a new catalogue's) is checked; so is anything that is not exactly { data }.
    expect(write({ data: [{ id: 1, name: 'Hemograma completo' }] })).toContain('completo');
    write({ error: 'x', data });
    expect(checks).toBe(3);
  });
});

describe.each(TEST_ENGINES)('search with the catalogue kept in memory on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { CATALOGUE_CACHE_MS: '600000' } });
  });
  afterAll(() => t?.close());

  const hemogramaPrice = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/search/client/?query=hemograma&country=Chile',
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { name: string; price: number }[] }).data.find(
      (item) => item.name === 'Hemograma',
    )?.price;
  };

  it('answers a catalogue change at the next search once the change is told', async () => {
    expect(await hemogramaPrice()).toBe(8990);
    await t.testDb.database.db
      .update(catalogueItems)
      .set({ price: 7770 })
      .where(eq(catalogueItems.id, ID.hemograma));
    // Kept: the same answer until the change is told (the edit paths tell it).
    expect(await hemogramaPrice()).toBe(8990);
    await t.app.changes.publish({ topic: 'catalogue' });
    expect(await hemogramaPrice()).toBe(7770);
  });
});
