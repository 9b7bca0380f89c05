import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalGeocoder } from '../../adapters/geocoders/local-geocoder.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { findCoveringSector, isRegionBlocked } from './service.ts';

/** The demo addresses, resolved by the local geocoder as a person would type them. */
const ADDRESSES = {
  apoquindo: ['Avenida Apoquindo 4500, Las Condes', 'cl'],
  providencia: ['Avenida Providencia 1208, Providencia', 'cl'],
  irarrazaval: ['Avenida Irarrázaval 3000, Ñuñoa', 'cl'],
  talagante: ['Calle Balmaceda 100, Talagante', 'cl'],
  antofagasta: ['Avenida Grecia 1000, Antofagasta', 'cl'],
  insurgentes: ['Avenida Insurgentes Sur 1000, Benito Juárez, Ciudad de México', 'mx'],
} as const;

describe.each(TEST_ENGINES)('demo coverage on $name', (engine) => {
  let t: TestApp;
  const points = new Map<string, { lat: number; lng: number; region: string }>();
  beforeAll(async () => {
    t = await createTestApp(engine);
    const geocoder = createLocalGeocoder();
    for (const [key, [text, country]] of Object.entries(ADDRESSES)) {
      const [place] = await geocoder.geocode({ address: text }, country);
      if (!place?.latitude || !place.longitude) throw new Error(`no point for ${text}`);
      points.set(key, { lat: place.latitude, lng: place.longitude, region: place.region ?? '' });
    }
  });
  afterAll(() => t?.close());

  const covered = async (key: keyof typeof ADDRESSES, salesSource: string, service?: 'lab' | 'vaccine') => {
    const point = points.get(key);
    if (!point) throw new Error(key);
    const country = ADDRESSES[key][1];
    return findCoveringSector(t.app.db, point, { country, salesSource, service });
  };

  it.each([
    ['apoquindo', 'marketplace', true],
    ['apoquindo', 'clinicaalemana', true],
    ['providencia', 'marketplace', true],
    ['irarrazaval', 'marketplace', true],
    ['talagante', 'marketplace', true],
    ['antofagasta', 'marketplace', false],
    ['insurgentes', 'marketplace', true],
    ['talagante', 'clinicaalemana', false],
  ] as const)('%s is covered for %s: %s', async (key, source, expected) => {
    expect((await covered(key, source)) !== null).toBe(expected);
  });

  it('a partner without sectors (redsalud, demo, laboratoriochopo) uses the marketplace', async () => {
    expect(await covered('apoquindo', 'redsalud')).not.toBeNull();
    expect(await covered('insurgentes', 'laboratoriochopo')).not.toBeNull();
  });

  it('the clinic covers Ñuñoa for vaccines only', async () => {
    expect(await covered('irarrazaval', 'clinicaalemana', 'vaccine')).not.toBeNull();
    expect(await covered('irarrazaval', 'clinicaalemana', 'lab')).toBeNull();
    expect(await covered('apoquindo', 'clinicaalemana', 'lab')).not.toBeNull();
  });

  it('Antofagasta is also a region closed to the marketplace', () => {
    expect(isRegionBlocked(points.get('antofagasta')?.region ?? '', 'marketplace')).toBe(true);
  });

  it('the sector route answers for a demo address', async () => {
    const point = points.get('insurgentes');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/sector/sector-from-coordinates/?lat=${point?.lat}&lng=${point?.lng}&country=mx&sales_source=demo-mx`,
    });
    expect(response.json()).toMatchObject({ name: expect.any(String) });
  });
});
