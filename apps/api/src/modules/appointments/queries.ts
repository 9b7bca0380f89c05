import * as ERRORS from '@visita/domain/contract/api-errors';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, perDatabase, perShape } from '../../db/database.ts';
import {
  appointments,
  type AppointmentStatusValue,
  cartMakers,
  catalogueItems,
  patientItemClaims,
} from '../../db/schema.ts';
import { fail } from '../../errors.ts';

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

type AppointmentColumn = keyof NewAppointmentRow;

/** The columns a row gives a value (undefined: not given), in a stable order: its shape. */
const givenColumns = (values: Partial<NewAppointmentRow>): AppointmentColumn[] =>
  (Object.keys(values) as AppointmentColumn[]).filter((key) => values[key] !== undefined).sort();

/**
 * A placeholder per column, named as the column. Typed as the row drizzle takes: its types do not
 * list placeholders in set(), which it takes and encodes as the column does (as in values()).
 */
const placeholdersFor = (columns: readonly string[]) =>
  Object.fromEntries(
    columns.map((column) => [column, sql.placeholder(column)]),
  ) as unknown as NewAppointmentRow;

// Creating, finalising and confirming run on every booking: prepared per shape (the columns
// given, the statuses allowed), a handful of each.
const preparedInsertAppointment = perShape(
  'appointments_insert',
  (columns: readonly AppointmentColumn[]) => columns.join(','),
  (db, name, columns) => db.insert(appointments).values(placeholdersFor(columns)).returning().prepare(name),
);

export async function insertAppointment(db: Db, row: NewAppointmentRow): Promise<AppointmentRow> {
  const [created] = await preparedInsertAppointment(db, givenColumns(row)).execute(row);
  if (!created) throw new Error('appointment insert returned nothing');
  return created;
}

interface UpdateShape {
  columns: readonly AppointmentColumn[];
  statuses: readonly AppointmentRow['status'][];
}
const updateShapeKey = ({ columns, statuses }: UpdateShape) => `${statuses.join(',')}|${columns.join(',')}`;
const updateShape = (
  statuses: readonly AppointmentRow['status'][],
  changes: Partial<NewAppointmentRow>,
): UpdateShape => ({ columns: givenColumns(changes), statuses });
/** An update's placeholders' values: the changes, updated_at now, and the row it is for. */
const updateValues = (id: string, changes: Partial<NewAppointmentRow>) => ({
  ...changes,
  updatedAt: new Date(),
  whereId: id,
});

/** The update of the columns given (and updated_at) while the row is in one of the statuses. */
function updateWhileStatus(db: Db, { columns, statuses }: UpdateShape) {
  return db
    .update(appointments)
    .set(placeholdersFor([...columns.filter((column) => column !== 'updatedAt'), 'updatedAt']))
    .where(and(eq(appointments.id, sql.placeholder('whereId')), inArray(appointments.status, [...statuses])))
    .returning();
}

const preparedUpdateWhileStatus = perShape(
  'appointments_update_while_status',
  updateShapeKey,
  (db, name, shape) => updateWhileStatus(db, shape).prepare(name),
);

/** Updates an appointment only while it is still in one of the given statuses (no lost race). */
export async function updateAppointmentWhileStatus(
  db: Db,
  id: string,
  statuses: readonly AppointmentRow['status'][],
  changes: Partial<NewAppointmentRow>,
): Promise<AppointmentRow | undefined> {
  const [updated] = await preparedUpdateWhileStatus(db, updateShape(statuses, changes)).execute(
    updateValues(id, changes),
  );
  return updated;
}

const preparedUpdateReleasingClaims = perShape(
  'appointments_update_releasing_claims',
  updateShapeKey,
  (db, name, shape) => {
    const updated = db.$with('updated').as(updateWhileStatus(db, shape));
    // Only the updated row's claims: nothing is dropped when the status no longer allows the update.
    const released = db
      .$with('released')
      .as(
        db
          .delete(patientItemClaims)
          .where(inArray(patientItemClaims.appointmentId, db.select({ id: updated.id }).from(updated))),
      );
    return db.with(updated, released).select().from(updated).prepare(name);
  },
);

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
  const [row] = await preparedUpdateReleasingClaims(db, updateShape(statuses, changes)).execute(
    updateValues(id, changes),
  );
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

/**
 * Locks the appointment's row for a change a person asked for (move, reschedule, cancel, outcome,
 * a nurse's absence) and bumps its version: of two changes sent together, the one that locks
 * second finds the version it read at its start gone and answers 409 'La cita cambió mientras la
 * editabas', instead of overwriting the first and sending a second, contradictory e-mail. Without
 * `expectedVersion` (a change that checks what it moves itself) it only locks and bumps. Answers
 * the status, undefined when the row is gone.
 */
export async function lockForChange(
  tx: Db,
  id: string,
  expectedVersion?: number,
): Promise<AppointmentStatusValue | undefined> {
  const [row] = await tx
    .select({ status: appointments.status, version: appointments.version })
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update');
  if (!row) return undefined;
  if (expectedVersion !== undefined && row.version !== expectedVersion)
    throw fail(ERRORS.APPOINTMENT_CHANGED);
  await tx
    .update(appointments)
    .set({ version: sql`${appointments.version} + 1` })
    .where(eq(appointments.id, id));
  return row.status;
}
