import { suggestionsNeedingPostalCode } from '@visita/domain/addresses';
import type { CountryCode } from '@visita/domain/locale';
import {
  type GeocodedCandidate,
  type Geocoder,
  GeocoderUnavailableError,
  InvalidPlaceIdError,
  type PlaceSuggestion,
} from './geocoder.ts';
import { type FetchLike, getJson, isRecord, type RawPlace, text, toCandidates } from './remote-support.ts';

const AUTOCOMPLETE_URL = 'https://maps.googleapis.com/maps/api/place/autocomplete/json';
const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
/** The maps calls ask for Latin-American Spanish. */
const LANGUAGE = 'es-419';

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

function componentsOf(result: Record<string, unknown>): AddressComponent[] {
  const list = Array.isArray(result.address_components) ? result.address_components : [];
  return list.filter(
    (item): item is AddressComponent =>
      isRecord(item) && typeof item.long_name === 'string' && Array.isArray(item.types),
  );
}

/** Google answers a status beside its results; only OK and ZERO_RESULTS are answers. */
function checkStatus(body: unknown, service: string, byPlaceId = false): Record<string, unknown> {
  if (!isRecord(body) || typeof body.status !== 'string') {
    throw new GeocoderUnavailableError(`${service}: respuesta sin estado`);
  }
  if (body.status === 'OK' || body.status === 'ZERO_RESULTS' || body.status === 'NOT_FOUND') return body;
  // A malformed or foreign place_id is the caller's mistake, not the service being down.
  if (byPlaceId && body.status === 'INVALID_REQUEST') throw new InvalidPlaceIdError();
  // error_message may quote the request; it goes to the log only through this message.
  throw new GeocoderUnavailableError(`${service}: ${body.status}`);
}

/** One Geocoding API result (documented answer format) as our candidate(s). */
function googleResultToCandidates(
  result: Record<string, unknown>,
  country: CountryCode,
  typedText = '',
): GeocodedCandidate[] {
  const components = componentsOf(result);
  const first = (...types: string[]) =>
    types.map((type) => components.find((c) => c.types.includes(type))?.long_name).find(Boolean) ?? null;
  const geometry =
    isRecord(result.geometry) && isRecord(result.geometry.location) ? result.geometry.location : {};
  const raw: RawPlace = {
    streetNumber: first('street_number'),
    street: first('route'),
    // Chile: the comuna is administrative_area_level_3 (locality is sometimes the city, 'Santiago').
    // Mexico: the municipality or alcaldía, which Google puts at different levels by state.
    communeNames:
      country === 'cl'
        ? [first('administrative_area_level_3'), first('locality'), first('administrative_area_level_2')]
        : [
            first('administrative_area_level_3'),
            first('sublocality_level_1'),
            first('locality'),
            first('administrative_area_level_2'),
          ],
    region: first('administrative_area_level_1'),
    sublocality:
      country === 'mx' ? first('sublocality_level_2', 'sublocality_level_1', 'neighborhood') : null,
    zipCode: first('postal_code'),
    country: first('country'),
    lat: typeof geometry.lat === 'number' ? geometry.lat : null,
    lng: typeof geometry.lng === 'number' ? geometry.lng : null,
    placeId: text(result.place_id),
    formattedAddress: text(result.formatted_address),
  };
  return toCandidates(raw, country, typedText);
}

/**
 * Google Places Autocomplete (restricted to the country and to addresses) and Geocoding (by
 * place_id, or by address with the country as a component), in es-419. The key is added here,
 * on the server, and never leaves it.
 */
export function createGoogleGeocoder(apiKey: string, fetchImpl: FetchLike = fetch): Geocoder {
  async function geocodeRaw(
    params: Record<string, string>,
    byPlaceId: boolean,
  ): Promise<Array<Record<string, unknown>>> {
    const url = new URL(GEOCODE_URL);
    for (const [name, value] of Object.entries({ ...params, language: LANGUAGE, key: apiKey }))
      url.searchParams.set(name, value);
    const body = checkStatus(
      await getJson(fetchImpl, url, 'Google Geocoding'),
      'Google Geocoding',
      byPlaceId,
    );
    return Array.isArray(body.results) ? body.results.filter(isRecord) : [];
  }

  async function postalCodeOf(placeId: string, country: CountryCode): Promise<string | null> {
    try {
      const [result] = await geocodeRaw({ place_id: placeId }, true);
      return result ? (googleResultToCandidates(result, country)[0]?.zip_code ?? null) : null;
    } catch {
      // The postal code is a nicety of the suggestion list; the suggestion stands without it.
      return null;
    }
  }

  return {
    kind: 'google',
    async autocomplete(input, country) {
      const url = new URL(AUTOCOMPLETE_URL);
      url.searchParams.set('input', input);
      url.searchParams.set('components', `country:${country}`);
      url.searchParams.set('types', 'address');
      url.searchParams.set('language', LANGUAGE);
      url.searchParams.set('key', apiKey);
      const body = checkStatus(await getJson(fetchImpl, url, 'Google Places'), 'Google Places');
      const predictions = Array.isArray(body.predictions) ? body.predictions.filter(isRecord) : [];
      const suggestions: PlaceSuggestion[] = predictions.flatMap((prediction) => {
        const description = text(prediction.description);
        const placeId = text(prediction.place_id);
        if (!description || !placeId) return [];
        const formatting = isRecord(prediction.structured_formatting) ? prediction.structured_formatting : {};
        return [
          {
            description,
            place_id: placeId,
            structured_formatting: {
              main_text: text(formatting.main_text) ?? description,
              secondary_text: text(formatting.secondary_text),
            },
            ...(country === 'mx' ? { zipCode: null } : {}),
          },
        ];
      });
      // In Mexico the postal code is looked up for the first 2 suggestions only.
      const needing = suggestionsNeedingPostalCode(suggestions, country);
      const codes = await Promise.all(needing.map((s) => postalCodeOf(s.place_id, country)));
      needing.forEach((s, i) => {
        s.zipCode = codes[i] ?? null;
      });
      return suggestions;
    },
    async geocode(request, country) {
      if ('placeId' in request) {
        const results = await geocodeRaw({ place_id: request.placeId }, true);
        return results.flatMap((result) => googleResultToCandidates(result, country));
      }
      const results = await geocodeRaw({ address: request.address, components: `country:${country}` }, false);
      return results.flatMap((result) => googleResultToCandidates(result, country, request.address));
    },
  };
}
