/**
 * The console's catalogue (catalogue.manage): a country's exams, packs, vaccines and services with
 * what the widget reads of them (names, nurse skill, fasting, results time, whether they combine
 * with other items, the more-info page, tags, active), a pack's items in order, and each item's
 * stock (null: unlimited). Prices are the prices section's (console-prices.ts).
 */
import { z } from 'zod';
import { countryCodeSchema, queryBooleanSchema } from './common.ts';
import { refineSafeText } from './safe-text.ts';

/** What the console calls an entry: a pack, or an exam, vaccine or service by its category. */
export const CATALOGUE_KINDS = ['exam', 'pack', 'vaccine', 'service'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export const CATALOGUE_KIND_LABELS: Record<CatalogueKind, string> = {
  exam: 'Examen',
  pack: 'Pack',
  vaccine: 'Vacuna',
  service: 'Servicio',
};

/** The skill a nurse needs (nurses' skills: lab, vaccine, medical_service). */
export const CATALOGUE_SKILLS = ['lab', 'vaccine', 'medical_service'] as const;
export type CatalogueSkill = (typeof CATALOGUE_SKILLS)[number];

/** A pack's most items; an exam's most measures. */
export const CATALOGUE_MAX_SUB_ITEMS = 50;
export const CATALOGUE_MAX_TAGS = 30;
export const CATALOGUE_MAX_STOCK = 10_000_000;
/** The highest id an item may take (ids are PostgreSQL integers, and links carry them). */
export const CATALOGUE_MAX_ID = 2_147_483_647;

/**
 * The stock state the widget reads: a source whose operative switch follows an item's stock
 * (operative_status.stock_item_id) closes with 'Se acabó el stock.' once the stock is 0 or less,
 * and a confirmation taking more than is left is refused (409 stockout). There is no other
 * threshold: 'out' is the only low state that changes what people see.
 */
export type CatalogueStockState = 'unlimited' | 'available' | 'out';
export function catalogueStockState(stock: number | null): CatalogueStockState {
  if (stock === null) return 'unlimited';
  return stock <= 0 ? 'out' : 'available';
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugSchema = (what: string) =>
  z
    .string({ error: `${what} debe ser texto.` })
    .trim()
    .max(120, { error: `${what} admite hasta 120 caracteres.` })
    .regex(SLUG, {
      error: `${what} solo admite minúsculas sin tilde, números y guiones (ej. perfil-lipidico).`,
    });

const optionalText = (max: number, what: string) =>
  refineSafeText(
    z
      .string({ error: `${what} debe ser texto.` })
      .trim()
      .max(max, { error: `${what} admite hasta ${max} caracteres.` })
      .nullable()
      .transform((value) => value || null),
  );

const hoursSchema = (what: string, max: number) =>
  z
    .number({ error: `${what} debe ser un número de horas.` })
    .int({ error: `${what} debe ser un número entero de horas.` })
    .min(0, { error: `${what} no puede ser negativo.` })
    .max(max, { error: `${what} no puede pasar de ${max} horas.` })
    .nullable();

/** What an operator writes of an item (both on creation and on edition). */
const itemFields = z.object({
  name: refineSafeText(
    z
      .string({ error: 'Escribe el nombre.' })
      .trim()
      .min(2, { error: 'Escribe el nombre (al menos 2 caracteres).' })
      .max(200, { error: 'El nombre admite hasta 200 caracteres.' }),
  ),
  /** The name the sources that show display names use instead (itemDisplayName). */
  display_name: optionalText(200, 'El nombre para mostrar'),
  short_name: optionalText(120, 'El nombre corto'),
  /** The pack's page (/servicios-disponibles/packs/{slug}); unique in the country. Empty: from the name. */
  slug: slugSchema('La dirección del ítem').nullable().optional(),
  /** An exam's or service's more-info page (/wiki/{cms_slug}); null: no 'Más información' link. */
  cms_slug: slugSchema('La página de más información').nullable(),
  description: optionalText(2000, 'La descripción'),
  tags: z
    .array(
      refineSafeText(
        z
          .string({ error: 'Una etiqueta no es válida.' })
          .trim()
          .min(1, { error: 'Una etiqueta está vacía.' })
          .max(40, { error: 'Una etiqueta admite hasta 40 caracteres.' }),
      ),
      { error: 'Las etiquetas deben ser una lista.' },
    )
    .max(CATALOGUE_MAX_TAGS, { error: `Son demasiadas etiquetas (máximo ${CATALOGUE_MAX_TAGS}).` }),
  /** The nurse's skill it needs; a pack needs those of its items. */
  skill: z.enum(CATALOGUE_SKILLS, { error: 'La habilidad no es válida.' }),
  fast_hours: hoursSchema('El ayuno', 72),
  results_hours: hoursSchema('El plazo de resultados', 2160),
  /** The results time counts business hours (a Saturday or Sunday visit adds 48 or 24). */
  results_on_business_days: z.boolean({ error: 'Indica si el plazo es en días hábiles.' }),
  /** false: it is booked alone, never with another item in the same visit (the cart refuses). */
  allows_more_items_in_cart: z.boolean({ error: 'Indica si se puede combinar con otros ítems.' }),
  /** Sent to the widget as `stackable`; neither the widget nor the API decides anything by it today. */
  stackable: z.boolean({ error: 'Indica si es acumulable.' }),
  active: z.boolean({ error: 'Indica si está activo.' }),
  /** A pack's items (at least one), an exam's measures (it is then a panel), in order. */
  item_ids: z
    .array(
      z
        .number({ error: 'Un ítem incluido no es válido.' })
        .int({ error: 'Un ítem incluido no es válido.' })
        .positive({ error: 'Un ítem incluido no es válido.' })
        .max(CATALOGUE_MAX_ID, { error: 'Un ítem incluido no es válido.' }),
      { error: 'Los ítems incluidos deben ser una lista.' },
    )
    .max(CATALOGUE_MAX_SUB_ITEMS, {
      error: `Son demasiados ítems incluidos (máximo ${CATALOGUE_MAX_SUB_ITEMS}).`,
    })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Un ítem incluido se repite.' }),
});

export const consoleCatalogueFieldsSchema = itemFields;
export type ConsoleCatalogueFields = z.infer<typeof itemFields>;

export const consoleCreateCatalogueItemBodySchema = itemFields.extend({
  country: countryCodeSchema,
  kind: z.enum(CATALOGUE_KINDS, { error: 'El tipo debe ser examen, pack, vacuna o servicio.' }),
  /** Explicit, so links (?services=…) stay stable; null: the next free id. */
  id: z
    .number({ error: 'El id debe ser un número.' })
    .int({ error: 'El id debe ser un número entero.' })
    .positive({ error: 'El id debe ser mayor que cero.' })
    .max(CATALOGUE_MAX_ID, { error: 'El id es demasiado grande.' })
    .nullable(),
});
export type ConsoleCreateCatalogueItemBody = z.infer<typeof consoleCreateCatalogueItemBodySchema>;

export const consoleCatalogueParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'El id del ítem no es válido.' })
    .int({ error: 'El id del ítem no es válido.' })
    .positive({ error: 'El id del ítem no es válido.' })
    .max(CATALOGUE_MAX_ID, { error: 'El id del ítem no es válido.' }),
});

