import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { catalogueItems, catalogueStock, operativeStatus } from '../../db/schema.ts';

export interface OperativeRow {
  active: boolean;
  reason: string | null;
  stockItemId: number | null;
  /**
   * The linked item's stock as this source takes it: its own count when it has one, else the
   * item's shared stock; null when unlimited, no item is linked or the item is gone.
   */
  stock: number | null;
}

/** The source's switch and its stock item's stock (its own count, else the shared one), in one query. */
export async function findOperativeStatus(db: Db, salesSource: string): Promise<OperativeRow | undefined> {
  const [row] = await db
    .select({
      active: operativeStatus.active,
      reason: operativeStatus.reason,
      stockItemId: operativeStatus.stockItemId,
      stock: sql<number | null>`coalesce(${catalogueStock.stock}, ${catalogueItems.stock})`,
    })
    .from(operativeStatus)
    .leftJoin(catalogueItems, eq(catalogueItems.id, operativeStatus.stockItemId))
    .leftJoin(
      catalogueStock,
      and(
        eq(catalogueStock.itemId, operativeStatus.stockItemId),
        eq(catalogueStock.salesSource, operativeStatus.salesSource),
      ),
    )
    .where(eq(operativeStatus.salesSource, salesSource))
    .limit(1);
  return row;
}

export async function findItemIdBySlug(
  db: Db,
  country: 'cl' | 'mx',
  slug: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.country, country), eq(catalogueItems.slug, slug)))
    .limit(1);
  return row?.id;
}

export async function insertOperativeStatusIfMissing(
  db: Db,
  row: typeof operativeStatus.$inferInsert,
): Promise<void> {
  await db.insert(operativeStatus).values(row).onConflictDoNothing({ target: operativeStatus.salesSource });
}

// Every card payment asks twice (before the charge and at confirmation): prepared, one array
// parameter whatever the number of items. A source's own count (catalogue_stock) stands in for
// the item's shared stock; an item with neither a row for the source nor a shared count is unlimited.
const preparedFindLimitedStock = perDatabase((db: Db) =>
  db
    .select({
      id: catalogueItems.id,
      stock: sql<number | null>`coalesce(${catalogueStock.stock}, ${catalogueItems.stock})`,
      own: sql<boolean>`${catalogueStock.itemId} is not null`,
    })
    .from(catalogueItems)
    .leftJoin(
      catalogueStock,
      and(
        eq(catalogueStock.itemId, catalogueItems.id),
        sql`${catalogueStock.salesSource} = ${sql.placeholder('salesSource')}`,
      ),
    )
    .where(
      and(
        sql`${catalogueItems.id} = any(${sql.placeholder('itemIds')}::int[])`,
        sql`coalesce(${catalogueStock.stock}, ${catalogueItems.stock}) is not null`,
      ),
    )
    .prepare('catalogue_limited_stock_for_source'),
);

export interface LimitedStock {
  id: number;
  /** The units this source may take: its own count when `own`, else the item's shared stock. */
  stock: number;
  /** Whether the source has a count of its own of this item (a catalogue_stock row). */
  own: boolean;
}

/** The stock this source takes of those items that have a limited one (its own, else the shared). */
export async function findLimitedStock(
  db: Db,
  itemIds: readonly number[],
  salesSource: string,
): Promise<LimitedStock[]> {
  if (itemIds.length === 0) return [];
  const rows = await preparedFindLimitedStock(db).execute({ itemIds: [...itemIds], salesSource });
  return rows.flatMap((row) =>
    row.stock === null ? [] : [{ id: row.id, stock: Number(row.stock), own: Boolean(row.own) }],
  );
}

/** Takes from the source's own count, in one conditional UPDATE; undefined when it has no row (any more). */
async function takeOwnStock(
  db: Db,
  itemId: number,
  units: number,
  salesSource: string,
): Promise<boolean | undefined> {
  const mine = and(eq(catalogueStock.itemId, itemId), eq(catalogueStock.salesSource, salesSource));
  const [taken] = await db
    .update(catalogueStock)
    .set({ stock: sql`${catalogueStock.stock} - ${units}` })
    .where(and(mine, gte(catalogueStock.stock, units)))
    .returning({ itemId: catalogueStock.itemId });
  if (taken) return true;
  const [row] = await db.select({ stock: catalogueStock.stock }).from(catalogueStock).where(mine).limit(1);
  return row ? false : undefined;
}

/**
 * Takes `units` of an item for a sales source in one conditional UPDATE: of two confirmations
 * racing on the last unit, the database lets one change the row and the other finds too little.
 * A source with its own count (`own`) takes from it alone, so it is refused when that count is
 * short even if the shared stock has plenty; every other source takes from the item's shared
 * stock, as does one whose own row an operator removed meanwhile. Answers whether it was taken
 * (an unlimited item, stock null, is never touched and answers true).
 */
export async function takeItemStock(
  db: Db,
  itemId: number,
  units: number,
  salesSource: string,
  own: boolean,
): Promise<boolean> {
  if (own) {
    const taken = await takeOwnStock(db, itemId, units, salesSource);
    if (taken !== undefined) return taken;
  }
  const [taken] = await db
    .update(catalogueItems)
    .set({ stock: sql`${catalogueItems.stock} - ${units}` })
    .where(
      and(eq(catalogueItems.id, itemId), isNotNull(catalogueItems.stock), gte(catalogueItems.stock, units)),
    )
    .returning({ id: catalogueItems.id });
  if (taken) return true;
  const [item] = await db
    .select({ stock: catalogueItems.stock })
    .from(catalogueItems)
    .where(eq(catalogueItems.id, itemId))
    .limit(1);
  return item !== undefined && item.stock === null;
}
