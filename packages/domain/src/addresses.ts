import { CHILEAN_REGIONS, type ChileanRegion, COMMUNE_ALIASES } from './cl-regions.ts';
import {
  ADDITIONAL_INFO_MAX_LENGTH,
  APARTMENT_NUMBER_MAX_LENGTH,
  MX_POSTAL_CODE_SUGGESTIONS_MAX,
  RESIDENCE_TYPES,
  type ResidenceType,
} from './constants.ts';
import { communeKey } from './insurance.ts';
import type { CountryCode } from './locale.ts';
import { maxLengthMessage } from './validators/required.ts';

// ---- Texts ----

export const ADDRESS_SEARCH_PLACEHOLDER = 'Ingresa tu calle y número';
export const ADDRESS_SERVICES_SUBTITLE = 'Confirmaremos la disponibilidad de tus servicios con ella';
export const ADDRESS_LOGIN_PROMPT = 'Inicia sesión para ver tus direcciones';
export const APARTMENT_NUMBER_EXAMPLE = '305';
export const ADDITIONAL_INFO_EXAMPLE = 'Casa B en condominio, timbre malo';
export const ADDRESS_REQUIRED_MESSAGE = 'Ingresa una dirección';
export const APARTMENT_REQUIRED_MESSAGE = 'Ingresa el número de departamento';
export const NO_ADDRESS_SELECTED_MESSAGE = 'No se ha seleccionado una dirección';
export const OUT_OF_COVERAGE_TITLE = 'Fuera de zona de cobertura';
export const OUT_OF_COVERAGE_MESSAGE = 'Todavía no llegamos a esta dirección';
export const ADDRESS_OUT_OF_RANGE_ERROR = 'address-out-of-range';
export const LAB_PARTNER_OUT_OF_COVERAGE_MESSAGE = 'Sin cobertura en esta área. Ingresa otra ubicación';
export const NO_NURSES_ERROR = 'no-nurses-for-given-location';
export const NO_NURSES_MESSAGE = 'No hay enfermeras disponibles para la dirección dada';
/** Mexico's colony when the geocoder gives no sublocality. */
export const DEFAULT_COLONY = 'Otra';

export { maxLengthMessage };

export { RESIDENCE_TYPES, type ResidenceType };
export const RESIDENCE_TYPE_LABELS: Readonly<Record<ResidenceType, string>> = {
  house: 'Casa',
  apartment: 'Departamento',
  unknown: 'Otro',
};

/** The address as the client holds it. */
export interface Address {
  country: CountryCode;
  region: string;
  commune: string;
  colony?: string | null;
  street: string;
  number: string;
  type: ResidenceType;
  latitude: number;
  longitude: number;
  apartmentNumber?: string | null;
  additionalInfo?: string | null;
  zip_code?: string | null;
  target_address?: string | null;
  placeId?: string | null;
  lastMileFolio?: string | null;
}

// ---- Search and suggestions ----

/** Text with both a letter and a digit triggers suggestions (after the debounce). */
export function shouldSearchAddress(text: string): boolean {
  return /\p{L}/u.test(text) && /\d/.test(text);
}

export interface AddressSuggestion {
  description: string;
  place_id: string;
  structured_formatting: { main_text: string };
  zipCode?: string | null;
}

/** Only suggestions whose main text has a digit (a street number) are kept. */
export function keepNumberedSuggestions<T extends Pick<AddressSuggestion, 'structured_formatting'>>(
  suggestions: readonly T[],
): T[] {
  return suggestions.filter((suggestion) => /\d/.test(suggestion.structured_formatting.main_text));
}

/** For Mexico the postal code is fetched for at most the first 2 suggestions; Chile needs none. */
export function suggestionsNeedingPostalCode<T>(suggestions: readonly T[], countryCode: CountryCode): T[] {
  return countryCode === 'mx' ? suggestions.slice(0, MX_POSTAL_CODE_SUGGESTIONS_MAX) : [];
}

// ---- Geocoding to candidates ----

/** What a geocoder tells about one place, before the product's rules. */
export interface GeocodedPlace {
  street_number?: string | null;
  street?: string | null;
  commune?: string | null;
  region?: string | null;
  country?: string | null;
  sublocality?: string | null;
  zip_code?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  place_id?: string | null;
  formatted_address?: string | null;
}

/**
 * Street numbers to try: the geocoder's, else every distinct number typed (several numbers give
 * several candidates, e.g. 'Avenida 10 de Julio 1500').
 */
