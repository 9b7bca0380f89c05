import { describe, expect, it } from 'vitest';
import { GeocoderUnavailableError, InvalidPlaceIdError } from './geocoder.ts';
import { createGoogleGeocoder } from './google-geocoder.ts';
import {
  GOOGLE_AUTOCOMPLETE_CL,
  GOOGLE_AUTOCOMPLETE_MX,
  GOOGLE_DENIED,
  GOOGLE_GEOCODE_CL,
  GOOGLE_GEOCODE_MX,
  GOOGLE_ZERO_RESULTS,
  recordedFetch,
} from './recorded-answers.ts';
import type { FetchLike } from './remote-support.ts';

const KEY = 'test-google-key';

describe('google geocoder', () => {
  it('asks Places Autocomplete for addresses in the country, in es-419, with the key', async () => {
    const { fetchImpl, calls } = recordedFetch(() => ({ body: GOOGLE_AUTOCOMPLETE_CL }));
    const suggestions = await createGoogleGeocoder(KEY, fetchImpl).autocomplete('Apoquindo 4500', 'cl');
    expect(suggestions).toEqual([
      {
        description: 'Avenida Apoquindo 4500, Las Condes, Chile',
        place_id: GOOGLE_AUTOCOMPLETE_CL.predictions[0]?.place_id,
        structured_formatting: { main_text: 'Avenida Apoquindo 4500', secondary_text: 'Las Condes, Chile' },
      },
    ]);
    const [url] = calls;
    expect(url?.origin + (url?.pathname ?? '')).toBe(
      'https://maps.googleapis.com/maps/api/place/autocomplete/json',
    );
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      input: 'Apoquindo 4500',
      components: 'country:cl',
      types: 'address',
      language: 'es-419',
      key: KEY,
    });
  });

  it('parses a Chilean Geocoding result, with the region written in full', async () => {
    const { fetchImpl, calls } = recordedFetch(() => ({ body: GOOGLE_GEOCODE_CL }));
    const candidates = await createGoogleGeocoder(KEY, fetchImpl).geocode(
      { placeId: 'ChIJ0wN8mVnPYpYRVYXQ1K8G4_g' },
      'cl',
    );
    expect(candidates).toEqual([
      {
        street_number: '4500',
        street: 'Avenida Apoquindo',
        commune: 'Las Condes',
        region: 'Región Metropolitana de Santiago',
        country: 'Chile',
        sublocality: null,
        zip_code: '7550000',
        latitude: -33.4133842,
        longitude: -70.5838654,
        place_id: 'ChIJ0wN8mVnPYpYRVYXQ1K8G4_g',
        formatted_address: 'Av. Apoquindo 4500, 7550000 Las Condes, Región Metropolitana, Chile',
      },
    ]);
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({
      place_id: 'ChIJ0wN8mVnPYpYRVYXQ1K8G4_g',
      language: 'es-419',
      key: KEY,
    });
  });

  it('geocodes typed text by components, one candidate per typed number when Google has none', async () => {
    const noNumber = structuredClone(GOOGLE_GEOCODE_CL);
    const [result] = noNumber.results;
    if (result)
      result.address_components = result.address_components.filter((c) => !c.types.includes('street_number'));
    const { fetchImpl, calls } = recordedFetch(() => ({ body: noNumber }));
    const candidates = await createGoogleGeocoder(KEY, fetchImpl).geocode(
      { address: 'Avenida Apoquindo 4500 depto 12, Las Condes' },
      'cl',
    );
    expect(candidates.map((c) => c.street_number)).toEqual(['4500', '12']);
    expect(calls[0]?.searchParams.get('components')).toBe('country:cl');
    expect(calls[0]?.searchParams.get('address')).toBe('Avenida Apoquindo 4500 depto 12, Las Condes');
  });

  it('reads a Mexican alcaldía, colony and postal code, and adds postal codes to the first 2 suggestions', async () => {
    const { fetchImpl, calls } = recordedFetch((url) => ({
      body: url.pathname.includes('autocomplete') ? GOOGLE_AUTOCOMPLETE_MX : GOOGLE_GEOCODE_MX,
    }));
    const geocoder = createGoogleGeocoder(KEY, fetchImpl);
    const suggestions = await geocoder.autocomplete('Insurgentes Sur 1000', 'mx');
    expect(suggestions.map((s) => s.zipCode)).toEqual(['03100', '03100', null]);
    // At most 2 postal-code look-ups.
    expect(calls.filter((url) => url.pathname.includes('geocode'))).toHaveLength(2);
    const [candidate] = await geocoder.geocode({ placeId: 'ChIJ9bY5QPf_0YURl3Xc2dWn6yY' }, 'mx');
    expect(candidate).toMatchObject({
      street: 'Avenida Insurgentes Sur',
      street_number: '1000',
      commune: 'Benito Juárez',
      region: 'Ciudad de México',
      sublocality: 'Del Valle Centro',
      zip_code: '03100',
      country: 'México',
    });
  });

  it('answers nothing for ZERO_RESULTS', async () => {
    const { fetchImpl } = recordedFetch(() => ({ body: GOOGLE_ZERO_RESULTS }));
    const geocoder = createGoogleGeocoder(KEY, fetchImpl);
    expect(await geocoder.autocomplete('Calle que no existe 1', 'cl')).toEqual([]);
    expect(await geocoder.geocode({ address: 'Calle que no existe 1' }, 'cl')).toEqual([]);
  });

  it('treats a refused key, a quota, an HTTP error, bad JSON or the network as unavailable, without the key', async () => {
    const cases: FetchLike[] = [
      recordedFetch(() => ({ body: GOOGLE_DENIED })).fetchImpl,
      recordedFetch(() => ({ body: { status: 'OVER_QUERY_LIMIT', results: [] } })).fetchImpl,
      recordedFetch(() => ({ status: 500, body: 'Internal error' })).fetchImpl,
      recordedFetch(() => ({ body: '<html>not json' })).fetchImpl,
      (async () => {
        throw new TypeError('fetch failed');
      }) as FetchLike,
    ];
    for (const fetchImpl of cases) {
      const error = await createGoogleGeocoder(KEY, fetchImpl)
        .geocode({ address: 'Apoquindo 4500' }, 'cl')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GeocoderUnavailableError);
      expect(String((error as Error).message)).not.toContain(KEY);
    }
  });

  it('refuses a place_id Google calls invalid', async () => {
    const { fetchImpl } = recordedFetch(() => ({ body: { status: 'INVALID_REQUEST', results: [] } }));
    await expect(
      createGoogleGeocoder(KEY, fetchImpl).geocode({ placeId: 'nope' }, 'cl'),
    ).rejects.toBeInstanceOf(InvalidPlaceIdError);
  });
});
