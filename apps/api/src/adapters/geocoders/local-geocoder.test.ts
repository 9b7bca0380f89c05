import { addressCandidates } from '@visita/domain/addresses';
import { CHILEAN_REGIONS } from '@visita/domain/cl-regions';
import { describe, expect, it } from 'vitest';
import { allPlaces, communePoint, distanceMetres, NUDGE_MAX_METRES } from './gazetteer.ts';
import { createLocalGeocoder } from './local-geocoder.ts';

const geocoder = createLocalGeocoder();

/** Demo dataset: the addresses the local geocoder resolves. */
const DEMO_ADDRESSES = [
  {
    text: 'Avenida Apoquindo 4500, Las Condes',
    country: 'cl',
    street: 'Avenida Apoquindo',
    number: '4500',
    commune: 'Las Condes',
    region: 'Región Metropolitana de Santiago',
  },
  {
    text: 'Avenida Providencia 1208, Providencia',
    country: 'cl',
    street: 'Avenida Providencia',
    number: '1208',
    commune: 'Providencia',
    region: 'Región Metropolitana de Santiago',
  },
  {
    text: 'Avenida Irarrázaval 3000, Ñuñoa',
    country: 'cl',
    street: 'Avenida Irarrázaval',
    number: '3000',
    commune: 'Ñuñoa',
    region: 'Región Metropolitana de Santiago',
  },
  {
    text: 'Calle Balmaceda 100, Talagante',
    country: 'cl',
    street: 'Calle Balmaceda',
    number: '100',
    commune: 'Talagante',
    region: 'Región Metropolitana de Santiago',
  },
  {
    text: 'Avenida Grecia 1000, Antofagasta',
    country: 'cl',
    street: 'Avenida Grecia',
    number: '1000',
    commune: 'Antofagasta',
    region: 'Región de Antofagasta',
  },
  {
    text: 'Avenida Insurgentes Sur 1000, Benito Juárez, Ciudad de México',
    country: 'mx',
    street: 'Avenida Insurgentes Sur',
    number: '1000',
    commune: 'Benito Juárez',
    region: 'Ciudad de México',
  },
] as const;

describe('local geocoder: the demo addresses', () => {
  it.each(DEMO_ADDRESSES)('$text resolves to one full candidate', async (demo) => {
    const [candidate, ...others] = await geocoder.geocode({ address: demo.text }, demo.country);
    expect(others).toEqual([]);
    expect(candidate).toMatchObject({
      street: demo.street,
      street_number: demo.number,
      commune: demo.commune,
      region: demo.region,
      country: demo.country === 'cl' ? 'Chile' : 'México',
      sublocality: demo.country === 'mx' ? 'Otra' : null,
    });
    // Near the commune's point, the one coverage sectors are drawn around.
    const point = communePoint(demo.country, demo.commune, demo.region);
    expect(point).not.toBeNull();
    if (!candidate || !point) return;
    expect(
      distanceMetres(point, { lat: candidate.latitude ?? 0, lng: candidate.longitude ?? 0 }),
    ).toBeLessThanOrEqual(NUDGE_MAX_METRES + 1);
    // The widget's own rules accept it as it is.
    expect(addressCandidates(candidate, demo.text, demo.country)).toHaveLength(1);
  });

  it.each(DEMO_ADDRESSES)('$text is suggested and its place_id geocodes back', async (demo) => {
    const [suggestion] = await geocoder.autocomplete(demo.text, demo.country);
    expect(suggestion).toBeDefined();
    if (!suggestion) return;
    expect(suggestion.structured_formatting.main_text).toBe(`${demo.street} ${demo.number}`);
    expect(suggestion.structured_formatting.secondary_text).toContain(demo.commune);
    expect(suggestion.description).toContain(demo.commune);
    if (demo.country === 'mx') expect(suggestion).toHaveProperty('zipCode', null);
    else expect(suggestion).not.toHaveProperty('zipCode');
    const byId = await geocoder.geocode({ placeId: suggestion.place_id }, demo.country);
    const byText = await geocoder.geocode({ address: demo.text }, demo.country);
    expect(byId).toEqual(byText);
    // A candidate's own place_id resolves to that same candidate.
    const [first] = byId;
    expect(await geocoder.geocode({ placeId: first?.place_id ?? '' }, demo.country)).toEqual([first]);
  });

  it('places Las Condes in the city, not at its foothill centroid (data/PROVENANCE.md)', () => {
    const lasCondes = communePoint('cl', 'Las Condes');
    expect(lasCondes).not.toBeNull();
    // The brief's town centre, about -33.41, -70.57.
    expect(distanceMetres(lasCondes ?? { lat: 0, lng: 0 }, { lat: -33.41, lng: -70.57 })).toBeLessThan(1000);
    const barnechea = communePoint('cl', 'Lo Barnechea');
    expect(distanceMetres(barnechea ?? { lat: 0, lng: 0 }, { lat: -33.35, lng: -70.52 })).toBeLessThan(1000);
  });
});

