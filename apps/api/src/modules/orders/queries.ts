import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { medicalOrderFiles, medicalOrders } from '../../db/schema.ts';

export type MedicalOrderRow = typeof medicalOrders.$inferSelect;
export type NewMedicalOrderRow = typeof medicalOrders.$inferInsert;
export type MedicalOrderFileRow = typeof medicalOrderFiles.$inferSelect;
export type NewMedicalOrderFileRow = Omit<typeof medicalOrderFiles.$inferInsert, 'medicalOrderId'>;

/** The order and its files, all or nothing. */
export async function insertMedicalOrder(
  db: Db,
  order: NewMedicalOrderRow,
  files: NewMedicalOrderFileRow[],
): Promise<MedicalOrderRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(medicalOrders).values(order).returning();
    if (!row) throw new Error('medical order not inserted');
    if (files.length > 0) {
      await tx.insert(medicalOrderFiles).values(files.map((file) => ({ ...file, medicalOrderId: row.id })));
    }
    return row;
  });
}

/** One page of a client's orders, newest first (ties broken by id so pages never overlap). */
export async function findClientMedicalOrders(
  db: Db,
  clientId: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; orders: MedicalOrderRow[]; files: MedicalOrderFileRow[] }> {
  const [totals] = await db
    .select({ total: count() })
    .from(medicalOrders)
    .where(eq(medicalOrders.clientId, clientId));
  const orders = await db
    .select()
    .from(medicalOrders)
    .where(and(eq(medicalOrders.clientId, clientId)))
    .orderBy(desc(medicalOrders.createdAt), desc(medicalOrders.id))
    .limit(page.limit)
    .offset(page.offset);
  const files =
    orders.length === 0
      ? []
      : await db
          .select()
          .from(medicalOrderFiles)
          .where(
            inArray(
              medicalOrderFiles.medicalOrderId,
              orders.map((order) => order.id),
            ),
          )
          .orderBy(medicalOrderFiles.createdAt, medicalOrderFiles.id);
  return { total: Number(totals?.total ?? 0), orders, files };
}
