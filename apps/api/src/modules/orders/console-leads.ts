/**
 * The console's medical orders (leads): the inbox, one lead's page, its file read back from the
 * storage, its status by hand (with a note), notes, and the cart sent to the person: a cart maker
 * with its own appointment at the lead's address, whose link goes by e-mail through the outbox.
 * Every change is audited in its own transaction (entity 'lead').
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type ConsoleLeadCartAnswer,
  type ConsoleLeadDetail,
  type ConsoleLeadListAnswer,
  type ConsoleLeadSummary,
  LEAD_ANSWER_HOURS,
  type LeadStatus,
  leadAwaitsAnswer,
} from '@visita/domain/contract/console-leads';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import { auditLog, cartMakers, leadNotes, medicalOrderFiles, medicalOrders } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor } from '../../plugins/app/console-session.ts';
import { hashAppointmentToken } from '../appointments/access.ts';
import { insertAppointment } from '../appointments/queries.ts';
import { cartMakerAppointmentToken } from '../appointments/service.ts';
import { type AuditEntry, recordAudit } from '../audit/queries.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { findCoveringSector } from '../coverage/service.ts';
import { enqueueEvents } from '../outbox/queries.ts';
import { cartMakerUrl, LEAD_CART_LINK_TOPIC } from './lead-cart-email.ts';
import type { MedicalOrderFileRow, MedicalOrderRow } from './queries.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const text = (lead: Record<string, unknown>, field: string): string => {
  const value = lead[field];
  return typeof value === 'string' ? value : '';
};
const textOrNull = (lead: Record<string, unknown>, field: string): string | null => {
  const value = lead[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

const leadCode = (id: string) => id.slice(0, 8).toUpperCase();

function summaryOf(order: MedicalOrderRow, files: number, now: Date): ConsoleLeadSummary {
  const due = new Date(order.createdAt.getTime() + LEAD_ANSWER_HOURS * HOUR_MS);
  return {
    id: order.id,
    code: leadCode(order.id),
    client_id: order.clientId,
    status: order.status,
    name: text(order.lead, 'name'),
    email: text(order.lead, 'email'),
    phone: text(order.lead, 'phone'),
    commune: text(order.lead, 'comuna'),
    created_at: order.createdAt.toISOString(),
    age_minutes: Math.max(0, Math.floor((now.getTime() - order.createdAt.getTime()) / MINUTE_MS)),
    answer_due_at: due.toISOString(),
    overdue: leadAwaitsAnswer(order.status) && now.getTime() > due.getTime(),
    files,
    status_changed_at: order.statusChangedAt?.toISOString() ?? null,
    status_changed_by: order.statusChangedBy,
    appointment_id: order.appointmentId,
  };
}

/** GET /console/leads: the inbox, newest upload or longest waiting first, by status. */
export async function listLeads(
  db: Db,
  query: { status?: LeadStatus | undefined; order: 'newest' | 'oldest'; limit: number },
  now: Date = new Date(),
): Promise<ConsoleLeadListAnswer> {
  const where: SQL | undefined = query.status ? eq(medicalOrders.status, query.status) : undefined;
  const [totals] = await db.select({ total: count() }).from(medicalOrders).where(where);
  const direction = query.order === 'oldest' ? asc : desc;
  const orders = await db
    .select()
    .from(medicalOrders)
    .where(where)
    .orderBy(direction(medicalOrders.createdAt), direction(medicalOrders.id))
    .limit(query.limit);
  const fileCounts =
    orders.length === 0
      ? []
      : await db
          .select({ orderId: medicalOrderFiles.medicalOrderId, files: count() })
          .from(medicalOrderFiles)
          .where(
            inArray(
              medicalOrderFiles.medicalOrderId,
              orders.map((order) => order.id),
            ),
          )
          .groupBy(medicalOrderFiles.medicalOrderId);
  const filesOf = new Map(fileCounts.map((row) => [row.orderId, Number(row.files)]));
  return {
    results: orders.map((order) => summaryOf(order, filesOf.get(order.id) ?? 0, now)),
    total: Number(totals?.total ?? 0),
    answer_hours: LEAD_ANSWER_HOURS,
  };
}

export async function findLead(db: Db, id: string): Promise<MedicalOrderRow> {
  const [order] = await db.select().from(medicalOrders).where(eq(medicalOrders.id, id)).limit(1);
  if (!order) throw fail(ERRORS.CONSOLE_LEAD_NOT_FOUND);
  return order;
}

async function filesOfLead(db: Db, id: string): Promise<MedicalOrderFileRow[]> {
  return db
    .select()
    .from(medicalOrderFiles)
    .where(eq(medicalOrderFiles.medicalOrderId, id))
    .orderBy(asc(medicalOrderFiles.createdAt), asc(medicalOrderFiles.id));
}

