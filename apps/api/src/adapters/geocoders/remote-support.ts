import { streetNumberCandidates } from '@visita/domain/addresses';
import { countryName, type CountryCode } from '@visita/domain/locale';
import { findPlaces, findRegion } from './gazetteer.ts';
import { type GeocodedCandidate, GeocoderUnavailableError } from './geocoder.ts';

export type FetchLike = typeof fetch;

/** A remote geocoder that has not answered in this time is as good as down. */
const REMOTE_TIMEOUT_MS = 8000;

/**
 * GET a JSON answer. Any failure becomes GeocoderUnavailableError whose message names the service
 * and the status but never the URL, which may carry the API key.
 */
export async function getJson(
  fetchImpl: FetchLike,
  url: URL,
  service: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GeocoderUnavailableError(`${service}: sin respuesta (${(error as Error)?.name ?? 'error'})`);
  }
  if (!response.ok) throw new GeocoderUnavailableError(`${service}: HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new GeocoderUnavailableError(`${service}: respuesta que no es JSON`);
  }
}

/** What a remote service says about one place, before our normalisation. */
export interface RawPlace {
  streetNumber?: string | null;
  street?: string | null;
  /** Names that may be the commune/municipality, the likeliest first (services disagree on the level). */
  communeNames: Array<string | null | undefined>;
  region?: string | null;
  sublocality?: string | null;
  zipCode?: string | null;
  country?: string | null;
  lat?: number | null;
  lng?: number | null;
  placeId?: string | null;
  formattedAddress?: string | null;
}

/**
 * The same candidate shape whatever the service: Chilean regions and Mexican states by their full
 * names, the commune as the product lists it (the first name the gazetteer knows within the
 * region), Mexico's colony defaulting to 'Otra', and, when the service gives no house number, one
 * candidate per number of the typed text.
 */
export function toCandidates(raw: RawPlace, country: CountryCode, typedText = ''): GeocodedCandidate[] {
  if (typeof raw.lat !== 'number' || typeof raw.lng !== 'number') return [];
  if (!Number.isFinite(raw.lat) || !Number.isFinite(raw.lng)) return [];
  const region = raw.region ? findRegion(country, raw.region) : null;
  const names = raw.communeNames.map((name) => name?.trim()).filter((name): name is string => Boolean(name));
  const known = names
    .map((name) => findPlaces(country, name, region?.code)[0])
    .find((place) => place !== undefined);
  const commune = known?.name ?? names[0] ?? null;
  const regionName = region?.name ?? known?.region ?? raw.region ?? null;
  let sublocality: string | null = null;
  if (country === 'mx') {
    const colony = raw.sublocality?.trim();
    sublocality = colony && colony !== commune ? colony : 'Otra';
  }
  const numbers = streetNumberCandidates(raw.streetNumber, typedText);
  return (numbers.length > 0 ? numbers : [null]).map((number) => ({
    street_number: number,
    street: raw.street?.trim() || null,
    commune,
    region: regionName,
    country: raw.country?.trim() || countryName(country),
    sublocality,
    zip_code: raw.zipCode?.trim() || null,
    latitude: raw.lat as number,
    longitude: raw.lng as number,
    place_id: raw.placeId ?? null,
    formatted_address: raw.formattedAddress ?? null,
  }));
}

/** Records are objects; anything else in a list is skipped rather than trusted. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
