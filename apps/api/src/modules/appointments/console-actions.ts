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
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction, sqlStateOf } from '../../db/database.ts';
import { appointments, consoleNotes, outboxEvents, payments } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ConsoleOperator, consoleActor } from '../../plugins/app/console-session.ts';
import { type AuditEntry, recordAudit } from '../audit/queries.ts';
import { findClientById } from '../clients/queries.ts';
import { writeBookingEvents } from '../notifications/booking-events.ts';
import { findVisitOfAppointment } from '../scheduling/queries.ts';
import { cancelBooking } from './manage.ts';
import { CONSOLE_GATEWAY } from '../payments/queries.ts';
import type { AppointmentRow } from './queries.ts';
import { invalidStatus } from './transitions.ts';

type CollectedPaymentMethod = (typeof COLLECTED_PAYMENT_METHODS)[number];

/** The gateway a payment recorded in the console names: no gateway was asked, a person was. */

const UNIQUE_VIOLATION = '23505';

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
): Promise<z.infer<typeof consoleCancelAnswerSchema>> {
  const access = { appointment, token: null, staff: true, via: 'staff' } as const;
  const { refund } = await cancelBooking(db, access, now, (tx, { previous, refund: refunded }) =>
    recordAudit(
      tx,
      auditOf(appointment, by, {
        action: 'appointment.cancelled',
        before: { status: previous },
        after: { status: 'cancelled', reason, refund: refunded },
      }),
    ),
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
 * A payment collected at the address (docs/decisions/money-states.md: a person who collected it
 * records it, so the visit is Payment Successful). The `cash` row a pay-at-home confirmation left
 * (what was to be collected) becomes the approved payment, with what was collected and how;
 * without one, an approved row of its own. Never a second approved payment: refused here, and the
 * unique index payments_one_approved_idx refuses it whatever races this.
 */
export async function recordCollectedPayment(
  db: Db,
  appointment: AppointmentRow,
  by: ConsoleOperator,
  payment: { amount: number; method: CollectedPaymentMethod; reference?: string | undefined },
  now: Date = new Date(),
): Promise<void> {
  const reference = payment.reference || null;
  try {
    await inTransaction(db, async (tx) => {
      const row = await lockedAppointment(tx, appointment.id);
      if (row.status !== 'confirmed') throw invalidStatus(row.status);
      const existing = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.appointmentId, row.id),
            inArray(payments.status, ['approved', 'cash', 'processing', 'pending']),
          ),
        );
      // A manual confirmation may record Payment Successful without a row (the staff collected it).
      if (
        existing.some((one) => one.status === 'approved') ||
        row.paymentStatus === PAYMENT_STATUS.PAYMENT_SUCCESSFUL
      )
        throw fail(ERRORS.CONSOLE_PAYMENT_ALREADY_RECORDED);
      // A card charge still open may yet be approved: two payments for one visit.
      if (existing.some((one) => one.status === 'processing' || one.status === 'pending'))
        throw fail(ERRORS.PAYMENT_IN_PROCESS);
      const toCollect = existing.find((one) => one.status === 'cash');
      const settled = { status: 'approved', method: payment.method, amount: payment.amount } as const;
      let paymentId: string | undefined;
      if (toCollect) {
        const [updated] = await tx
          .update(payments)
          .set({ ...settled, statusDetail: reference, updatedAt: now })
          .where(and(eq(payments.id, toCollect.id), eq(payments.status, 'cash')))
          .returning({ id: payments.id });
        paymentId = updated?.id;
      } else {
        const [inserted] = await tx
          .insert(payments)
          .values({
            ...settled,
            appointmentId: row.id,
            idempotencyKey: `${CONSOLE_GATEWAY}:${randomUUID()}`,
            gateway: CONSOLE_GATEWAY,
            statusDetail: reference,
            currency: localeFromCountry(row.country).currency as 'CLP' | 'MXN',
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: payments.id });
        paymentId = inserted?.id;
      }
      await tx
        .update(appointments)
        .set({ paymentStatus: PAYMENT_STATUS.PAYMENT_SUCCESSFUL, updatedAt: now })
        .where(eq(appointments.id, row.id));
      await recordAudit(
        tx,
        auditOf(row, by, {
          action: 'appointment.payment_recorded',
          before: {
            payment_status: row.paymentStatus,
            ...(toCollect ? { payment_id: toCollect.id, status: 'cash', amount: toCollect.amount } : {}),
          },
          after: {
            payment_status: PAYMENT_STATUS.PAYMENT_SUCCESSFUL,
            payment_id: paymentId,
            status: 'approved',
            amount: payment.amount,
            method: payment.method,
            reference,
          },
        }),
      );
    });
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw fail(ERRORS.CONSOLE_PAYMENT_ALREADY_RECORDED);
    throw error;
  }
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
): Promise<void> {
  await inTransaction(db, async (tx) => {
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
