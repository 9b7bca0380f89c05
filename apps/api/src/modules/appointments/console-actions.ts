/**
 * What the console does to one appointment: cancel it with a reason, add an internal note, record
 * a payment collected at the address, record the visit's outcome, resend its confirmation. Each
 * change and its audit row are written in one transaction, so the history never tells of a change
 * that rolled back nor misses one that was made.
 */
import * as ERRORS from '@visita/domain/contract/api-errors';
import type {
  COLLECTED_PAYMENT_METHODS,
  consoleCancelAnswerSchema,
  VisitOutcome,
} from '@visita/domain/contract/console-appointments';
import { PAYMENT_STATUS } from '@visita/domain/cards';
import { localeFromCountry } from '@visita/domain/locale';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, consoleNotes, outboxEvents, payments } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor } from '../../plugins/app/console-session.ts';
import { type AuditEntry, recordAudit } from '../audit/queries.ts';
import { findClientById } from '../clients/queries.ts';
import { writeBookingEvents } from '../notifications/booking-events.ts';
import { findVisitOfAppointment } from '../scheduling/queries.ts';
import { cancelBooking } from './manage.ts';
import { CONSOLE_GATEWAY, type PaymentRow } from '../payments/queries.ts';
import { ledgerOf } from '../payments/ledger.ts';
import { formatCurrency } from '@visita/domain/money';
import { type AppointmentRow, lockForChange } from './queries.ts';
import { invalidStatus } from './transitions.ts';

type CollectedPaymentMethod = (typeof COLLECTED_PAYMENT_METHODS)[number];

/** An audit row about the appointment, by the operator: the partner is the appointment's. */
function auditOf(
  appointment: AppointmentRow,
  by: ConsoleOperator,
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
): AuditEntry {
  return {
    actor: consoleActor(by),
    operatorId: by.operatorId,
    entityType: 'appointment',
    entityId: appointment.id,
    partnerId: appointment.clientId,
    ...entry,
  };
}

/**
 * The appointment's row as it is now, locked until the transaction ends: the check on its status
 * and the change it allows are made on the same row, never on what the route read before.
 */
async function lockedAppointment(tx: Db, id: string): Promise<AppointmentRow> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  // Deleted in between (appointments are never deleted by the API): as an unknown id.
  if (!row) throw fail(ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND);
  return row;
}

/**
 * Cancels as the partner's staff do (cancelBooking with staff access): a confirmed visit until it
 * begins, not bound by the partner's cut-off, since the console answers the calls that come late;
 * a hold at any time. The card payment's refund, the e-mails and the webhook are cancelBooking's;
 * the audit row, with the reason and the refund, is written in its transaction.
 */
export async function cancelFromConsole(
  db: Db,
  appointment: AppointmentRow,
  by: ConsoleOperator,
  reason: string,
  now: Date = new Date(),
  version: number = appointment.version,
): Promise<z.infer<typeof consoleCancelAnswerSchema>> {
  const access = { appointment, token: null, staff: true, via: 'staff' } as const;
  const { refund } = await cancelBooking(
    db,
    access,
    now,
    (tx, { previous, refund: refunded }) =>
      recordAudit(
        tx,
        auditOf(appointment, by, {
          action: 'appointment.cancelled',
          before: { status: previous },
          after: { status: 'cancelled', reason, refund: refunded },
        }),
      ),
    version,
  );
  return { status: 'cancelled', refund };
}

/** An internal note: on the appointment's page and in its history, never shown to the patient. */
export async function addConsoleNote(
  db: Db,
  appointment: AppointmentRow,
  by: ConsoleOperator,
  text: string,
  now: Date = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [note] = await tx
      .insert(consoleNotes)
      .values({
        appointmentId: appointment.id,
        operatorId: by.operatorId,
        author: `${by.name} (${by.email})`,
        text,
        createdAt: now,
      })
      .returning({ id: consoleNotes.id });
    await recordAudit(
      tx,
      auditOf(appointment, by, { action: 'appointment.note_added', after: { note_id: note?.id, text } }),
    );
  });
}

/**
 * A payment collected at the address: each collection is an entry of its own (an approved row of
 * the console's gateway, with how and what was collected), read against what the frozen quote
 * left due at the address (docs/decisions/money-ledger.md). Less than what is outstanding leaves
 * the rest owed and the visit Payment Pending; only a collection that settles everything makes it
 * Payment Successful. More than what is outstanding, or anything once nothing is, is refused.
 * The row is locked, so two operators recording at once are told one after the other.
 */
