import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectors } from '../../db/schema.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { findCoveringSector, pointInPolygon } from './service.ts';

const square = (lng: number, lat: number, half: number): [number, number][] => [
  [lng - half, lat - half],
  [lng + half, lat - half],
  [lng + half, lat + half],
  [lng - half, lat + half],
  [lng - half, lat - half],
];

describe('point in polygon', () => {
  it.each([
    [{ lat: 0, lng: 0 }, true],
    [{ lat: 0.9, lng: -0.9 }, true],
    [{ lat: 1.1, lng: 0 }, false],
    [{ lat: 0, lng: 5 }, false],
    [{ lat: 0.5, lng: 0.5 }, false], // inside the hole
  ])('%o is inside: %s', (point, inside) => {
    expect(pointInPolygon(point, [square(0, 0, 1), square(0.5, 0.5, 0.2)])).toBe(inside);
  });

  it('an empty polygon covers nothing', () => {
    expect(pointInPolygon({ lat: 0, lng: 0 }, [])).toBe(false);
  });
});

describe.each(TEST_ENGINES)('covering sector on $name', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    await testDb.database.db.insert(sectors).values([
      {
        name: 'Las Condes lab',
        salesSource: 'clinicaalemana',
        country: 'cl',
        services: ['lab', 'vaccine'],
        polygon: [square(-70.55, -33.41, 0.03)],
        timeZone: 'America/Santiago',
      },
      {
        name: 'Ñuñoa vaccines',
        salesSource: 'clinicaalemana',
        country: 'cl',
        services: ['vaccine'],
        polygon: [square(-70.6, -33.46, 0.02)],
        timeZone: 'America/Santiago',
      },
      {
        name: 'Santiago',
        salesSource: 'marketplace',
        country: 'cl',
        services: ['lab', 'vaccine', 'medical_service'],
        polygon: [square(-70.65, -33.45, 0.3)],
        timeZone: 'America/Santiago',
      },
    ]);
  });
  afterAll(() => testDb?.dispose());

  const find = (lat: number, lng: number, salesSource: string, service?: 'lab' | 'vaccine') =>
    findCoveringSector(testDb.database.db, { lat, lng }, { country: 'cl', salesSource, service });

  it('finds the source own sector', async () => {
    expect((await find(-33.41, -70.55, 'clinicaalemana'))?.name).toBe('Las Condes lab');
  });

  it('covers vaccines but not lab in a vaccine-only sector', async () => {
    expect((await find(-33.46, -70.6, 'clinicaalemana', 'vaccine'))?.name).toBe('Ñuñoa vaccines');
    expect(await find(-33.46, -70.6, 'clinicaalemana', 'lab')).toBeNull();
  });

  it('does not lend the marketplace to a source that has sectors of its own', async () => {
    expect(await find(-33.6, -70.8, 'clinicaalemana')).toBeNull();
  });

  it('covers a source without sectors with the marketplace', async () => {
    expect((await find(-33.6, -70.8, 'redsalud'))?.name).toBe('Santiago');
  });

  it('covers nothing in another country or far away', async () => {
    expect(await find(-23.65, -70.4, 'marketplace')).toBeNull();
    expect(
      await findCoveringSector(
        testDb.database.db,
        { lat: -33.41, lng: -70.55 },
        { country: 'mx', salesSource: 'marketplace' },
      ),
    ).toBeNull();
  });
});
