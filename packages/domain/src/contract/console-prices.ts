/**
 * The console's prices (prices.manage): each item of a country with its base price (promotion,
 * Fonasa price and copay) and the prices that differ per sales source and/or commune
 * (item_prices); one such price edited; the list exported as CSV and imported from a CSV with a
 * dry run first (rows added, changed, removed, refused with their reason) and the apply after,
 * refused when the prices changed since the dry run (docs/decisions/console-price-import.md).
 */
import { z } from 'zod';
import { countryCodeSchema } from './common.ts';

/** The longest file an import takes, in characters, and its most rows (besides the header). */
export const PRICE_IMPORT_MAX_CHARS = 1_000_000;
export const PRICE_IMPORT_MAX_ROWS = 20_000;
/** The highest price a row may carry (whole units of the country's currency). */
export const PRICE_MAX = 100_000_000;

/** The CSV's columns, in order, as the export writes them and the import reads them. */
export const PRICE_CSV_HEADERS = [
  'Id del ítem',
  'Ítem',
  'Fuente de venta',
  'Comuna',
  'Precio',
  'Precio promoción',
] as const;

const sourceSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'La fuente de venta no es válida.' });

export const consolePricesQuerySchema = z.object({
  country: countryCodeSchema,
  /** One sales source: its prices and those of every source (commune only); none: all of them. */
  sales_source: sourceSchema.optional(),
  /** Words of the item's name (accents and case do not matter), or its id. */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ConsolePricesQuery = z.input<typeof consolePricesQuerySchema>;

export const consolePriceOverrideSchema = z.object({
  /** null: every source (a commune's own price). */
  sales_source: z.string().nullable(),
  /** null: every commune (the source's own price). */
  commune: z.string().nullable(),
  price: z.number().int(),
  promotion_price: z.number().int().nullable(),
});
export type ConsolePriceOverride = z.infer<typeof consolePriceOverrideSchema>;

export const consolePriceItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['pack', 'Panel', 'Measure', 'MedicalService']),
  active: z.boolean(),
  /** The country-wide price; null when only some sources sell it. */
  price: z.number().int().nullable(),
  /** The country-wide promotion price, when the promotion is on. */
  promotion_price: z.number().int().nullable(),
  allows_fonasa: z.boolean(),
  fonasa_price: z.number().int().nullable(),
  fonasa_copayment: z.number().int().nullable(),
  overrides: z.array(consolePriceOverrideSchema),
});
export type ConsolePriceItem = z.infer<typeof consolePriceItemSchema>;

export const consolePricesAnswerSchema = z.object({
  country: countryCodeSchema,
  /** The sales sources partners sell under (the filter's and the import's choices). */
  sales_sources: z.array(z.string()),
  results: z.array(consolePriceItemSchema),
  /** Items matching the filter (results holds at most `limit`). */
  total: z.number().int(),
});
export type ConsolePricesAnswer = z.infer<typeof consolePricesAnswerSchema>;

const wholePrice = (what: string) =>
  z
    .number({ error: `${what} debe ser un número entero.` })
    .int({ error: `${what} debe ser un número entero.` })
    .min(0, { error: `${what} no puede ser negativo.` })
    .max(PRICE_MAX, { error: `${what} es demasiado alto.` });

/** One price of an item for a source and/or commune, set (added or changed). */
export const consoleSetPriceBodySchema = z
  .object({
    country: countryCodeSchema,
    item_id: z.number().int().positive(),
    sales_source: sourceSchema.nullable(),
    commune: z.string().trim().min(1).max(100).nullable(),
    price: wholePrice('El precio'),
    promotion_price: wholePrice('El precio de promoción').nullable(),
  })
  .refine((body) => body.sales_source !== null || body.commune !== null, {
    error: 'Indica una fuente de venta, una comuna o ambas: el precio base no se cambia aquí.',
    path: ['sales_source'],
  })
  .refine((body) => body.promotion_price === null || body.promotion_price < body.price, {
    error: 'El precio de promoción debe ser menor que el precio.',
    path: ['promotion_price'],
  });
export type ConsoleSetPriceBody = z.infer<typeof consoleSetPriceBodySchema>;

