import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectors } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { isRegionBlocked } from './service.ts';

describe.each(TEST_ENGINES)('GET /api/v2/sector/sector-from-coordinates/ on $name', (engine) => {
  let t: TestApp;
  let sectorId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
    const [row] = await t.app.db
      .insert(sectors)
      .values({
        name: 'Las Condes',
        salesSource: 'marketplace',
        country: 'cl',
        services: ['lab'],
        polygon: [
          [
            [-70.6, -33.45],
            [-70.5, -33.45],
            [-70.5, -33.38],
            [-70.6, -33.38],
            [-70.6, -33.45],
          ],
        ],
        timeZone: 'America/Santiago',
      })
      .returning({ id: sectors.id });
    sectorId = row?.id ?? 0;
  });
  afterAll(() => t?.close());

  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v2/sector/sector-from-coordinates/?${query}` });

  it('answers the covering sector', async () => {
    const response = await get('lng=-70.5799&lat=-33.4129&country=cl&sales_source=demo-tyc');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: String(sectorId), name: 'Las Condes' });
  });

  it('answers null outside coverage', async () => {
    const response = await get('lng=-70.4&lat=-23.65&country=cl&sales_source=marketplace');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('sees a sector drawn or switched off at once: the instance keeps sectors only until told', async () => {
    const antofagasta = 'lng=-70.4&lat=-23.65&country=cl&sales_source=marketplace';
    expect((await get(antofagasta)).json()).toBeNull();
    const [drawn] = await t.app.db
      .insert(sectors)
      .values({
        name: 'Antofagasta centro',
        salesSource: 'marketplace',
        country: 'cl',
        services: ['lab'],
        polygon: [
          [
            [-70.45, -23.7],
            [-70.35, -23.7],
            [-70.35, -23.6],
            [-70.45, -23.6],
            [-70.45, -23.7],
          ],
        ],
        timeZone: 'America/Santiago',
      })
      .returning({ id: sectors.id });
    await expect
      .poll(async () => (await get(antofagasta)).json(), { timeout: 3000, interval: 50 })
      .toEqual({ id: String(drawn?.id), name: 'Antofagasta centro' });
    await t.app.db
      .update(sectors)
      .set({ active: false })
      .where(eq(sectors.id, drawn?.id ?? 0));
    await expect
      .poll(async () => (await get(antofagasta)).json(), { timeout: 3000, interval: 50 })
      .toBeNull();
  });

  it.each([
    ['no coordinates', 'country=cl&sales_source=marketplace'],
    ['a latitude beyond 90', 'lng=-70&lat=-91&country=cl&sales_source=marketplace'],
    ['text for a number', 'lng=abc&lat=-33&country=cl&sales_source=marketplace'],
    ['an unknown country', 'lng=-70&lat=-33&country=ar&sales_source=marketplace'],
    ['no sales source', 'lng=-70&lat=-33&country=cl'],
    [
      'SQL in the source',
      `lng=-70&lat=-33&country=cl&sales_source=${encodeURIComponent("x' OR 1=1--")}x${'y'.repeat(200)}`,
    ],
  ])('answers %s with a 400 {err, msg}', async (_case, query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ err: 'invalid-request', msg: expect.any(String) });
  });
});

describe('regions closed to the marketplace', () => {
  it.each([
    ['Región del Biobío', 'marketplace', true],
    ['Biobío', 'marketplace', true],
    ['Región de Antofagasta', 'marketplace', true],
    ['Región Metropolitana de Santiago', 'marketplace', false],
    ['Región del Biobío', 'clinicaalemana', false],
    ['Región de Antofagasta', 'redsalud', false],
  ])('%s for %s: blocked %s', (region, source, blocked) => {
    expect(isRegionBlocked(region, source)).toBe(blocked);
  });
});