export const consoleCatalogueStockBodySchema = z.object({
  /** Doses or units left; null: unlimited. */
  stock: z
    .number({ error: 'El stock debe ser un número.' })
    .int({ error: 'El stock debe ser un número entero.' })
    .min(0, { error: 'El stock no puede ser negativo.' })
    .max(CATALOGUE_MAX_STOCK, { error: 'El stock es demasiado alto.' })
    .nullable(),
});
export type ConsoleCatalogueStockBody = z.infer<typeof consoleCatalogueStockBodySchema>;

/**
 * A sales source as stored (clients.sales_source): lower case, digits, '-' and '_'. A source with
 * a count of its own takes from it; every other source takes from the item's shared stock.
 */
const CATALOGUE_SOURCE_MAX_LENGTH = 100;
const stockSourceSchema = z
  .string({ error: 'Indica la fuente de venta.' })
  .trim()
  .min(1, { error: 'Indica la fuente de venta.' })
  .max(CATALOGUE_SOURCE_MAX_LENGTH, {
    error: `La fuente de venta admite hasta ${CATALOGUE_SOURCE_MAX_LENGTH} caracteres.`,
  })
  .regex(/^[a-z0-9][a-z0-9_-]*$/, {
    error: 'La fuente de venta solo admite minúsculas sin tilde, números, guiones y guiones bajos.',
  });

/** A source's own count of an item: never unlimited (removing the row sends it back to the shared one). */
export const consoleCatalogueSourceStockBodySchema = z.object({
  sales_source: stockSourceSchema,
  stock: z
    .number({ error: 'Las unidades deben ser un número.' })
    .int({ error: 'Las unidades deben ser un número entero.' })
    .min(0, { error: 'Las unidades no pueden ser negativas.' })
    .max(CATALOGUE_MAX_STOCK, { error: 'Las unidades son demasiadas.' }),
});