export function streetNumberCandidates(
  geocoderNumber: string | null | undefined,
  typedText: string,
): string[] {
  const fromGeocoder = geocoderNumber?.trim();
  if (fromGeocoder) return [fromGeocoder];
  return [...new Set(typedText.match(/\d+/g) ?? [])];
}

/** A geocoded result is accepted only with street number, street, commune, region, country and coordinates. */
export function isCompleteGeocode(place: GeocodedPlace): boolean {
  return (
    Boolean(place.street_number?.trim()) &&
    Boolean(place.street?.trim()) &&
    Boolean(place.commune?.trim()) &&
    Boolean(place.region?.trim()) &&
    Boolean(place.country?.trim()) &&
    typeof place.longitude === 'number' &&
    Number.isFinite(place.longitude) &&
    typeof place.latitude === 'number' &&
    Number.isFinite(place.latitude)
  );
}

// Shorter spellings geocoders use, by region code.
const REGION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '06': ["O'Higgins", "Región de O'Higgins"],
  '08': ['Bío Bío', 'Bio-Bio'],
  '09': ['Araucanía'],
  '11': ['Aysén', 'Aisén'],
  '12': ['Magallanes', 'Magallanes y Antártica Chilena'],
  '13': ['Región Metropolitana', 'Metropolitana', 'Santiago Metropolitan Region', 'Santiago Metropolitan'],
};

let regionIndex: Map<string, ChileanRegion> | null = null;
let communeAliasIndex: Map<string, string> | null = null;

// Built on first use so that importing this module costs nothing to a bundle that never looks a region up.
function regionsByKey(): Map<string, ChileanRegion> {
  if (regionIndex) return regionIndex;
  regionIndex = new Map();
  for (const region of CHILEAN_REGIONS) {
    const bare = region.name.replace(/^Región (?:de la |del |de )?/, '');
    const names = [region.name, region.shortName, region.abbreviation, region.iso, bare];
    for (const name of [...names, ...(REGION_ALIASES[region.code] ?? [])])
      regionIndex.set(communeKey(name), region);
  }
  return regionIndex;
}

function communeAliases(): Map<string, string> {
  communeAliasIndex ??= new Map(
    Object.entries(COMMUNE_ALIASES).map(([alias, listed]) => [communeKey(alias), listed]),
  );
  return communeAliasIndex;
}

/** The Chilean region a name refers to, however it is written (short, full, ISO code, abbreviation). */
export function findChileanRegion(name: string | null | undefined): ChileanRegion | null {
  return name ? (regionsByKey().get(communeKey(name)) ?? null) : null;
}

/** Region short names are normalised to full names ('Metropolitana de Santiago' -> 'Región Metropolitana de Santiago'). */
export function normalizeRegion(name: string, countryCode: CountryCode): string {
  if (countryCode !== 'cl') return name;
  return findChileanRegion(name)?.name ?? name;
}

/** The commune's listed name within its region, or null when the region does not list it. */
export function communeInRegion(commune: string, region: string): string | null {
  const found = findChileanRegion(region);
  if (!found) return null;
  const key = communeKey(communeAliases().get(communeKey(commune)) ?? commune);
  return found.communes.find((listed) => communeKey(listed) === key) ?? null;
}

/** Chile: the commune must be in the product's list for its region. */
export function isCommuneInRegion(commune: string, region: string): boolean {
  return communeInRegion(commune, region) !== null;
}

/**
 * Candidate addresses of a geocoded place: one per street number, incomplete ones
 * dropped, Chilean regions written in full and communes checked against their region, Mexican
 * colonies from the sublocality or 'Otra'. The coverage check (I/O) then filters these.
 */
export function addressCandidates(
  place: GeocodedPlace,
  typedText: string,
  countryCode: CountryCode,
): Address[] {
  return streetNumberCandidates(place.street_number, typedText).flatMap((number) => {
    const candidate = { ...place, street_number: number };
    if (!isCompleteGeocode(candidate)) return [];
    let commune = (candidate.commune as string).trim();
    const region = normalizeRegion((candidate.region as string).trim(), countryCode);
    if (countryCode === 'cl') {
      const listed = communeInRegion(commune, region);
      if (!listed) return [];
      commune = listed;
    }
    const address: Address = {
      country: countryCode,
      region,
      commune,
      street: (candidate.street as string).trim(),
      number,
      type: 'house',
      latitude: candidate.latitude as number,
      longitude: candidate.longitude as number,
      zip_code: candidate.zip_code ?? null,
      placeId: candidate.place_id ?? null,
      target_address: candidate.formatted_address ?? null,
    };
    if (countryCode === 'mx') address.colony = candidate.sublocality?.trim() || DEFAULT_COLONY;
    return [address];
  });
}

