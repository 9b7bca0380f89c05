import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { catalogueItems, itemPrices, packItems } from '../../db/schema.ts';
import { catalogueSearchText } from './search-text.ts';

/** A catalogue row to write; search_text is always derived, never given. */
export type NewCatalogueItem = Omit<typeof catalogueItems.$inferInsert, 'searchText'>;

/** Writes items with their search_text, so search always sees what was written. */
export async function insertCatalogueItems(db: Db, rows: readonly NewCatalogueItem[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(catalogueItems)
    .values(rows.map((row) => ({ ...row, searchText: catalogueSearchText(row) })));
}

/** A pack's (or panel's) sub-items, in the order given. */
export async function insertSubItems(db: Db, parentId: number, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .insert(packItems)
    .values(itemIds.map((itemId, position) => ({ packId: parentId, itemId, position })));
}

export async function insertItemPrices(
  db: Db,
  rows: readonly (typeof itemPrices.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(itemPrices).values([...rows]);
}

/** A catalogue row as the catalogue query answers it: prices already resolved for the context. */
export interface CatalogueRow {
  id: number;
  resourcetype: 'Panel' | 'Measure' | 'MedicalService' | null;
  name: string;
  short_name: string | null;
  display_name: string | null;
  description: string | null;
  slug: string;
  category: string;
  country: 'cl' | 'mx';
  active: boolean;
  price: number;
  is_promotion: boolean;
  promotion_price: number | null;
  stackable: boolean;
  fast_hours: number | null;
  results_hours: number | null;
  results_on_business_days: boolean;
  cms_slug: string | null;
  allows_fonasa: boolean;
  fonasa_price: number | null;
  fonasa_copayment: number | null;
  service_fee: number;
  fonasa_service_fee: number;
  image: string | null;
  tags: string[];
  allows_more_items_in_cart: boolean;
  is_familiar: boolean;
  number_of_patients: number | null;
  /** Packs' items and panels' measures, by position; null for other items. */
  sub_items: Array<{ id: number; name: string }> | null;
}

export interface CatalogueSelection {
  country: 'cl' | 'mx';
  salesSource?: string | null;
  commune?: string | null;
  /** 'item': anything with a resourcetype; 'pack': packs only. */
  kind?: 'item' | 'pack' | 'any';
  ids?: readonly number[] | null;
  category?: string | null;
  /** Normalised query words (searchWords): each must occur in search_text. */
  words?: readonly string[];
  limit: number;
}

/**
 * Active, priced catalogue entries of a country in ONE round trip: the price is resolved in SQL
 * by the rule of resolvePrices (prices.ts: the most specific item_prices row for the source and
 * commune, else the base price; a test keeps both in step), so unpriced rows are filtered before
 * the limit, and sub-items come aggregated per row after the limit (no N+1).
 * Ranking (when words are given): exact name or short name, then name prefix, then a word of the
 * name (or the short name) starting with the query, then any other match; ties by name.
 */
export async function selectCatalogue(db: Db, selection: CatalogueSelection): Promise<CatalogueRow[]> {
  const words = selection.words ?? [];
  const phrase = words.join(' ');
  const conditions: SQL[] = [sql`ci.country = ${selection.country}`, sql`ci.active`];
  if (selection.kind === 'item') conditions.push(sql`ci.resourcetype IS NOT NULL`);
  if (selection.kind === 'pack') conditions.push(sql`ci.resourcetype IS NULL`);
  if (selection.ids) {
    if (selection.ids.length === 0) return [];
    conditions.push(
      sql`ci.id IN (${sql.join(
        selection.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (selection.category) conditions.push(sql`ci.category = ${selection.category}`);
  // Words hold only a-z, 0-9 (normaliseSearchText), so they are safe inside a LIKE pattern.
  for (const word of words) conditions.push(sql`ci.search_text LIKE ${`%${word}%`}`);

  const name = sql`split_part(ci.search_text, ' | ', 1)`;
  const shortName = sql`split_part(ci.search_text, ' | ', 2)`;
  const rank = phrase
    ? sql`CASE
        WHEN ${name} = ${phrase} OR ${shortName} = ${phrase} THEN 0
        WHEN ${name} LIKE ${`${phrase}%`} THEN 1
        WHEN ${name} LIKE ${`% ${phrase}%`} OR ${shortName} LIKE ${`${phrase}%`} THEN 2
        ELSE 3 END`
    : sql`0`;
  const sourceCondition = selection.salesSource
    ? sql`(ip.sales_source IS NULL OR ip.sales_source = ${selection.salesSource})`
    : sql`ip.sales_source IS NULL`;
  const communeCondition = selection.commune
    ? sql`(ip.commune IS NULL OR ip.commune = ${selection.commune})`
    : sql`ip.commune IS NULL`;

  const overrideConditions = sql`ip.item_id = ci.id AND ${sourceCondition} AND ${communeCondition}`;

  // The inner query finds, ranks and limits; an item is priced when it has a base price or an
  // override applies (override prices are never null), so only base-unpriced rows probe
  // item_prices before the limit. The outer query resolves prices and sub-items for the
  // (at most `limit`) rows kept.
  return queryRows<CatalogueRow>(
    db,
    sql`
      SELECT ci.id, ci.resourcetype, ci.name, ci.short_name, ci.display_name, ci.description, ci.slug,
        ci.category, ci.country, ci.active,
        CASE WHEN p.price IS NOT NULL THEN p.price ELSE ci.price END AS price,
        CASE WHEN p.price IS NOT NULL THEN p.promotion_price IS NOT NULL
          ELSE ci.is_promotion AND ci.promotion_price IS NOT NULL END AS is_promotion,
        CASE WHEN p.price IS NOT NULL THEN p.promotion_price ELSE ci.promotion_price END AS promotion_price,
        ci.stackable, ci.fast_hours, ci.results_hours, ci.results_on_business_days, ci.cms_slug,
        ci.allows_fonasa, ci.fonasa_price, ci.fonasa_copayment, ci.service_fee, ci.fonasa_service_fee,
        ci.image, ci.tags, ci.allows_more_items_in_cart, ci.is_familiar, ci.number_of_patients,
        CASE WHEN ci.resourcetype IS NULL OR ci.resourcetype = 'Panel' THEN (
          SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY pi.position, s.id), '[]'::json)
          FROM pack_items pi JOIN catalogue_items s ON s.id = pi.item_id
          WHERE pi.pack_id = ci.id
        ) END AS sub_items
      FROM (
        SELECT ci.id, ${rank} AS rank, ${name} COLLATE "C" AS sort_name
        FROM catalogue_items ci
        WHERE ${sql.join(conditions, sql` AND `)}
          AND (ci.price IS NOT NULL OR EXISTS (SELECT 1 FROM item_prices ip WHERE ${overrideConditions}))
        ORDER BY rank, sort_name, ci.id
        LIMIT ${selection.limit}
      ) q
      JOIN catalogue_items ci ON ci.id = q.id
      LEFT JOIN LATERAL (
        SELECT ip.price, ip.promotion_price FROM item_prices ip
        WHERE ${overrideConditions}
        ORDER BY (ip.sales_source IS NOT NULL) DESC, (ip.commune IS NOT NULL) DESC
        LIMIT 1
      ) p ON true
      ORDER BY q.rank, q.sort_name, q.id`,
  );
}
