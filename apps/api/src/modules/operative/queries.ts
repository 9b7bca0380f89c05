import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
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
