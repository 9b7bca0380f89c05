import { describe, expect, it } from 'vitest';
import { GeocoderUnavailableError, InvalidPlaceIdError } from './geocoder.ts';
import { createNominatimGeocoder, NOMINATIM_USER_AGENT } from './nominatim-geocoder.ts';
import { NOMINATIM_SEARCH_CL, NOMINATIM_SEARCH_MX_ROAD, recordedFetch } from './recorded-answers.ts';
import type { FetchLike } from './remote-support.ts';

const BASE = 'https://nominatim.example.org';

describe('nominatim geocoder', () => {
  it('searches with jsonv2, address details, the country, Spanish and a User-Agent', async () => {
    const { fetchImpl, calls } = recordedFetch(() => ({ body: NOMINATIM_SEARCH_CL }));
    const headers: Array<Headers> = [];
    const spying = ((input: URL, init?: RequestInit) => {
      headers.push(new Headers(init?.headers));
      return fetchImpl(input, init);
    }) as FetchLike;
    const [candidate] = await createNominatimGeocoder(BASE, spying).geocode(
      { address: 'Avenida Apoquindo 4500, Las Condes' },
      'cl',
    );
    expect(candidate).toMatchObject({
      street: 'Avenida Apoquindo',
      street_number: '4500',
      commune: 'Las Condes',
      region: 'Región Metropolitana de Santiago',
      country: 'Chile',
      zip_code: '7550000',
      latitude: -33.4133901,
      longitude: -70.5838712,
    });
    const [url] = calls;
    expect(url?.origin + (url?.pathname ?? '')).toBe(`${BASE}/search`);
    expect(Object.fromEntries(url?.searchParams ?? [])).toMatchObject({
      q: 'Avenida Apoquindo 4500, Las Condes',
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'cl',
      'accept-language': 'es',
    });
    expect(headers[0]?.get('user-agent')).toBe(NOMINATIM_USER_AGENT);
  });

  it('keeps the typed number when OSM knows only the road, and resolves the suggestion by /lookup', async () => {
    const { fetchImpl, calls } = recordedFetch(() => ({ body: NOMINATIM_SEARCH_MX_ROAD }));
    const geocoder = createNominatimGeocoder(`${BASE}/`, fetchImpl);
    const [suggestion] = await geocoder.autocomplete('Insurgentes Sur 1000, Benito Juárez', 'mx');
    expect(suggestion).toMatchObject({
      structured_formatting: { main_text: 'Avenida de los Insurgentes Sur 1000' },
      zipCode: '03100',
    });
    expect(suggestion?.description).toContain('Benito Juárez, Ciudad de México');
    const [candidate] = await geocoder.geocode({ placeId: suggestion?.place_id ?? '' }, 'mx');
    expect(calls.at(-1)?.pathname).toBe('/lookup');
    expect(calls.at(-1)?.searchParams.get('osm_ids')).toBe('W25390845');
    expect(candidate).toMatchObject({
      street: 'Avenida de los Insurgentes Sur',
      street_number: '1000',
      commune: 'Benito Juárez',
      region: 'Ciudad de México',
      sublocality: 'Colonia del Valle Centro',
      zip_code: '03100',
    });
  });

  it('answers nothing for an empty list', async () => {
    const { fetchImpl } = recordedFetch(() => ({ body: [] }));
    const geocoder = createNominatimGeocoder(BASE, fetchImpl);
    expect(await geocoder.autocomplete('Calle que no existe 1', 'cl')).toEqual([]);
    expect(await geocoder.geocode({ address: 'Calle que no existe 1' }, 'cl')).toEqual([]);
  });

  it('treats an error object, an HTTP error or the network as unavailable', async () => {
    const cases: FetchLike[] = [
      recordedFetch(() => ({ body: { error: { code: 400, message: 'Parameter q missing' } } })).fetchImpl,
      recordedFetch(() => ({ status: 503, body: 'busy' })).fetchImpl,
      (async () => {
        throw new TypeError('fetch failed');
      }) as FetchLike,
    ];
    for (const fetchImpl of cases) {
      await expect(
        createNominatimGeocoder(BASE, fetchImpl).geocode({ address: 'Apoquindo 4500' }, 'cl'),
      ).rejects.toBeInstanceOf(GeocoderUnavailableError);
    }
  });

  it('refuses a place_id it did not issue', async () => {
    const { fetchImpl } = recordedFetch(() => ({ body: [] }));
    await expect(
      createNominatimGeocoder(BASE, fetchImpl).geocode({ placeId: 'ChIJ0wN8mVnPYpYRVYXQ1K8G4_g' }, 'cl'),
    ).rejects.toBeInstanceOf(InvalidPlaceIdError);
  });
});
