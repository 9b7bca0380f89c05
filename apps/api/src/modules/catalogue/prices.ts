import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { catalogueItems, itemPrices } from '../../db/schema.ts';

export interface PriceContext {
  country: 'cl' | 'mx';
  salesSource?: string | null;
  commune?: string | null;
}

export interface ResolvedPrice {
  price: number | null;
  promotionPrice: number | null;
}

/** How specific a price row is for the context: source and commune beat source, which beats commune. */
function specificity(row: { salesSource: string | null; commune: string | null }): number {
  return (row.salesSource ? 2 : 0) + (row.commune ? 1 : 0);
}

/**
 * The price of each item in a country for a sales source and commune: the most specific
 * item_prices row that applies, else the item's base price. Items of another country, or
 * inactive ones, get no entry. One query for the overrides, one for the items.
 */
export async function resolvePrices(
  db: Db,
  itemIds: readonly number[],
  context: PriceContext,
): Promise<Map<number, ResolvedPrice>> {
  const result = new Map<number, ResolvedPrice>();
  if (itemIds.length === 0) return result;
  const ids = [...new Set(itemIds)];
  const items = await db
    .select({
      id: catalogueItems.id,
      price: catalogueItems.price,
      promotionPrice: catalogueItems.promotionPrice,
    })
    .from(catalogueItems)
    .where(
      and(
        inArray(catalogueItems.id, ids),
        eq(catalogueItems.country, context.country),
        eq(catalogueItems.active, true),
      ),
    );
  for (const item of items) result.set(item.id, { price: item.price, promotionPrice: item.promotionPrice });
  if (items.length === 0) return result;

  const overrides = await db
    .select()
    .from(itemPrices)
    .where(
      and(
        inArray(
          itemPrices.itemId,
          items.map((item) => item.id),
        ),
        context.salesSource
          ? or(isNull(itemPrices.salesSource), eq(itemPrices.salesSource, context.salesSource))
          : isNull(itemPrices.salesSource),
        context.commune
          ? or(isNull(itemPrices.commune), eq(itemPrices.commune, context.commune))
          : isNull(itemPrices.commune),
      ),
    );
  const best = new Map<number, (typeof overrides)[number]>();
  for (const row of overrides) {
    const current = best.get(row.itemId);
    if (!current || specificity(row) > specificity(current)) best.set(row.itemId, row);
  }
  for (const [itemId, row] of best) {
    result.set(itemId, { price: row.price, promotionPrice: row.promotionPrice });
  }
  return result;
}
