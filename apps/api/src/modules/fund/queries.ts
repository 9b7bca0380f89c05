import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { appointments, fundAffiliates } from '../../db/schema.ts';

export type NewFundAffiliateRow = typeof fundAffiliates.$inferInsert;

export async function isFundAffiliate(db: Db, salesSource: string, rut: string): Promise<boolean> {
  const rows = await db
    .select({ rut: fundAffiliates.rut })
    .from(fundAffiliates)
    .where(and(eq(fundAffiliates.rut, rut), eq(fundAffiliates.salesSource, salesSource)))
    .limit(1);
  return rows.length > 0;
}

export async function insertFundAffiliatesIfMissing(db: Db, rows: NewFundAffiliateRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(fundAffiliates).values(rows).onConflictDoNothing({ target: fundAffiliates.rut });
}

/**
 * Whether an appointment of the source that counts as booked (confirmed, or scheduled and
 * finalised) has a patient with this document holding the item, directly or as a pack. The
 * stored patients keep RUTs formatted and item ids as numbers, so jsonb containment matches them
 * (on PGlite and PostgreSQL alike). `exceptAppointmentId` leaves out the one being finalised.
 */
export async function hasBookedItem(
  db: Db,
  query: { salesSource: string; documentNumber: string; itemId: number; exceptAppointmentId?: string },
): Promise<boolean> {
  const asItem = JSON.stringify([{ document_number: query.documentNumber, items: [query.itemId] }]);
  const asPack = JSON.stringify([{ document_number: query.documentNumber, packs: [query.itemId] }]);
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.salesSource, query.salesSource),
        or(
          eq(appointments.status, 'confirmed'),
          and(eq(appointments.status, 'scheduled'), isNotNull(appointments.finalizedAt)),
        ),
        or(
          sql`${appointments.patients} @> ${asItem}::jsonb`,
          sql`${appointments.patients} @> ${asPack}::jsonb`,
        ),
        query.exceptAppointmentId ? ne(appointments.id, query.exceptAppointmentId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
