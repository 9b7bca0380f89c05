import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
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

/** A catalogue entry as the catalogue calls answer it: its price already resolved for the context. */
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

/** Sets a source's own price of an item where the source already has one (all communes). */
export async function updateSourceItemPrice(
  db: Db,
  row: { itemId: number; salesSource: string; price: number },
): Promise<void> {
  await db
    .update(itemPrices)
    .set({ price: row.price })
    .where(and(eq(itemPrices.itemId, row.itemId), eq(itemPrices.salesSource, row.salesSource)));
}