/** GET /console/leads/:id: contact, address, files, notes (newest first), history and the cart. */
export async function leadDetail(
  db: Db,
  order: MedicalOrderRow,
  publicUrl: string,
  now: Date = new Date(),
): Promise<ConsoleLeadDetail> {
  const files = await filesOfLead(db, order.id);
  const notes = await db
    .select()
    .from(leadNotes)
    .where(eq(leadNotes.medicalOrderId, order.id))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id));
  const history = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'lead'), eq(auditLog.entityId, order.id)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(100);
  const [cart] = order.cartMakerId
    ? await db.select().from(cartMakers).where(eq(cartMakers.id, order.cartMakerId)).limit(1)
    : [];
  const lead = order.lead;
  return {
    ...summaryOf(order, files.length, now),
    country: order.country,
    sales_source: order.salesSource,
    address: {
      line: text(lead, 'target_address') || text(lead, 'address_line_1'),
      street_number: textOrNull(lead, 'target_street_number'),
      apartment: textOrNull(lead, 'target_apartment_number'),
      additional_info: textOrNull(lead, 'target_address_additional_info'),
      commune: text(lead, 'comuna'),
      region: text(lead, 'region'),
      residence_type: textOrNull(lead, 'target_residence_type'),
    },
    special_needs: textOrNull(lead, 'special_needs'),
    insurance: textOrNull(lead, 'insurance'),
    files: files.map((file) => ({
      id: file.id,
      content_type: file.contentType,
      size: file.size,
      original_name: file.originalName,
      created_at: file.createdAt.toISOString(),
      url: `/api/console/leads/${order.id}/files/${file.id}`,
    })),
    notes: notes.map((note) => ({
      id: note.id,
      author: note.author,
      text: note.text,
      created_at: note.createdAt.toISOString(),
    })),
    history: history.map((row) => ({
      at: row.at.toISOString(),
      action: row.action,
      actor: row.actor,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    cart: cart
      ? {
          id: cart.id,
          url: cartMakerUrl(publicUrl, order.clientId, cart.id),
          discount_code: cart.discountCode,
          patients: cart.patients.map((patient) => ({
            items: patient.items.map((item) => ({ id: item.id })),
            packs: patient.packs.map((pack) => ({ id: pack.id })),
          })),
        }
      : null,
    answer_hours: LEAD_ANSWER_HOURS,
  };
}

/** A lead's file, read back from the storage with its stored (content-judged) type. */
export async function readLeadFile(
  db: Db,
  storage: FileStorage,
  orderId: string,
  fileId: string,
): Promise<{ file: MedicalOrderFileRow; body: Readable }> {
  const [file] = await db
    .select()
    .from(medicalOrderFiles)
    .where(and(eq(medicalOrderFiles.id, fileId), eq(medicalOrderFiles.medicalOrderId, orderId)))
    .limit(1);
  if (!file) throw fail(ERRORS.CONSOLE_LEAD_FILE_NOT_FOUND);
  const body = await storage.read(file.storageKey);
  if (!body) throw fail(ERRORS.CONSOLE_LEAD_FILE_NOT_FOUND);
  return { file, body };
}

const authorOf = (by: ConsoleOperator) => `${by.name} (${by.email})`;

function auditOf(
  order: MedicalOrderRow,
  by: ConsoleOperator,
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
) {
  return {
    actor: consoleActor(by),
    operatorId: by.operatorId,
    entityType: 'lead',
    entityId: order.id,
    partnerId: order.clientId,
    ...entry,
  } satisfies AuditEntry;
}

/** The lead's row locked until the transaction ends: its status is checked and changed on it. */
async function lockedLead(tx: Db, id: string): Promise<MedicalOrderRow> {
  const [row] = await tx.select().from(medicalOrders).where(eq(medicalOrders.id, id)).for('update');
  if (!row) throw fail(ERRORS.CONSOLE_LEAD_NOT_FOUND);
  return row;
}

async function insertNote(tx: Db, order: MedicalOrderRow, by: ConsoleOperator, note: string, now: Date) {
  const [row] = await tx
    .insert(leadNotes)
    .values({
      medicalOrderId: order.id,
      operatorId: by.operatorId,
      author: authorOf(by),
      text: note,
      createdAt: now,
    })
    .returning({ id: leadNotes.id });
  return row?.id ?? null;
}

/** POST /console/leads/:id/status: a status by hand (never 'booked'), with an optional note. */
export async function setLeadStatus(
  db: Db,
  order: MedicalOrderRow,
  by: ConsoleOperator,
  body: { status: Exclude<LeadStatus, 'booked'>; note?: string | undefined },
  now: Date = new Date(),
): Promise<ConsoleLeadSummary> {
  const updated = await inTransaction(db, async (tx) => {
    const row = await lockedLead(tx, order.id);
    if (row.status === 'booked') throw fail(ERRORS.CONSOLE_LEAD_BOOKED);
    const note = body.note?.trim() ? body.note.trim() : null;
    const noteId = note ? await insertNote(tx, row, by, note, now) : null;
    const [changed] = await tx
      .update(medicalOrders)
      .set({ status: body.status, statusChangedAt: now, statusChangedBy: authorOf(by) })
      .where(eq(medicalOrders.id, row.id))
      .returning();
    await recordAudit(
      tx,
      auditOf(row, by, {
        action: 'lead.status_changed',
        before: { status: row.status },
        after: { status: body.status, ...(note ? { note, note_id: noteId } : {}) },
      }),
    );
    return changed ?? row;
  });
  const files = await filesOfLead(db, order.id);
  return summaryOf(updated, files.length, now);
}

/** POST /console/leads/:id/notes: an internal note (the person never sees it). */
export async function addLeadNote(
  db: Db,
  order: MedicalOrderRow,
  by: ConsoleOperator,
  note: string,
  now: Date = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockedLead(tx, order.id);
    await insertNote(tx, row, by, note, now);
  });
}

