import { z } from 'zod';
import { COUNTRY_CODES } from '../locale.ts';
import { countryCodeSchema, latitudeSchema, longitudeSchema } from './common.ts';

export const addressSuggestionSchema = z.object({
  description: z.string(),
  place_id: z.string(),
  structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string().nullish() }),
  zipCode: z.string().nullish(),
});
export type AddressSuggestionWire = z.infer<typeof addressSuggestionSchema>;
export const autocompleteAnswerSchema = z.object({ results: z.array(addressSuggestionSchema) });
export type AutocompleteAnswer = z.infer<typeof autocompleteAnswerSchema>;

export const geocodedPlaceSchema = z.object({
  street_number: z.string().nullish(),
  street: z.string().nullish(),
  commune: z.string().nullish(),
  region: z.string().nullish(),
  country: z.string().nullish(),
  sublocality: z.string().nullish(),
  zip_code: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  place_id: z.string().nullish(),
  formatted_address: z.string().nullish(),
});
export type GeocodedPlaceWire = z.infer<typeof geocodedPlaceSchema>;
export const geocodeAnswerSchema = z.object({ results: z.array(geocodedPlaceSchema) });
export type GeocodeAnswer = z.infer<typeof geocodeAnswerSchema>;

/** GET /v2/sector/sector-from-coordinates/: lng, lat, country, sales_source; null outside coverage. */
export const sectorQuerySchema = z.object({
  lng: longitudeSchema,
  lat: latitudeSchema,
  country: countryCodeSchema,
  sales_source: z.string().trim().min(1).max(100),
});
export type SectorQuery = z.infer<typeof sectorQuerySchema>;
export type SectorQueryInput = z.input<typeof sectorQuerySchema>;
export const sectorAnswerSchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type SectorAnswer = z.infer<typeof sectorAnswerSchema>;

// ---- The places queries: Spanish messages naming each field, and no characters an address
// never has (markup, control and bidirectional-override characters) reach a geocoder. ----

/** 'cl' | 'mx', also written 'Chile'/'México'. */
const placesCountrySchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const key = value.trim().toLowerCase();
    return ({ chile: 'cl', mexico: 'mx', méxico: 'mx' } as Record<string, string>)[key] ?? key;
  },
  z.enum(COUNTRY_CODES, { error: 'El país (country) debe ser cl o mx.' }),
);

// Letters, marks, digits, spaces and the punctuation addresses use ('#', '°', 'N.º', "O'Higgins", '1/2').
const ADDRESS_TEXT = /^[\p{L}\p{M}\p{N} .,#°º'’"\-/()&:]*$/u;

const addressTextSchema = (field: string, label: string, max: number) =>
  z
    .string({ error: `Falta ${label} (${field}).` })
    .transform((value) => value.normalize('NFC').replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, `Falta ${label} (${field}).`)
        .max(max, `${capitalize(label)} (${field}) no puede superar ${max} caracteres.`)
        .regex(ADDRESS_TEXT, `${capitalize(label)} (${field}) contiene caracteres no permitidos.`),
    );

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const PLACES_INPUT_MAX_LENGTH = 200;
export const PLACE_ID_MAX_LENGTH = 512;

/** GET /v2/places/autocomplete/: suggestions restricted to the country and to addresses. */
export const autocompleteQuerySchema = z.object({
  input: addressTextSchema('input', 'la dirección', PLACES_INPUT_MAX_LENGTH),
  country: placesCountrySchema,
});
export type AutocompleteQuery = z.infer<typeof autocompleteQuerySchema>;

/** GET /v2/places/geocode/: by place_id, or by the typed address restricted to the country. */
export const geocodeQuerySchema = z
  .object({
    place_id: z
      .string()
      .trim()
      .min(1, 'El identificador de lugar (place_id) está vacío.')
      .max(PLACE_ID_MAX_LENGTH, 'El identificador de lugar (place_id) es demasiado largo.')
      .regex(/^[A-Za-z0-9_\-.:]+$/, 'El identificador de lugar (place_id) no es válido.')
      .optional(),
    address: addressTextSchema('address', 'la dirección', 300).optional(),
    country: placesCountrySchema,
  })
  .refine((query) => query.place_id !== undefined || query.address !== undefined, {
    message: 'Falta el identificador de lugar (place_id) o la dirección (address).',
    path: ['place_id'],
  });
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;
