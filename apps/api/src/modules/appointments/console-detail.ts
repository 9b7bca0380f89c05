import type {
  consoleAppointmentDetailSchema,
  consoleHistoryEntrySchema,
} from '@visita/domain/contract/console-appointments';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { consoleNotes, nurses, outboxEvents, payments, sectors, visits } from '../../db/schema.ts';
import { listEntityAudit } from '../audit/queries.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { linePrice } from '../payments/frozen-quote.ts';
import { summaryQuote } from '../payments/quote.ts';
import { ledgerOf } from '../payments/ledger.ts';
import type { PaymentRow } from '../payments/queries.ts';
import type { ConsoleAppointmentSummary } from './console-search.ts';
import type { AppointmentRow } from './queries.ts';
import { serviceIdsOf } from './stored-cart.ts';

type ConsoleAppointmentDetail = z.infer<typeof consoleAppointmentDetailSchema>;
type ConsoleHistoryEntry = z.infer<typeof consoleHistoryEntrySchema>;

/** The channels a person reads as messages (refunds are the payments' business). */
const MESSAGE_CHANNELS = ['email', 'webhook'] as const;

const joinNames = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * A patient's items at the price they were frozen at (money moved), else at today's price for the
 * appointment's source and commune (the promotion's while there is one).
 */
function itemsOf(
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  patient: StoredCartPatient,
  index: number,
) {
  const frozen = appointment.quote?.lines.filter((line) => line.patient_index === index) ?? [];
  return serviceIdsOf(patient).map((id) => {
    const line = frozen.find((one) => one.item_id === id);
    if (line) return { id, name: line.name, price: line.price };
    return { id, ...linePrice(catalogue, appointment, id) };
  });
}

/** The account of a booking whose money is frozen, as the page shows it. */
function ledgerView(appointment: AppointmentRow, rows: PaymentRow[]) {
  const ledger = ledgerOf(appointment, rows);
  if (!ledger) return null;
  return {
    due_online: ledger.due.online,
    due_at_address: ledger.due.at_address,
    due_company: ledger.due.company,
    paid: Math.round((ledger.chargedOnline + ledger.collected + ledger.companyPaid) * 100) / 100,
    refunded: ledger.refunded,
    written_off: ledger.writtenOff,
    to_collect: ledger.outstandingAtAddress,
    company_owes: ledger.outstandingCompany,
  };
}

/** The frozen quote's amounts (money moved), else the staff's, else the stored cart at today's prices. */
async function amountsOf(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  rows: PaymentRow[],
) {
  const ledger = ledgerView(appointment, rows);
  const frozen = appointment.quote;
  if (frozen) {
    const { price, due } = frozen;
    const discount =
      appointment.amounts && appointment.amounts.total === due.total
        ? appointment.amounts.discount
        : price.discount;
    return { subtotal: due.total + discount, discount, total: due.total, ledger };
  }
  if (appointment.amounts) {
    const { subtotal, discount, total } = appointment.amounts;
    return { subtotal, discount, total, ledger };
  }
  const quote = await summaryQuote(db, catalogue, appointment);
  if (!quote) return { subtotal: 0, discount: 0, total: 0, ledger };
  return {
    subtotal: quote.net_price + quote.discount,
    discount: quote.discount,
    total: quote.net_price,
    ledger,
  };
}

async function paymentsOf(db: Db, appointmentId: string) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

async function messagesOf(db: Db, appointmentId: string) {
  return db
    .select()
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.appointmentId, appointmentId),
        inArray(outboxEvents.channel, [...MESSAGE_CHANNELS]),
      ),
    )
    .orderBy(desc(outboxEvents.createdAt), desc(outboxEvents.id));
}

/** The appointment's internal notes, newest first. */
async function notesOf(db: Db, appointmentId: string) {
  return db
    .select()
    .from(consoleNotes)
    .where(eq(consoleNotes.appointmentId, appointmentId))
    .orderBy(desc(consoleNotes.createdAt), desc(consoleNotes.id));
}

/** The visit that holds the appointment's block (confirmed, or a hold not yet lapsed), with its nurse. */
async function visitOf(db: Db, appointmentId: string, now: Date) {
  const [row] = await db
    .select({
      status: visits.status,
      expiresAt: visits.expiresAt,
      nurseId: nurses.id,
      nurseName: nurses.name,
    })
    .from(visits)
    .innerJoin(nurses, eq(nurses.id, visits.nurseId))
    .where(eq(visits.appointmentId, appointmentId))
    .limit(1);
  if (!row) return undefined;
  if (row.status === 'hold' && (!row.expiresAt || row.expiresAt.getTime() <= now.getTime())) return undefined;
  return row;
}

async function sectorOf(db: Db, sectorId: number | null) {
  if (sectorId === null) return undefined;
  const [row] = await db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(eq(sectors.id, sectorId))
    .limit(1);
  return row;
}

/**
 * An appointment's page: its summary, the visit, the patients and their items, amounts, payments,
 * messages, internal notes and the visit's outcome.
 */
