import { streetNumberCandidates } from '@visita/domain/addresses';
import { countryName, type CountryCode } from '@visita/domain/locale';
import { z } from 'zod';
import {
  type GeocodedCandidate,
  type Geocoder,
  GeocoderUnavailableError,
  InvalidPlaceIdError,
  type PlaceSuggestion,
} from './geocoder.ts';
import { type FetchLike, getJson, isRecord, type RawPlace, text, toCandidates } from './remote-support.ts';

/** Nominatim's usage policy asks every client to name itself. */
export const NOMINATIM_USER_AGENT = 'Visita/0.1 (reserva de servicios de salud a domicilio)';
const LIMIT = 5;

/**
 * Nominatim's own place_id is internal to one server and changes on re-import, so ours names the
 * OSM object (for /lookup) and the number the person typed when OSM knows only the street.
 */
const PREFIX = 'nom1_';
const nominatimPlaceSchema = z.object({
  o: z.string().regex(/^[NWR]\d{1,15}$/),
  n: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional(),
});
type NominatimPlace = z.infer<typeof nominatimPlaceSchema>;

function encodePlaceId(place: NominatimPlace): string {
  return PREFIX + Buffer.from(JSON.stringify(place), 'utf8').toString('base64url');
}

function decodePlaceId(placeId: string): NominatimPlace | null {
  if (!placeId.startsWith(PREFIX)) return null;
  try {
    const parsed = nominatimPlaceSchema.safeParse(
      JSON.parse(Buffer.from(placeId.slice(PREFIX.length), 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function osmId(result: Record<string, unknown>): string | null {
  const type = text(result.osm_type)?.charAt(0).toUpperCase();
  const id = result.osm_id;
  return type &&
    /^[NWR]$/.test(type) &&
    (typeof id === 'number' || typeof id === 'string') &&
    /^\d+$/.test(String(id))
    ? `${type}${id}`
    : null;
}

/** One jsonv2 result with addressdetails (documented format) as our raw place. */
function toRaw(result: Record<string, unknown>, country: CountryCode): RawPlace {
  const address = isRecord(result.address) ? result.address : {};
  const field = (...names: string[]) => names.map((name) => text(address[name])).find(Boolean) ?? null;
  const lat = Number.parseFloat(String(result.lat));
  const lng = Number.parseFloat(String(result.lon));
  return {
    streetNumber: field('house_number'),
    street: field('road', 'pedestrian', 'footway', 'residential'),
    // Chile's comunas are OSM admin_level 8, which Nominatim reports as city, town or village;
    // Mexico City's alcaldías come as borough, other municipalities as municipality or city.
    communeNames:
      country === 'cl'
        ? [field('city'), field('town'), field('village'), field('municipality'), field('suburb')]
        : [
            field('borough'),
            field('municipality'),
            field('city'),
            field('town'),
            field('village'),
            field('county'),
          ],
    region: field('state'),
    sublocality: country === 'mx' ? field('neighbourhood', 'suburb', 'quarter') : null,
    zipCode: field('postcode'),
    country: field('country'),
    lat: Number.isFinite(lat) ? lat : null,
    lng: Number.isFinite(lng) ? lng : null,
    formattedAddress: text(result.display_name),
  };
}

function resultsOf(body: unknown): Array<Record<string, unknown>> {
  // Errors come as an object ({"error": ...}); an answer is always a list, possibly empty.
  if (!Array.isArray(body)) throw new GeocoderUnavailableError('Nominatim: respuesta que no es una lista');
  return body.filter(isRecord);
}

/** An OpenStreetMap Nominatim server (NOMINATIM_URL): /search for both calls, /lookup by place_id. */
export function createNominatimGeocoder(baseUrl: string, fetchImpl: FetchLike = fetch): Geocoder {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const headers = { 'user-agent': NOMINATIM_USER_AGENT, 'accept-language': 'es' };

  async function call(path: 'search' | 'lookup', params: Record<string, string>) {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries({
      ...params,
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'es',
    }))
      url.searchParams.set(name, value);
    return resultsOf(await getJson(fetchImpl, url, 'Nominatim', headers));
  }

  const search = (query: string, country: CountryCode) =>
    call('search', { q: query, countrycodes: country, limit: String(LIMIT) });

  function withPlaceId(
    candidates: GeocodedCandidate[],
    result: Record<string, unknown>,
  ): GeocodedCandidate[] {
    const o = osmId(result);
    return candidates.map((candidate) => ({
      ...candidate,
      place_id: o
        ? encodePlaceId({ o, ...(candidate.street_number ? { n: candidate.street_number } : {}) })
        : null,
    }));
  }

  return {
    kind: 'nominatim',
    async autocomplete(input, country) {
      const results = await search(input, country);
      const typedNumber = streetNumberCandidates(null, input)[0];
      return results.flatMap((result): PlaceSuggestion[] => {
        const raw = toRaw(result, country);
        const o = osmId(result);
        const number = raw.streetNumber ?? typedNumber;
        if (!o || !raw.street) return [];
        const [candidate] = toCandidates(raw, country);
        const mainText = [raw.street, number].filter(Boolean).join(' ');
        const secondary = [
          country === 'mx' ? raw.sublocality : null,
          candidate?.commune,
          candidate?.region,
          countryName(country),
        ]
          .filter(Boolean)
          .join(', ');
        return [
          {
            description: secondary ? `${mainText}, ${secondary}` : mainText,
            place_id: encodePlaceId({ o, ...(number ? { n: number } : {}) }),
            structured_formatting: { main_text: mainText, secondary_text: secondary || null },
            ...(country === 'mx' ? { zipCode: raw.zipCode ?? null } : {}),
          },
        ];
      });
    },
    async geocode(request, country) {
      if ('placeId' in request) {
        const place = decodePlaceId(request.placeId);
        if (!place) throw new InvalidPlaceIdError();
        const results = await call('lookup', { osm_ids: place.o });
        return results.flatMap((result) =>
          withPlaceId(toCandidates(toRaw(result, country), country, place.n ?? ''), result),
        );
      }
      const results = await search(request.address, country);
      return results.flatMap((result) =>
        withPlaceId(toCandidates(toRaw(result, country), country, request.address), result),
      );
    },
  };
}