describe('local geocoder: reading typed text', () => {
  it.each([
    ['AVENIDA APOQUINDO 4500, LAS CONDES'],
    ['avenida apoquindo 4500, las condes'],
    ['Avenida Apoquindo 4500 Las Condes'],
    ['Avenida Apoquindo #4500, Las Condes, Santiago, Chile'],
    ['Avenida Apoquindo N° 4500 depto 305, Las Condes, Región Metropolitana'],
  ])('%s is Avenida Apoquindo 4500 in Las Condes', async (text) => {
    const candidates = await geocoder.geocode({ address: text }, 'cl');
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({
      street: 'Avenida Apoquindo',
      street_number: '4500',
      commune: 'Las Condes',
    });
  });

  it.each([
    ['Avenida Irarrazaval 3000, Nunoa', 'Ñuñoa'],
    ['Avenida Irarrázaval 3000, ÑUÑOA', 'Ñuñoa'],
    // Decomposed accents (NFD), as some keyboards send them.
    ['Avenida Irarrázaval 3000, Ñuñoa'.normalize('NFD'), 'Ñuñoa'],
    ['Calle Prat 100, Penalolen', 'Peñalolén'],
    ['Calle Prat 100, Santiago Centro', 'Santiago'],
    ['Calle Prat 100, Los Ángeles', 'Los Angeles'],
    ['Calle Prat 100, Marchigüe', 'Marchihue'],
  ])('%s is in %s (accents, case and aliases do not matter)', async (text, commune) => {
    const [candidate] = await geocoder.geocode({ address: text }, 'cl');
    expect(candidate?.commune).toBe(commune);
  });

  it('gives one candidate per distinct number, the last typed first', async () => {
    const candidates = await geocoder.geocode({ address: 'Avenida 10 de Julio 1500, Santiago' }, 'cl');
    expect(candidates.map((c) => [c.street_number, c.street])).toEqual([
      ['1500', 'Avenida 10 de Julio'],
      ['10', 'Avenida de Julio 1500'],
    ]);
    expect(candidates[0]?.latitude).not.toBe(candidates[1]?.latitude);
  });

  it('gives different addresses of one commune different points, the same each time', async () => {
    const a = await geocoder.geocode({ address: 'Avenida Apoquindo 4500, Las Condes' }, 'cl');
    const b = await geocoder.geocode({ address: 'Avenida Apoquindo 4510, Las Condes' }, 'cl');
    const again = await geocoder.geocode({ address: 'Avenida Apoquindo 4500, Las Condes' }, 'cl');
    expect([a[0]?.latitude, a[0]?.longitude]).not.toEqual([b[0]?.latitude, b[0]?.longitude]);
    expect(again).toEqual(a);
  });

  it('knows Chicureo as part of Colina, with its own point', async () => {
    const [candidate] = await geocoder.geocode({ address: 'Camino Chicureo 1200, Chicureo' }, 'cl');
    expect(candidate).toMatchObject({ commune: 'Colina', region: 'Región Metropolitana de Santiago' });
    const chicureo = communePoint('cl', 'Chicureo');
    expect(chicureo).not.toEqual(communePoint('cl', 'Colina'));
    expect(
      distanceMetres(chicureo ?? { lat: 0, lng: 0 }, {
        lat: candidate?.latitude ?? 0,
        lng: candidate?.longitude ?? 0,
      }),
    ).toBeLessThanOrEqual(NUDGE_MAX_METRES + 1);
  });

  it('reads a Mexican colony and postal code when typed, and suggests the postal code', async () => {
    const text = 'Insurgentes Sur 1000, Col. Del Valle, C.P. 03100, Benito Juárez, CDMX';
    const [candidate] = await geocoder.geocode({ address: text }, 'mx');
    expect(candidate).toMatchObject({
      street: 'Insurgentes Sur',
      street_number: '1000',
      commune: 'Benito Juárez',
      region: 'Ciudad de México',
      sublocality: 'Del Valle',
      zip_code: '03100',
    });
    const [suggestion] = await geocoder.autocomplete(text, 'mx');
    expect(suggestion?.zipCode).toBe('03100');
  });

  it('takes the state to tell apart municipalities that share a name', async () => {
    const [quintanaRoo] = await geocoder.geocode(
      { address: 'Avenida Tulum 100, Benito Juárez, Quintana Roo' },
      'mx',
    );
    expect(quintanaRoo).toMatchObject({ commune: 'Benito Juárez', region: 'Quintana Roo' });
    // Without a state, the most populous first.
    const [alone] = await geocoder.geocode({ address: 'Avenida Tulum 100, Benito Juárez' }, 'mx');
    expect(alone?.region).toBe('Quintana Roo');
    const [cdmx] = await geocoder.geocode(
      { address: 'Avenida Tulum 100, Benito Juárez, Ciudad de México, México' },
      'mx',
    );
    expect(cdmx?.region).toBe('Ciudad de México');
  });

  it('completes a commune being typed, but only in suggestions', async () => {
    const suggestions = await geocoder.autocomplete('Avenida Apoquindo 4500, Las Co', 'cl');
    expect(suggestions.map((s) => s.description)).toEqual([
      'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
    ]);
    expect(await geocoder.geocode({ address: 'Avenida Apoquindo 4500, Las Co' }, 'cl')).toEqual([]);
  });

  it.each([
    ['no number', 'Avenida Apoquindo, Las Condes'],
    ['no commune', 'Avenida Apoquindo 4500'],
    ['an unknown commune', 'Avenida Apoquindo 4500, Gotham'],
    ['a commune of the other country', 'Avenida Apoquindo 4500, Coyoacán'],
    ['only a number', '4500, Las Condes'],
  ])('finds nothing for %s', async (_case, text) => {
    expect(await geocoder.geocode({ address: text }, 'cl')).toEqual([]);
  });

  it('answers an empty list for a place_id of the other country, and refuses a foreign one', async () => {
    const [suggestion] = await geocoder.autocomplete('Avenida Apoquindo 4500, Las Condes', 'cl');
    expect(await geocoder.geocode({ placeId: suggestion?.place_id ?? '' }, 'mx')).toEqual([]);
    await expect(geocoder.geocode({ placeId: 'ChIJN1t_tDeuEmsRUsoyG83frY4' }, 'cl')).rejects.toThrow(
      'place_id',
    );
    await expect(geocoder.geocode({ placeId: 'lcl1_bm90LWpzb24' }, 'cl')).rejects.toThrow('place_id');
  });
});