/** The catalogue's id of each item and pack, of the lead's country, active: else 400. */
function checkCartIds(
  catalogue: CatalogueSnapshot,
  country: 'cl' | 'mx',
  patients: ReadonlyArray<{ items: readonly number[]; packs: readonly number[] }>,
): void {
  for (const patient of patients) {
    for (const [ids, pack] of [
      [patient.items, false],
      [patient.packs, true],
    ] as const) {
      for (const id of ids) {
        const row = catalogue.byId.get(id);
        const isPack = row ? row.resourcetype === null : false;
        if (!row || !row.active || row.country !== country || isPack !== pack)
          throw fail(ERRORS.CONSOLE_LEAD_UNKNOWN_ITEM);
      }
    }
  }
}

/**
 * POST /console/leads/:id/cart: the cart maker (unguessable id) with its own appointment at the
 * lead's address (the widget then skips the address step), its link e-mailed to the lead's
 * contact through the outbox, the lead 'quoted'. A second cart replaces the first on the lead.
 */
export async function sendLeadCart(
  db: Db,
  catalogue: CatalogueSnapshot,
  order: MedicalOrderRow,
  by: ConsoleOperator,
  body: {
    patients: ReadonlyArray<{ items: readonly number[]; packs: readonly number[] }>;
    discount_code?: string | undefined;
  },
  publicUrl: string,
  now: Date = new Date(),
): Promise<ConsoleLeadCartAnswer> {
  checkCartIds(catalogue, order.country, body.patients);
  const lead = order.lead;
  const email = text(lead, 'email');
  const lat = Number(lead['target_lat']);
  const lng = Number(lead['target_lng']);
  const sectorId =
    order.sectorId ??
    (await findCoveringSector(db, { lat, lng }, { country: order.country, salesSource: order.salesSource }))
      ?.id;
  if (!sectorId || !Number.isFinite(lat) || !Number.isFinite(lng))
    throw fail(ERRORS.CONSOLE_LEAD_NO_COVERAGE);
  const cartMakerId = `lead-${randomBytes(18).toString('base64url')}`;
  const discountCode = body.discount_code?.trim() ? body.discount_code.trim().toUpperCase() : null;
  const residence = text(lead, 'target_residence_type');
  await inTransaction(db, async (tx) => {
    const row = await lockedLead(tx, order.id);
    if (row.status === 'booked') throw fail(ERRORS.CONSOLE_LEAD_BOOKED);
    const appointment = await insertAppointment(tx, {
      tokenHash: hashAppointmentToken(cartMakerAppointmentToken(cartMakerId)),
      clientId: row.clientId,
      salesSource: row.salesSource,
      country: row.country,
      region: text(lead, 'region'),
      comuna: text(lead, 'comuna'),
      addressLine1: text(lead, 'address_line_1'),
      targetAddress: text(lead, 'target_address'),
      targetStreetNumber: text(lead, 'target_street_number'),
      targetResidenceType: residence === 'apartment' ? 'apartment' : 'house',
      targetLat: lat,
      targetLng: lng,
      targetApartmentNumber: textOrNull(lead, 'target_apartment_number'),
      targetAddressAdditionalInfo: textOrNull(lead, 'target_address_additional_info'),
      zipCode: textOrNull(lead, 'zip_code'),
      sectorId,
      sectionOrigin: 'cart-maker',
    });
    const patients = body.patients.map((patient) => ({
      items: patient.items.map((id) => ({ id })),
      packs: patient.packs.map((id) => ({ id })),
    }));
    await tx
      .insert(cartMakers)
      .values({ id: cartMakerId, appointmentId: appointment.id, discountCode, patients });
    await tx
      .update(medicalOrders)
      .set({ status: 'quoted', cartMakerId, statusChangedAt: now, statusChangedBy: authorOf(by) })
      .where(eq(medicalOrders.id, row.id));
    await enqueueEvents(tx, [
      {
        topic: LEAD_CART_LINK_TOPIC,
        channel: 'email',
        clientId: row.clientId,
        appointmentId: appointment.id,
        payload: { to: email, medical_order_id: row.id, cart_maker_id: cartMakerId },
      },
    ]);
    await recordAudit(
      tx,
      auditOf(row, by, {
        action: 'lead.cart_sent',
        before: { status: row.status, cart_maker_id: row.cartMakerId },
        after: { status: 'quoted', cart_maker_id: cartMakerId, email, discount_code: discountCode, patients },
      }),
    );
  });
  return {
    cart_maker_id: cartMakerId,
    url: cartMakerUrl(publicUrl, order.clientId, cartMakerId),
    status: 'quoted',
    email,
  };
}
