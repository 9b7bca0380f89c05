import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueItems, catalogueStock, operativeStatus } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertTestCatalogue, T } from '../pricing/test-fixtures.ts';
import {
  INFLUENZA_VACCINE_SLUG,
  operativeDemoSeed,
  REDSALUD_INFLUENZA_DOSES,
} from '../../db/seed/demo-stock.ts';

describe.each(TEST_ENGINES)('GET /api/v2/operative/{salesSource}/status/ on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Without the demo seeds: this file sets up its own switches and stock.
    t = await createTestApp(engine, { seed: false });
    const { db } = t.testDb.database;
    await insertTestCatalogue(db);
    await db.insert(operativeStatus).values([
      { salesSource: 'prueba-stock', stockItemId: T.vacuna },
      { salesSource: 'prueba-apagada', active: false, reason: 'mantencion' },
      { salesSource: 'prueba-apagada-sin-motivo', active: false },
      { salesSource: 'prueba-sin-item', active: true },
      { salesSource: 'prueba-ilimitado', stockItemId: T.glicemia },
    ]);
  });
  afterAll(() => t?.close());

  const db = () => t.testDb.database.db;
  const setStock = (stock: number | null) =>
    db().update(catalogueItems).set({ stock }).where(eq(catalogueItems.id, T.vacuna));
  beforeEach(() => setStock(5));

  const status = async (source: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/operative/${source}/status/` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('is active for a source with no row (the switch is opt-in)', async () => {
    expect(await status('marketplace')).toEqual({ active: true, reason: null });
  });

  it('is active while its stock item has stock, inactive with reason stockout when none is left', async () => {
    expect(await status('prueba-stock')).toEqual({ active: true, reason: null });
    await setStock(1);
    expect(await status('prueba-stock')).toEqual({ active: true, reason: null });
    await setStock(0);
    expect(await status('prueba-stock')).toEqual({ active: false, reason: 'stockout' });
    await setStock(-1);
    expect(await status('prueba-stock')).toEqual({ active: false, reason: 'stockout' });
    await setStock(null);
    expect(await status('prueba-stock')).toEqual({ active: true, reason: null });
  });

  it('follows the manual switch, with its reason or a default one', async () => {
    expect(await status('prueba-apagada')).toEqual({ active: false, reason: 'mantencion' });
    expect(await status('prueba-apagada-sin-motivo')).toEqual({ active: false, reason: 'inactive' });
    expect(await status('prueba-sin-item')).toEqual({ active: true, reason: null });
    expect(await status('prueba-ilimitado')).toEqual({ active: true, reason: null });
  });

  it.each([
    ['SQL', "x'%20OR%20'1'='1"],
    ['a script tag', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['unicode oddities', '%F0%9F%92%89%E2%80%AEdemo'],
  ])('answers a source with %s as an unknown (active) source', async (_case, source) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/operative/${source}/status/` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ active: true, reason: null });
  });

  it.each([
    ['a NUL', 'a%00b'],
    ['a blank source', '%20'],
  ])('answers %s with 400 {err, msg}', async (_case, source) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/operative/${source}/status/` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'invalid-request', msg: expect.any(String) });
  });

  it('answers a source over 100 characters with a 4xx, never a 500', async () => {
    // Fastify's router refuses path parameters over 100 characters before any handler: its own
    // 414 by default, or the app's {err, msg} 400 when app.ts maps framework errors.
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/operative/${'a'.repeat(101)}/status/`,
    });
    expect([400, 414]).toContain(response.statusCode);
    if (response.statusCode === 400) {
      expect(response.json()).toEqual({ err: 'invalid-request', msg: expect.any(String) });
    }
  });

  describe('the demo seed', () => {
    it('skips quietly without the influenza vaccine, then links cajalosandes to it by slug', async () => {
      await operativeDemoSeed.run(db());
      expect(
        await db().select().from(operativeStatus).where(eq(operativeStatus.salesSource, 'cajalosandes')),
      ).toEqual([]);
      await db()
        .update(catalogueItems)
        .set({ slug: INFLUENZA_VACCINE_SLUG })
        .where(eq(catalogueItems.id, T.vacuna));
      await operativeDemoSeed.run(db());
      expect(await status('cajalosandes')).toEqual({ active: true, reason: null });
      await setStock(0);
      expect(await status('cajalosandes')).toEqual({ active: false, reason: 'stockout' });
    });
  });
});

describe.each(TEST_ENGINES)('the demo dataset on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it('keeps cajalosandes operative while the demo vaccine has stock (or when the catalogue lacks it)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/operative/cajalosandes/status/' });
    expect(response.json()).toEqual({ active: true, reason: null });
  });

  it('gives redsalud its own doses of the flu vaccine, apart from the shared stock', async () => {
    const rows = await t.app.db.select().from(catalogueStock);
    const [vaccine] = await t.app.db
      .select()
      .from(catalogueItems)
      // The Chilean one: Mexico's catalogue has an item of the same slug.
      .where(and(eq(catalogueItems.slug, INFLUENZA_VACCINE_SLUG), eq(catalogueItems.country, 'cl')));
    expect(rows).toEqual([{ itemId: vaccine?.id, salesSource: 'redsalud', stock: REDSALUD_INFLUENZA_DOSES }]);
    expect(vaccine?.stock).toBe(1000);
  });
});
