import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { catalogueItems, operativeStatus } from '../../db/schema.ts';

export interface OperativeRow {
  active: boolean;
  reason: string | null;
  stockItemId: number | null;
  /** The linked item's stock; null when unlimited, no item is linked or the item is gone. */
  stock: number | null;
}

/** The source's switch and its stock item's stock, in one query. */
export async function findOperativeStatus(db: Db, salesSource: string): Promise<OperativeRow | undefined> {
  const [row] = await db
    .select({
      active: operativeStatus.active,
      reason: operativeStatus.reason,
      stockItemId: operativeStatus.stockItemId,
      stock: catalogueItems.stock,
    })
    .from(operativeStatus)
    .leftJoin(catalogueItems, eq(catalogueItems.id, operativeStatus.stockItemId))
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
// parameter whatever the number of items.
const preparedFindLimitedStock = perDatabase((db: Db) =>
  db
    .select({ id: catalogueItems.id, stock: catalogueItems.stock })
    .from(catalogueItems)
    .where(
      and(
        sql`${catalogueItems.id} = any(${sql.placeholder('itemIds')}::int[])`,
        isNotNull(catalogueItems.stock),
      ),
    )
    .prepare('catalogue_limited_stock'),
);

/** The stock of those items that have a limited one (stock not null). */
export async function findLimitedStock(
  db: Db,
  itemIds: readonly number[],
): Promise<Array<{ id: number; stock: number }>> {
  if (itemIds.length === 0) return [];
  const rows = await preparedFindLimitedStock(db).execute({ itemIds: [...itemIds] });
  return rows.flatMap((row) => (row.stock === null ? [] : [{ id: row.id, stock: row.stock }]));
}

/**
 * Takes `units` of an item's limited stock in one conditional UPDATE: of two confirmations racing
 * on the last unit, the database lets one change the row and the other finds too little. Answers
 * whether it was taken (an unlimited item, stock null, is never touched and answers true).
 */
export async function takeItemStock(db: Db, itemId: number, units: number): Promise<boolean> {
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