/** Which source's own count to remove (it then takes from the shared stock). */
export const consoleCatalogueSourceStockQuerySchema = z.object({ sales_source: stockSourceSchema });

export const consoleCatalogueListQuerySchema = z.object({
  country: countryCodeSchema,
  kind: z.enum(CATALOGUE_KINDS, { error: 'El tipo no es válido.' }).optional(),
  active: queryBooleanSchema.optional(),
  /** Only items with a limited stock. */
  limited_stock: queryBooleanSchema.optional(),
  /** Words of the name (accents and case do not matter), or the id. */
  q: z.string().trim().max(100, { error: 'La búsqueda es demasiado larga.' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ConsoleCatalogueListQuery = z.input<typeof consoleCatalogueListQuerySchema>;

const stockStateSchema = z.enum(['unlimited', 'available', 'out']);

export const consoleCatalogueRowSchema = z.object({
  id: z.number().int(),
  country: countryCodeSchema,
  kind: z.enum(CATALOGUE_KINDS),
  name: z.string(),
  display_name: z.string().nullable(),
  active: z.boolean(),
  /** The country-wide base price (the prices section sets it per source and commune). */
  price: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  stock_state: stockStateSchema,
});
export type ConsoleCatalogueRow = z.infer<typeof consoleCatalogueRowSchema>;

export const consoleCatalogueListAnswerSchema = z.object({
  results: z.array(consoleCatalogueRowSchema),
  /** Items matching the filter (results holds at most `limit`). */
  total: z.number().int(),
});
export type ConsoleCatalogueListAnswer = z.infer<typeof consoleCatalogueListAnswerSchema>;

export const consoleCatalogueItemSchema = consoleCatalogueRowSchema.extend({
  resourcetype: z.enum(['Panel', 'Measure', 'MedicalService']).nullable(),
  short_name: z.string().nullable(),
  slug: z.string(),
  cms_slug: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  skill: z.enum(CATALOGUE_SKILLS),
  /** What a nurse must be able to do for it: a pack's are its items'. */
  skills_needed: z.array(z.enum(CATALOGUE_SKILLS)),
  fast_hours: z.number().int().nullable(),
  results_hours: z.number().int().nullable(),
  results_on_business_days: z.boolean(),
  allows_more_items_in_cart: z.boolean(),
  stackable: z.boolean(),
  /** A pack's items or a panel's measures, in order. */
  items: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.enum(CATALOGUE_KINDS) })),
  /** The packs that include it. */
  in_packs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The sales sources whose widget closes when its stock runs out (their operative switch). */
  stock_sources: z.array(z.string()),
  /** The sales sources whose benefits fund books it once per patient (their partner profile). */
  once_per_patient_sources: z.array(z.string()),
  /** Where people read about it: its more-info page, when it has one. */
  more_info_path: z.string().nullable(),
});
export type ConsoleCatalogueItem = z.infer<typeof consoleCatalogueItemSchema>;

/** What a pack may include and an exam may measure: the country's items (never packs). */
export const consoleCatalogueOptionsQuerySchema = z.object({ country: countryCodeSchema });
export const consoleCatalogueOptionsSchema = z.object({
  items: z.array(
    z.object({ id: z.number().int(), name: z.string(), kind: z.enum(CATALOGUE_KINDS), active: z.boolean() }),
  ),
  /** The id a new item takes when none is given. */
  next_id: z.number().int(),
});
export type ConsoleCatalogueOptions = z.infer<typeof consoleCatalogueOptionsSchema>;

/** An item's stock per sales source: the shared count, and each source's own count with its state. */
export const consoleCatalogueSourceStockAnswerSchema = z.object({
  item_id: z.number().int(),
  /** What every source without a row of its own takes from (null: unlimited). */
  shared: z.object({ stock: z.number().int().nullable(), stock_state: stockStateSchema }),
  /** The sources with a count of their own, by name; the widget's low-stock state follows it. */
  sources: z.array(
    z.object({ sales_source: z.string(), stock: z.number().int(), stock_state: stockStateSchema }),
  ),
  /** The sources partners sell with that have no count of their own yet (what may be added). */
  other_sources: z.array(z.string()),
});
export type ConsoleCatalogueSourceStockAnswer = z.infer<typeof consoleCatalogueSourceStockAnswerSchema>;
