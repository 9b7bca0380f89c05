import { z } from 'zod';
import { COUNTRY_CODES, parseCountry } from '../locale.ts';

/** Catalogue ids: the product never fixes their type, so numbers and strings both pass. */
export const itemIdSchema = z.union([z.number().int(), z.string().min(1)]);
export type ItemId = z.infer<typeof itemIdSchema>;

/** A sub-item as a pack (items) or panel (measures) lists it. */
export const subItemSchema = z.object({
  id: itemIdSchema,
  name: z.string().nullish(),
});
export type SubItem = z.infer<typeof subItemSchema>;

/** Catalogue item fields, snake_case as on the wire; most are optional there. */
export const catalogueItemSchema = z.object({
  id: itemIdSchema,
  name: z.string(),
  short_name: z.string().nullish(),
  display_name: z.string().nullish(),
  description: z.string().nullish(),
  slug: z.string().nullish(),
  price: z.number().nullish(),
  is_promotion: z.boolean().nullish(),
  promotion_price: z.number().nullish(),
  category: z.string().nullish(),
  active: z.boolean().nullish(),
  country: z.string().nullish(),
  items: z.array(subItemSchema).nullish(),
  measures: z.array(subItemSchema).nullish(),
  stackable: z.boolean().nullish(),
  fast_hours: z.number().nonnegative().nullish(),
  results_hours: z.number().nonnegative().nullish(),
  cms_data: z.object({ slug: z.string().nullish() }).nullish(),
  fonasa_copayment: z.number().nullish(),
  fonasa_price: z.number().nullish(),
  allows_fonasa: z.boolean().nullish(),
  image: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  resourcetype: z.string().nullish(),
  allows_more_items_in_cart: z.boolean().nullish(),
  is_familiar: z.boolean().nullish(),
  number_of_patients: z.number().int().nonnegative().nullish(),
  service_fee: z.number().nullish(),
  fonasa_service_fee: z.number().nullish(),
  results_on_business_days: z.boolean().nullish(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

// ---- Calls ----

/** GET /v2/items/ answers { results }; only priced items are kept by the reader. */
export const itemsAnswerSchema = z.object({ results: z.array(catalogueItemSchema) });
export type ItemsAnswer = z.infer<typeof itemsAnswerSchema>;

/** GET /v2/packs/ answers a plain list. */
export const packsAnswerSchema = z.array(catalogueItemSchema);
export type PacksAnswer = z.infer<typeof packsAnswerSchema>;

export const searchAnswerSchema = z.object({ data: z.array(catalogueItemSchema) });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

// ---- Request schemas as the API reads them: the same fields, Spanish errors naming the field ----

/** Catalogue ids are positive integers that fit the database's integer column. */
const CATALOGUE_ID_PATTERN = /^\d{1,9}$/;
export const MAX_CATALOGUE_IDS = 200;

/** Control characters (NUL above all, which PostgreSQL refuses) can never be a source, commune or category. */
const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** A list of catalogue ids given once, repeated or comma-separated; numbers on output. */
const catalogueIdListSchema = (field: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      const values = Array.isArray(value) ? value : [value];
      return values
        .flatMap((entry) => String(entry).split(','))
        .map((entry) => entry.trim())
        .filter(Boolean);
    },
    z
      .array(z.string())
      .max(MAX_CATALOGUE_IDS, `Se admiten hasta ${MAX_CATALOGUE_IDS} identificadores (${field}).`)
      .refine(
        (ids) => ids.every((id) => CATALOGUE_ID_PATTERN.test(id)),
        `Los identificadores (${field}) deben ser números enteros.`,
      )
      .transform((ids) => [...new Set(ids.map(Number))]),
  );

const NO_CATEGORY: ReadonlySet<string> = new Set(['all', 'null']);

/** A short optional text (source, commune, category) with a Spanish message naming the field. */
const queryTextSchema = (label: string, field: string) =>
  z
    .string({ error: `${label} (${field}) debe ser un texto.` })
    .trim()
    .max(100, `${label} (${field}) admite hasta 100 caracteres.`)
    .refine((value) => !hasControlCharacter(value), `${label} (${field}) tiene caracteres no válidos.`)
    .transform((value) => value || undefined)
    .optional();

/** GET /v2/items/ and /v2/packs/ as the API reads them: numeric ids (distinct, in order). */
export const catalogueQuerySchema = z.object({
  ids: catalogueIdListSchema('ids'),
  country: z.enum(COUNTRY_CODES, { error: 'Indica el país (country): cl o mx.' }),
  source: queryTextSchema('El canal de venta', 'source'),
  locality: queryTextSchema('La comuna', 'locality'),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;
export type CatalogueQueryInput = z.input<typeof catalogueQuerySchema>;

/**
 * GET /v2/search/client/ as the API reads it. The country takes any spelling
 * ('Chile', 'chile', 'cl', 'México', 'mexico', 'mx') and comes out as the code.
 */
export const searchQuerySchema = z.object({
  query: z
    .string({ error: 'La búsqueda (query) debe ser un texto.' })
    .max(200, 'La búsqueda (query) admite hasta 200 caracteres.')
    .default(''),
  commune: queryTextSchema('La comuna', 'commune'),
  country: z
    .string({ error: "Indica el país (country): 'Chile' o 'México'." })
    .transform((value, context) => {
      const code = parseCountry(value);
      if (!code) {
        context.addIssue({ code: 'custom', message: "Indica el país (country): 'Chile' o 'México'." });
        return z.NEVER;
      }
      return code;
    }),
  // No category, 'all', and a null written out by a client that serialises it ('null') all mean
  // every category.
  category: queryTextSchema('La categoría', 'category').transform((value) =>
    value && !NO_CATEGORY.has(value.toLowerCase()) ? value.toLowerCase() : null,
  ),
  source: queryTextSchema('El canal de venta', 'source'),
  show_all: z
    .union([z.boolean(), z.stringbool()], { error: 'El filtro (show_all) debe ser true o false.' })
    .default(true),
  item_ids: catalogueIdListSchema('item_ids'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