// ---- The address form ----

export interface AddressFormInput {
  address: Pick<Address, 'street'> | null | undefined;
  type: ResidenceType;
  apartmentNumber?: string | null;
  additionalInfo?: string | null;
}
export type AddressFormErrors = Partial<Record<'address' | 'apartmentNumber' | 'additionalInfo', string>>;

/**
 * The address step's rules: an address chosen; an apartment needs its number (max 100);
 * additional information optional, max 500.
 */
export function validateAddressForm(input: AddressFormInput): AddressFormErrors {
  const errors: AddressFormErrors = {};
  if (!input.address) errors.address = ADDRESS_REQUIRED_MESSAGE;
  const apartment = input.apartmentNumber?.trim() ?? '';
  if (input.type === 'apartment' && apartment === '') errors.apartmentNumber = APARTMENT_REQUIRED_MESSAGE;
  else if (apartment.length > APARTMENT_NUMBER_MAX_LENGTH) {
    errors.apartmentNumber = maxLengthMessage(APARTMENT_NUMBER_MAX_LENGTH);
  }
  if ((input.additionalInfo?.trim().length ?? 0) > ADDITIONAL_INFO_MAX_LENGTH) {
    errors.additionalInfo = maxLengthMessage(ADDITIONAL_INFO_MAX_LENGTH);
  }
  return errors;
}

/** 'Continuar' is enabled once an address is chosen and the apartment rule passes. */
export function canContinueAddress(input: AddressFormInput): boolean {
  return Object.keys(validateAddressForm(input)).length === 0;
}

// ---- To and from the wire ----

/** 'street number' as address_line_1. */
export function addressLine(address: Pick<Address, 'street' | 'number'>): string {
  return `${address.street} ${address.number}`.trim();
}

/** 'street number, commune, region[, country]' as target_address. */
export function targetAddress(
  address: Pick<Address, 'street' | 'number' | 'commune' | 'region'>,
  country?: string | null,
): string {
  return [addressLine(address), address.commune, address.region, country].filter(Boolean).join(', ');
}

/** The medical-order residence type: 'apartment' if an apartment number exists, else 'house'. */
export function orderResidenceType(apartmentNumber: string | null | undefined): 'apartment' | 'house' {
  return apartmentNumber?.trim() ? 'apartment' : 'house';
}

/** The appointment address fields ('Appointment address response'), as sent and read. */
export interface AppointmentAddressFields {
  country: CountryCode;
  region: string;
  comuna: string;
  colony: string | null;
  address_line_1: string;
  target_street_number: string;
  target_residence_type: ResidenceType;
  target_lat: number;
  target_lng: number;
  target_apartment_number: string | null;
  target_address_additional_info: string | null;
  zip_code: string | null;
  target_address: string;
}

export function toAppointmentAddress(address: Address): AppointmentAddressFields {
  return {
    country: address.country,
    region: address.region,
    comuna: address.commune,
    colony: address.colony ?? null,
    address_line_1: addressLine(address),
    target_street_number: address.number,
    target_residence_type: address.type,
    target_lat: address.latitude,
    target_lng: address.longitude,
    target_apartment_number: address.apartmentNumber?.trim() || null,
    target_address_additional_info: address.additionalInfo?.trim() || null,
    zip_code: address.zip_code ?? null,
    target_address: address.target_address || targetAddress(address),
  };
}

/** The address held by the client from an appointment's address (cart-maker and appointment loads). */
export function fromAppointmentAddress(fields: AppointmentAddressFields): Address {
  const number = fields.target_street_number;
  const line = fields.address_line_1.trim();
  const street = line.endsWith(` ${number}`) ? line.slice(0, -number.length - 1) : line;
  return {
    country: fields.country,
    region: fields.region,
    commune: fields.comuna,
    colony: fields.colony,
    street,
    number,
    type: fields.target_residence_type,
    latitude: fields.target_lat,
    longitude: fields.target_lng,
    apartmentNumber: fields.target_apartment_number,
    additionalInfo: fields.target_address_additional_info,
    zip_code: fields.zip_code,
    target_address: fields.target_address,
  };
}
