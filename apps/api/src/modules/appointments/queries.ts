import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/database.ts';
import { appointments, cartMakers, catalogueItems, patientItemClaims } from '../../db/schema.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type CartMakerRow = typeof cartMakers.$inferSelect;
export type NewCartMakerRow = typeof cartMakers.$inferInsert;

function prepareFindAppointment(db: Db) {
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.id, sql.placeholder('id')))
    .limit(1)
    .prepare('appointments_find');
}

const preparedFindAppointment = perDatabase(prepareFindAppointment);

/**
 * A prepared statement: every call on an appointment authorizes with it (time-availability
 * hundreds of times a second under load), and building drizzle's query for the whole row on each
 * call cost the API more CPU than reading the answer (bench/).
 */
export async function findAppointmentById(db: Db, id: string): Promise<AppointmentRow | undefined> {
  const prepared = preparedFindAppointment(db);
  const [row] = await prepared.execute({ id });
  return row;
}

export async function insertAppointment(db: Db, row: NewAppointmentRow): Promise<AppointmentRow> {
  const [created] = await db.insert(appointments).values(row).returning();
  if (!created) throw new Error('appointment insert returned nothing');
  return created;
}

/** Updates an appointment only while it is still in one of the given statuses (no lost race). */
export async function updateAppointmentWhileStatus(
  db: Db,
  id: string,
  statuses: readonly AppointmentRow['status'][],
  changes: Partial<NewAppointmentRow>,
): Promise<AppointmentRow | undefined> {
  const [updated] = await db
    .update(appointments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(appointments.id, id), inArray(appointments.status, [...statuses])))
    .returning();
  return updated;
}

/**
 * updateAppointmentWhileStatus that also drops the appointment's once-per-patient claims when it
 * updates, in one statement (atomic without a transaction): for a finalisation that claims nothing
 * anew, where the claims of the patients it replaces must go with them.
 */
export async function updateAppointmentReleasingClaims(
  db: Db,
  id: string,
  statuses: readonly AppointmentRow['status'][],
  changes: Partial<NewAppointmentRow>,
): Promise<AppointmentRow | undefined> {
  const updated = db.$with('updated').as(
    db
      .update(appointments)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(appointments.id, id), inArray(appointments.status, [...statuses])))
      .returning(),
  );
  // Only the updated row's claims: nothing is dropped when the status no longer allows the update.
  const released = db
    .$with('released')
    .as(
      db
        .delete(patientItemClaims)
        .where(inArray(patientItemClaims.appointmentId, db.select({ id: updated.id }).from(updated))),
    );
  const [row] = await db.with(updated, released).select().from(updated);
  return row;
}

export async function findCartMakerById(db: Db, id: string): Promise<CartMakerRow | undefined> {
  const [row] = await db.select().from(cartMakers).where(eq(cartMakers.id, id)).limit(1);
  return row;
}

export async function insertCartMakerIfMissing(db: Db, row: NewCartMakerRow): Promise<void> {
  await db.insert(cartMakers).values(row).onConflictDoNothing({ target: cartMakers.id });
}

/** Catalogue ids by slug for a country; slugs the catalogue lacks are simply absent. */
export async function findCatalogueIdsBySlug(
  db: Db,
  country: 'cl' | 'mx',
  slugs: readonly string[],
): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: catalogueItems.id, slug: catalogueItems.slug })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.country, country), inArray(catalogueItems.slug, [...slugs])));
  return new Map(rows.map((row) => [row.slug, row.id]));
}
