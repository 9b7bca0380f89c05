import { and, eq, inArray, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { appointments, fundAffiliates, patientItemClaims } from '../../db/schema.ts';

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

export interface ItemClaim {
  identifier: string;
  itemSlug: string;
  salesSource: string;
}

// Every finalize releases the appointment's claims before taking them again: prepared.
const preparedReleaseClaims = perDatabase((db: Db) =>
  db
    .delete(patientItemClaims)
    .where(eq(patientItemClaims.appointmentId, sql.placeholder('appointmentId')))
    .prepare('claims_release_of_appointment'),
);

/** Drops an appointment's claims (before it claims again, or when it is cancelled). */
export async function releaseClaimsOfAppointment(db: Db, appointmentId: string): Promise<void> {
  await preparedReleaseClaims(db).execute({ appointmentId });
}

/**
 * Claims the item for the patient on this appointment. The primary key decides between two
 * appointments claiming at the same instant; a claim held by an appointment that is no longer
 * booked (cancelled or expired) is taken over in the same statement. True when this appointment now holds the claim.
 */
export async function claimItem(db: Db, claim: ItemClaim, appointmentId: string): Promise<boolean> {
  const rows = await db
    .insert(patientItemClaims)
    .values({ ...claim, appointmentId })
    .onConflictDoUpdate({
      target: [patientItemClaims.identifier, patientItemClaims.itemSlug, patientItemClaims.salesSource],
      set: { appointmentId, createdAt: sql`now()` },
      setWhere: or(
        eq(patientItemClaims.appointmentId, appointmentId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(appointments)
            .where(
              and(
                eq(appointments.id, patientItemClaims.appointmentId),
                inArray(appointments.status, ['scheduled', 'confirmed']),
              ),
            ),
        ),
      ),
    })
    .returning({ appointmentId: patientItemClaims.appointmentId });
  return rows[0]?.appointmentId === appointmentId;
}