describe('gazetteer', () => {
  it('knows every Chilean commune, each resolving in its own region', async () => {
    const listed = CHILEAN_REGIONS.flatMap((region) =>
      region.communes.map((commune) => [commune, region.name]),
    );
    expect(listed).toHaveLength(346);
    for (const [commune, region] of listed) {
      const [candidate] = await geocoder.geocode({ address: `Calle Uno 100, ${commune}, ${region}` }, 'cl');
      expect(candidate, commune).toMatchObject({ commune, region });
    }
  });

  it('has a point for every Mexico City alcaldía and each Chilean commune', () => {
    expect(allPlaces('cl').filter((place) => !place.locality)).toHaveLength(346);
    expect(allPlaces('mx').filter((place) => place.region === 'Ciudad de México')).toHaveLength(16);
    expect(communePoint('mx', 'Benito Juárez', '09')).toEqual({ lat: 19.371992, lng: -99.157853 });
    expect(communePoint('cl', 'providencia')).toEqual({ lat: -33.4362, lng: -70.609 });
    expect(communePoint('mx', 'Benito Juárez', 'Ciudad de México')).toEqual({
      lat: 19.371992,
      lng: -99.157853,
    });
    expect(communePoint('cl', 'Las Condes', 'Región Metropolitana')).not.toBeNull();
    expect(communePoint('cl', 'Gotham')).toBeNull();
  });
});
