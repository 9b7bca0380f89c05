import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemPrices } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { cajaLosAndesInfluenzaPriceSeed } from '../../db/seed/demo-catalogue.ts';

const INFLUENZA = 50;

describe.each(TEST_ENGINES)("Caja Los Andes' flu vaccine promotion on $name", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const quote = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/cart-price/',
      payload: {
        country: 'cl',
        locality: 'Las Condes',
        source: 'cajalosandes',
        coupon_code: null,
        patients: [{ is_fonasa: false, items: [INFLUENZA], packs: [] }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ base_price: number; service_fee: number; net_price: number }>();
  };

  it('is quoted at $6.990 plus the home-service fee, not $0', async () => {
    const answer = await quote();
    expect(answer.base_price).toBe(6990);
    expect(answer.service_fee).toBeGreaterThan(0);
    expect(answer.net_price).toBe(6990 + answer.service_fee);
  });

  it('a database seeded with the old $0 price is corrected by its seed', async () => {
    const db = t.testDb.database.db;
    const row = and(eq(itemPrices.itemId, INFLUENZA), eq(itemPrices.salesSource, 'cajalosandes'));
    await db.update(itemPrices).set({ price: 0 }).where(row);
    await cajaLosAndesInfluenzaPriceSeed.run(db);
    expect((await db.select().from(itemPrices).where(row)).map((r) => r.price)).toEqual([6990]);
  });
});
