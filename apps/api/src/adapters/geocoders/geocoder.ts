import type { GeocodedPlaceWire, AddressSuggestionWire } from '@visita/domain/contract/places';
import type { CountryCode } from '@visita/domain/locale';

/** An autocomplete suggestion: description, place_id, structured text, zipCode in Mexico. */
export type PlaceSuggestion = AddressSuggestionWire;

/**
 * One candidate address: street, number, commune, region in full, country,
 * coordinates; Mexico's colony in `sublocality`. The widget applies the product's rules and the
 * coverage check to these.
 */
export type GeocodedCandidate = GeocodedPlaceWire;

/** Geocode a suggestion's place_id, or an address typed in full (restricted to the country). */
export type GeocodeRequest = { placeId: string } | { address: string };

/** The outside world's address service, behind one shape whichever GEOCODER is configured. */
export interface Geocoder {
  readonly kind: 'local' | 'google' | 'nominatim';
  autocomplete(input: string, country: CountryCode): Promise<PlaceSuggestion[]>;
  geocode(request: GeocodeRequest, country: CountryCode): Promise<GeocodedCandidate[]>;
}

/**
 * The remote service could not be used (network, timeout, refused key, quota, unreadable answer).
 * Its message is for the log only; the API answers a generic 502.
 */
export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailableError';
  }
}

/** A place_id this geocoder cannot have issued (the caller's mistake: a 400). */
export class InvalidPlaceIdError extends Error {
  constructor() {
    super('invalid place_id');
    this.name = 'InvalidPlaceIdError';
  }
}