export const consolePricesCsvQuerySchema = z.object({
  country: countryCodeSchema,
  sales_source: sourceSchema.optional(),
});

/** The CSV export: a text/csv attachment with PRICE_CSV_HEADERS. */
export const consolePricesCsvSchema = z.string();

export const consolePriceImportBodySchema = z.object({
  country: countryCodeSchema,
  /**
   * The file holds every price of this source (in the country): its prices the file does not
   * name are removed, and a row of another source is refused. Without it nothing is removed.
   */
  covers_source: sourceSchema.optional(),
  csv: z
    .string()
    .min(1, { error: 'El archivo está vacío.' })
    .max(PRICE_IMPORT_MAX_CHARS, { error: 'El archivo es demasiado grande: divide los precios en varios.' }),
});
export type ConsolePriceImportBody = z.infer<typeof consolePriceImportBodySchema>;

export const consolePriceApplyBodySchema = consolePriceImportBodySchema.extend({
  /** The dry run's `diff_hash`: the apply is refused if the diff is no longer that one. */
  diff_hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'La huella de la revisión no es válida.' }),
});

/** Why a row of the file is refused; the texts say it to the operator. */
export const PRICE_ROW_REFUSALS = {
  unknown_item: 'El ítem no existe en el catálogo de este país.',
  bad_item_id: 'El id del ítem no es un número entero.',
  bad_price: 'El precio no es un número entero (sin puntos, comas ni símbolos).',
  missing_price: 'Falta el precio.',
  negative_price: 'El precio no puede ser negativo.',
  price_too_high: 'El precio es demasiado alto.',
  bad_promotion: 'El precio de promoción no es un número entero (sin puntos, comas ni símbolos).',
  negative_promotion: 'El precio de promoción no puede ser negativo.',
  promotion_not_lower: 'El precio de promoción debe ser menor que el precio.',
  duplicate: 'La fila se repite: el mismo ítem, fuente y comuna aparece en otra fila del archivo.',
  unknown_source: 'La fuente de venta no existe.',
  other_source: 'La fila es de otra fuente de venta que la que cubre el archivo.',
  unknown_commune: 'La comuna no existe en este país.',
  no_source_nor_commune:
    'Falta la fuente de venta o la comuna: el precio base no se importa, se edita en el catálogo.',
  wrong_columns: 'La fila no tiene las columnas del encabezado.',
} as const;
export type PriceRowRefusal = keyof typeof PRICE_ROW_REFUSALS;

const priceKeySchema = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  sales_source: z.string().nullable(),
  commune: z.string().nullable(),
});

const pricePairSchema = z.object({ price: z.number().int(), promotion_price: z.number().int().nullable() });

export const consolePriceDiffSchema = z.object({
  country: countryCodeSchema,
  covers_source: z.string().nullable(),
  /** Data rows read (the header is not counted). */
  rows: z.number().int(),
  /** Rows equal to what is stored. */
  unchanged: z.number().int(),
  added: z.array(priceKeySchema.extend({ line: z.number().int(), new: pricePairSchema })),
  changed: z.array(
    priceKeySchema.extend({ line: z.number().int(), old: pricePairSchema, new: pricePairSchema }),
  ),
  removed: z.array(priceKeySchema.extend({ old: pricePairSchema })),
  refused: z.array(
    z.object({
      /** The file's line (the header is line 1). */
      line: z.number().int(),
      reason: z.enum(Object.keys(PRICE_ROW_REFUSALS) as [PriceRowRefusal, ...PriceRowRefusal[]]),
      message: z.string(),
      /** The row's cells as read, cut to 100 characters each. */
      cells: z.array(z.string()),
    }),
  ),
  /** SHA-256 of this diff: the apply sends it back and is refused if the diff changed. */
  diff_hash: z.string(),
});
export type ConsolePriceDiff = z.infer<typeof consolePriceDiffSchema>;

export const consolePriceApplyAnswerSchema = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  refused: z.number().int(),
});
export type ConsolePriceApplyAnswer = z.infer<typeof consolePriceApplyAnswerSchema>;