export async function consoleAppointmentDetail(
  db: Db,
  catalogue: CatalogueSnapshot,
  appointment: AppointmentRow,
  summary: ConsoleAppointmentSummary,
  now = new Date(),
): Promise<ConsoleAppointmentDetail> {
  const [visit, sector, paid, messages, notes] = await Promise.all([
    visitOf(db, appointment.id, now),
    sectorOf(db, appointment.sectorId),
    paymentsOf(db, appointment.id),
    messagesOf(db, appointment.id),
    notesOf(db, appointment.id),
  ]);
  const amounts = await amountsOf(db, catalogue, appointment, paid);
  return {
    ...summary,
    address: joinNames(appointment.targetAddress, appointment.targetApartmentNumber) || null,
    nurse: visit ? { id: String(visit.nurseId), name: visit.nurseName } : null,
    sector: sector ? { id: String(sector.id), name: sector.name } : null,
    patients_detail: appointment.patients.map((patient, index) => ({
      first_name: joinNames(patient.first_name, patient.second_name),
      last_name: joinNames(patient.last_name, patient.second_last_name),
      document_type: patient.document_type ?? null,
      document: patient.document_number ?? null,
      email: patient.email ?? null,
      phone: patient.phone ?? null,
      items: itemsOf(catalogue, appointment, patient, index),
    })),
    amounts,
    payments: paid.map((payment) => ({
      id: payment.id,
      status: payment.status,
      method: payment.method,
      gateway: payment.gateway,
      gateway_id: payment.gatewayPaymentId,
      amount: payment.amount,
      created_at: payment.createdAt.toISOString(),
      // A refund gives the whole charge back (cancellation, or a confirmation that failed after it).
      refunded_amount: payment.status === 'refunded' ? payment.amount : null,
    })),
    messages: messages.map((message) => ({
      channel: message.channel,
      topic: message.topic,
      created_at: message.createdAt.toISOString(),
      delivered_at: message.deliveredAt?.toISOString() ?? null,
      failed_at: message.failedAt?.toISOString() ?? null,
      attempts: message.attempts,
    })),
    notes: notes.map((note) => ({ at: note.createdAt.toISOString(), author: note.author, text: note.text })),
    outcome: appointment.visitOutcome,
    version: appointment.version,
  };
}

/** At most this many audit rows per page: an appointment changes a handful of times. */
const AUDIT_LIMIT = 200;

/**
 * An appointment's history, newest first: what people changed (the audit log), what its own
 * timestamps tell (created, patients saved, confirmed, cancelled, expired), each payment attempt
 * and where it ended, and each message written for it.
 */
export async function consoleAppointmentHistory(
  db: Db,
  appointment: AppointmentRow,
): Promise<ConsoleHistoryEntry[]> {
  const [audit, paid, messages] = await Promise.all([
    listEntityAudit(db, { entityType: 'appointment', entityId: appointment.id, limit: AUDIT_LIMIT }),
    db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, appointment.id))
      .orderBy(asc(payments.createdAt)),
    messagesOf(db, appointment.id),
  ]);
  const entries: (ConsoleHistoryEntry & { time: number })[] = [];
  const add = (at: Date, entry: Omit<ConsoleHistoryEntry, 'at'>) =>
    entries.push({ at: at.toISOString(), time: at.getTime(), ...entry });

  add(appointment.createdAt, { kind: 'status', actor: null, action: 'appointment.created', detail: null });
  if (appointment.finalizedAt)
    add(appointment.finalizedAt, {
      kind: 'status',
      actor: null,
      action: 'appointment.finalized',
      detail: null,
    });
  if (appointment.confirmedAt)
    add(appointment.confirmedAt, {
      kind: 'status',
      actor: null,
      action: 'appointment.confirmed',
      detail: null,
    });
  if (appointment.cancelledAt)
    add(appointment.cancelledAt, {
      kind: 'status',
      actor: null,
      action: 'appointment.cancelled',
      detail: null,
    });
  // An expiry records no time of its own: the row's last change is it.
  if (appointment.status === 'expired')
    add(appointment.updatedAt, { kind: 'status', actor: null, action: 'appointment.expired', detail: null });

  for (const payment of paid) {
    const detail = {
      payment_id: payment.id,
      method: payment.method,
      gateway: payment.gateway,
      amount: payment.amount,
    };
    add(payment.createdAt, { kind: 'payment', actor: null, action: 'payment.started', detail });
    if (payment.status !== 'processing')
      add(payment.updatedAt, {
        kind: 'payment',
        actor: null,
        action: `payment.${payment.status}`,
        detail: { ...detail, status_detail: payment.statusDetail },
      });
  }
  for (const message of messages)
    add(message.createdAt, {
      kind: 'message',
      actor: null,
      action: message.topic,
      detail: {
        channel: message.channel,
        delivered_at: message.deliveredAt?.toISOString() ?? null,
        failed_at: message.failedAt?.toISOString() ?? null,
        attempts: message.attempts,
      },
    });
  for (const row of audit)
    add(row.at, {
      kind: 'audit',
      actor: row.actor,
      action: row.action,
      detail: { before: row.before ?? null, after: row.after ?? null },
    });

  // Newest first; at one instant, what a person did before what the system recorded.
  const order = { audit: 0, payment: 1, message: 2, status: 3 } as Record<string, number>;
  return entries
    .sort((a, b) => b.time - a.time || (order[a.kind] ?? 9) - (order[b.kind] ?? 9))
    .map(({ time: _time, ...entry }) => entry);
}