export async function recordCollectedPayment(
  db: Db,
  appointment: AppointmentRow,
  by: ConsoleOperator,
  payment: { amount: number; method: CollectedPaymentMethod; reference?: string | undefined },
  now: Date = new Date(),
): Promise<{ outstanding: number; payment_status: string | null }> {
  const reference = payment.reference || null;
  return inTransaction(db, async (tx) => {
    const row = await lockedAppointment(tx, appointment.id);
    if (row.status !== 'confirmed') throw invalidStatus(row.status);
    const existing = await tx.select().from(payments).where(eq(payments.appointmentId, row.id));
    // A card charge still open may yet be approved: two payments for one visit.
    if (existing.some((one) => one.status === 'processing' || one.status === 'pending'))
      throw fail(ERRORS.PAYMENT_IN_PROCESS);
    const before = outstandingAtAddress(row, existing);
    if (before <= 0) throw fail(ERRORS.CONSOLE_PAYMENT_ALREADY_RECORDED);
    if (payment.amount > before + 0.005)
      throw fail(ERRORS.consolePaymentOverDue(formatCurrency(before, row.country)));
    const [inserted] = await tx
      .insert(payments)
      .values({
        appointmentId: row.id,
        idempotencyKey: `${CONSOLE_GATEWAY}:${randomUUID()}`,
        gateway: CONSOLE_GATEWAY,
        method: payment.method,
        status: 'approved',
        amount: payment.amount,
        statusDetail: reference,
        currency: localeFromCountry(row.country).currency as 'CLP' | 'MXN',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: payments.id });
    const outstanding = Math.max(0, Math.round((before - payment.amount) * 100) / 100);
    // Settled only when nothing is left to collect and nothing else is owed online.
    const settled = outstanding === 0 && row.paymentStatus !== PAYMENT_STATUS.COMPANY_BILLED;
    const paymentStatus = settled ? PAYMENT_STATUS.PAYMENT_SUCCESSFUL : row.paymentStatus;
    await tx.update(appointments).set({ paymentStatus, updatedAt: now }).where(eq(appointments.id, row.id));
    await recordAudit(
      tx,
      auditOf(row, by, {
        action: 'appointment.payment_recorded',
        before: { payment_status: row.paymentStatus, outstanding: before },
        after: {
          payment_status: paymentStatus,
          payment_id: inserted?.id,
          status: 'approved',
          amount: payment.amount,
          method: payment.method,
          reference,
          outstanding,
        },
      }),
    );
    return { outstanding, payment_status: paymentStatus };
  });
}

/**
 * What is still to collect at the address: the frozen quote's part less what was collected or
 * written off (ledger.ts); for a booking confirmed before quotes were frozen, its `cash` row or
 * the staff's amounts, less what was collected.
 */
function outstandingAtAddress(row: AppointmentRow, rows: PaymentRow[]): number {
  const ledger = ledgerOf(row, rows);
  if (ledger) return ledger.outstandingAtAddress;
  const collected = rows
    .filter((one) => one.status === 'approved' && one.gateway === CONSOLE_GATEWAY)
    .reduce((total, one) => total + one.amount, 0);
  const due = rows.find((one) => one.status === 'cash')?.amount ?? row.amounts?.total ?? 0;
  return Math.max(0, due - collected);
}

/**
 * The visit's outcome, once its block has begun: done or a no-show, and it may be corrected
 * (done ↔ no_show). The same outcome again changes nothing and records nothing.
 */
export async function setVisitOutcome(
  db: Db,
  appointment: AppointmentRow,
  by: ConsoleOperator,
  outcome: VisitOutcome,
  now: Date = new Date(),
  version: number = appointment.version,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockForChange(tx, appointment.id, version);
    const row = await lockedAppointment(tx, appointment.id);
    if (row.status !== 'confirmed') throw invalidStatus(row.status);
    const visit = await findVisitOfAppointment(tx, row.id);
    if (!visit || now.getTime() < visit.blockStart.getTime()) throw fail(ERRORS.CONSOLE_VISIT_NOT_BEGUN);
    if (row.visitOutcome === outcome) return;
    await tx
      .update(appointments)
      .set({ visitOutcome: outcome, visitOutcomeAt: now, updatedAt: now })
      .where(eq(appointments.id, row.id));
    await recordAudit(
      tx,
      auditOf(row, by, {
        action: 'appointment.outcome_set',
        before: { outcome: row.visitOutcome, at: row.visitOutcomeAt?.toISOString() ?? null },
        after: { outcome, at: now.toISOString() },
      }),
    );
  });
}

/**
 * The confirmation e-mail again, as the booking wrote it (writeBookingEvents, topic
 * 'appointment.confirmed'), to the patients only: the partner's endpoint already knows of the
 * confirmation, and a second webhook would tell it of a second one. Refused when no e-mail would
 * go (no patient left one, or the partner sends its own), so the operator is not told it was sent.
 */
export async function resendConfirmation(
  db: Db,
  appointment: AppointmentRow,
  by: ConsoleOperator,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockedAppointment(tx, appointment.id);
    if (row.status !== 'confirmed') throw invalidStatus(row.status);
    const client = row.clientId ? await findClientById(tx, row.clientId) : undefined;
    // This resend's own dedupe keys: they tell its e-mails apart from every other (and count them).
    const resend = `resend:${randomUUID()}`;
    // The partner's row without its webhook: writeBookingEvents then writes the e-mails alone.
    await writeBookingEvents(tx, row, 'appointment.confirmed', {
      dedupeKey: resend,
      ...(client ? { client: { ...client, profile: { ...client.profile, webhook: null } } } : {}),
    });
    const [written] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(outboxEvents)
      .where(
        and(
          // What this transaction wrote is due at its start, now(): found through the due index.
          eq(outboxEvents.availableAt, sql`now()`),
          isNull(outboxEvents.deliveredAt),
          isNull(outboxEvents.failedAt),
          like(outboxEvents.dedupeKey, `${resend}:email:%`),
        ),
      );
    if (!written?.count) throw fail(ERRORS.CONSOLE_NO_CONFIRMATION_EMAIL);
    await recordAudit(
      tx,
      auditOf(row, by, { action: 'appointment.confirmation_resent', after: { emails: written.count } }),
    );
  });
}
