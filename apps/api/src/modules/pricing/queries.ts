import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { catalogueItems, packItems } from '../../db/schema.ts';

/** What a quote needs of an item besides its price: insurance, fee, familiar and sub-item facts. */
export interface QuoteItemRow {
  id: number;
  name: string;
  resourcetype: string | null;
  isPromotion: boolean;
  allowsFonasa: boolean;
  fonasaPrice: number | null;
  fonasaCopayment: number | null;
  serviceFee: number;
  fonasaServiceFee: number;
  isFamiliar: boolean;
  numberOfPatients: number | null;
  /** The ids the item includes (a pack's items, a panel's measures). */
  subItemIds: number[];
}

function prepareQuoteItems(db: Db) {
  return db
    .select({
      id: catalogueItems.id,
      name: catalogueItems.name,
      resourcetype: catalogueItems.resourcetype,
      isPromotion: catalogueItems.isPromotion,
      allowsFonasa: catalogueItems.allowsFonasa,
      fonasaPrice: catalogueItems.fonasaPrice,
      fonasaCopayment: catalogueItems.fonasaCopayment,
      serviceFee: catalogueItems.serviceFee,
      fonasaServiceFee: catalogueItems.fonasaServiceFee,
      isFamiliar: catalogueItems.isFamiliar,
      numberOfPatients: catalogueItems.numberOfPatients,
      subItemIds: sql<
        number[]
      >`coalesce((select json_agg(${packItems.itemId}) from ${packItems} where ${packItems.packId} = ${catalogueItems.id}), '[]'::json)`,
    })
    .from(catalogueItems)
    .where(
      and(
        sql`${catalogueItems.id} = any(${sql.placeholder('ids')}::int[])`,
        eq(catalogueItems.country, sql.placeholder('country')),
        eq(catalogueItems.active, true),
      ),
    )
    .prepare('pricing_quote_items');
}

const preparedQuoteItems = new WeakMap<Db, ReturnType<typeof prepareQuoteItems>>();

/**
 * The active items of a country among the ids, each with its sub-item ids, in one query (the
 * sub-items come from a correlated subquery, so a quote of any size costs the same round trips).
 * A prepared statement with one array parameter: the quote is a hot path (≥ 2,000 requests/s),
 * and parsing and planning cost more than running this query.
 */
export async function findQuoteItems(
  db: Db,
  ids: readonly number[],
  country: 'cl' | 'mx',
): Promise<QuoteItemRow[]> {
  if (ids.length === 0) return [];
  let prepared = preparedQuoteItems.get(db);
  if (!prepared) {
    prepared = prepareQuoteItems(db);
    preparedQuoteItems.set(db, prepared);
  }
  return prepared.execute({ ids: [...ids], country });
}
