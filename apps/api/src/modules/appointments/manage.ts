import * as ERRORS from '@visita/domain/contract/api-errors';
import type {
  BookingView,
  CancelBookingAnswer,
  RescheduleAnswer,
} from '@visita/domain/contract/manage-booking';
import { localeFromCountry } from '@visita/domain/locale';
import { readPartnerProfile } from '@visita/domain/partner-profile';
import { and, eq, isNotNull } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/database.ts';
import { appointments, payments, visits } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { findClientById } from '../clients/queries.ts';
import { bookingReference, writeBookingEvents } from '../notifications/booking-events.ts';
import { enqueueEvents } from '../outbox/queries.ts';
import { summaryQuote } from '../payments/quote.ts';
import { ledgerOf } from '../payments/ledger.ts';
import { deleteExpiredHolds, findVisitOfAppointment, insertHoldIfFree } from '../scheduling/queries.ts';
import { blockNotAvailable } from '../scheduling/errors.ts';
import { blockCandidates, parseBlock } from '../scheduling/hold.ts';
import type { RosterCache } from '../scheduling/roster.ts';
import { formatLocalDateTime, localParts } from '../scheduling/blocks.ts';
import type { AppointmentAccess } from './access.ts';
import { patientNameOf, serviceIdsOf } from './stored-cart.ts';
import { invalidStatus } from './transitions.ts';
import { type AppointmentRow, lockForChange } from './queries.ts';
import { appointmentTimeZone, timesOfVisit } from './visit-times.ts';

const HOUR_MS = 3_600_000;

const windowClosed = (hours: number) => fail(ERRORS.changeWindowClosed(hours));

const visitStarted = () => fail(ERRORS.VISIT_STARTED);

async function cutoffHoursOf(db: Db, appointment: AppointmentRow): Promise<number> {
  const client = appointment.clientId ? await findClientById(db, appointment.clientId) : undefined;
  return readPartnerProfile(client?.profile).cancellation_cutoff_hours;
}

/**
 * Until when a confirmed visit may still be cancelled or moved: its start minus the partner's
 * cut-off for the person who booked it; its start for the partner's staff, who answer the phone
 * when the person calls late.
 */
function changeDeadline(visitBegin: Date, cutoffHours: number, via: AppointmentAccess['via']): Date {
  return via === 'staff' ? visitBegin : new Date(visitBegin.getTime() - cutoffHours * HOUR_MS);
}

function assertMayChange(visitBegin: Date, cutoffHours: number, via: AppointmentAccess['via'], now: Date) {
  if (now.getTime() >= visitBegin.getTime()) throw visitStarted();
  if (now.getTime() >= changeDeadline(visitBegin, cutoffHours, via).getTime())
    throw windowClosed(cutoffHours);
}

/** An instant on the wall clock of the appointment's sector. */
async function localDateTime(
  db: Db,
  rosters: RosterCache,
  appointment: AppointmentRow,
  instant: Date,
): Promise<string> {
  const parts = localParts(instant, await appointmentTimeZone(db, rosters, appointment));
  return formatLocalDateTime(parts.date, parts.minutes);
}

/**
 * The approved charge the gateway made, if any: what was paid online, and what a cancellation
 * refunds through it. A payment collected at the address and recorded in the console is approved
 * too but has no charge behind it: a person collected it, and a person gives it back.
 */
async function approvedCardPayment(db: Db, appointmentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        eq(payments.status, 'approved'),
        isNotNull(payments.gatewayPaymentId),
      ),
    )
    .limit(1);
  return row;
}

/** 'Tu reserva': what was booked, for whom, when and where, what was paid, and what may still change. */
export async function bookingView(
  db: Db,
  rosters: RosterCache,
  catalogue: CatalogueSnapshot,
  access: AppointmentAccess,
  now: Date = new Date(),
): Promise<BookingView> {
  const { appointment } = access;
  const [visit, cutoffHours, card, entries] = await Promise.all([
    findVisitOfAppointment(db, appointment.id),
    cutoffHoursOf(db, appointment),
    approvedCardPayment(db, appointment.id),
    db.select().from(payments).where(eq(payments.appointmentId, appointment.id)),
  ]);
  // Once its money is frozen, what is left to pay at the address is the account's (ledger.ts).
  const ledger = ledgerOf(appointment, entries);
  const times = await timesOfVisit(db, rosters, appointment, visit, now);
  const quote = appointment.status === 'cancelled' ? null : await summaryQuote(db, catalogue, appointment);
  const deadline =
    appointment.status === 'confirmed' && visit
      ? changeDeadline(visit.blockStart, cutoffHours, access.via)
      : null;
  const patients = appointment.patients.map((patient) => ({
    name: patientNameOf(patient),
    services: serviceIdsOf(patient).flatMap((id) => {
      const item = catalogue.byId.get(id);
      return item ? [item.displayName ?? item.name] : [];
    }),
  }));
  const paidOnline = card?.amount ?? 0;
  return {
    id: appointment.id,
    reference: bookingReference(appointment.id),
    status: appointment.status,
    client_id: appointment.clientId,
    country: appointment.country,
    currency: localeFromCountry(appointment.country).currency,
    local_begin_date: times.localBeginDate,
    local_work_period_max_lateness: times.localWorkPeriodMaxLateness,
    target_address: appointment.targetAddress,
    target_apartment_number: appointment.targetApartmentNumber,
    patients,
    paid_online: paidOnline,
    pay_at_home: ledger ? ledger.outstandingAtAddress : quote ? Math.max(0, quote.net_price - paidOnline) : 0,
    can_change: deadline !== null && now.getTime() < deadline.getTime(),
    change_until: deadline?.toISOString() ?? null,
    local_change_until: deadline ? await localDateTime(db, rosters, appointment, deadline) : null,
    cancellation_cutoff_hours: cutoffHours,
    version: appointment.version,
  };
}

/**
 * Cancels a booking in one transaction: the appointment cancelled, the nurse's block freed, the
 * card payment's refund owed (the outbox asks the gateway, retrying until it answers), and the
 * e-mails and webhook written. A confirmed visit only until the cut-off; one not yet confirmed
 * (a person abandoning a hold) at any time. `alsoInTransaction` runs last in the same transaction
 * (the console's audit row), so what it writes exists exactly when the cancellation does.
 */
export async function cancelBooking(
  db: Db,
  access: AppointmentAccess,
  now: Date = new Date(),
  alsoInTransaction?: (
    tx: Db,
    cancellation: { previous: AppointmentRow['status']; cancelled: AppointmentRow; refund: number },
  ) => Promise<void>,
  /** The version the person's page showed (else the one this request read): stale is a 409. */
  version: number = access.appointment.version,
): Promise<CancelBookingAnswer> {
  const { appointment } = access;
  const cutoffHours = await cutoffHoursOf(db, appointment);
  const refund = await inTransaction(db, async (tx) => {
    const status = await lockForChange(tx, appointment.id, version);
    if (status !== 'pending' && status !== 'scheduled' && status !== 'confirmed')
      throw invalidStatus((status ?? 'cancelled') as AppointmentRow['status']);
    const visit = await findVisitOfAppointment(tx, appointment.id);
    if (status === 'confirmed' && visit) assertMayChange(visit.blockStart, cutoffHours, access.via, now);
    // A confirmed visit's block is kept on the booking: its visit row goes, to free the nurse.
    const kept =
      status === 'confirmed' && visit
        ? { cancelledBlockStart: visit.blockStart, cancelledBlockEnd: visit.blockEnd }
        : {};
    const [cancelled] = await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now, ...kept })
      .where(eq(appointments.id, appointment.id))
      .returning();
    if (!cancelled) throw invalidStatus('cancelled');
    await tx.delete(visits).where(eq(visits.appointmentId, appointment.id));
    const refunded = status === 'confirmed' ? await refundAndTell(tx, cancelled, visit) : 0;
    await alsoInTransaction?.(tx, { previous: status, cancelled, refund: refunded });
    return refunded;
  });
  return { status: 'cancelled', refund };
}

/** A confirmed visit's cancellation: the card payment's refund owed, the e-mails and webhook written. */
async function refundAndTell(
  tx: Db,
  cancelled: AppointmentRow,
  visit: Awaited<ReturnType<typeof findVisitOfAppointment>>,
): Promise<number> {
  const card = await approvedCardPayment(tx, cancelled.id);
  if (card)
    await enqueueEvents(tx, [
      {
        topic: 'payment.refund',
        channel: 'refund',
        clientId: cancelled.clientId,
        appointmentId: cancelled.id,
        payload: { payment_id: card.id },
      },
    ]);
  await writeBookingEvents(tx, cancelled, 'appointment.cancelled', {
    visit: visit ? { begin: visit.blockStart, end: visit.blockEnd } : null,
    // The cancellation e-mail says how much goes back to the card.
    ...(card ? { refunded: card.amount } : {}),
  });
  return card?.amount ?? 0;
}

/**
 * Moves a confirmed visit to another block in one transaction: the new block taken for good
 * (under the same unique index as every hold, so never a nurse twice), the old one freed, the
 * e-mails and webhook written. Nothing is charged again: the cart, and so the amount, is the
 * same. A block nobody can take leaves the visit where it was.
 */
export async function rescheduleBooking(
  db: Db,
  rosters: RosterCache,
  access: AppointmentAccess,
  request: { beginDate: string; endDate: string; catalogue: CatalogueSnapshot; version?: number | undefined },
  now: Date = new Date(),
): Promise<RescheduleAnswer> {
  const { appointment } = access;
  const { begin, end } = parseBlock(request);
  if (appointment.status !== 'confirmed') throw invalidStatus(appointment.status);
  const cutoffHours = await cutoffHoursOf(db, appointment);
  const { candidates, blockStart, blockEnd } = await blockCandidates(
    db,
    rosters,
    { appointment, catalogue: request.catalogue, now },
    begin,
  );
  await inTransaction(db, async (tx) => {
    const status = await lockForChange(tx, appointment.id, request.version ?? appointment.version);
    if (status !== 'confirmed') throw invalidStatus(status ?? 'cancelled');
    const current = await findVisitOfAppointment(tx, appointment.id);
    if (!current) throw invalidStatus('expired');
    assertMayChange(current.blockStart, cutoffHours, access.via, now);
    await tx.delete(visits).where(eq(visits.id, current.id));
    // A lapsed hold of someone else's on the new block gives way, as it does to a new hold.
    await deleteExpiredHolds(tx, blockStart, now);
    let moved = false;
    for (const nurse of candidates) {
      const taken = await insertHoldIfFree(tx, {
        appointmentId: appointment.id,
        nurseId: nurse.id,
        blockStart,
        blockEnd,
        expiresAt: now,
      });
      if (!taken) continue;
      await tx.update(visits).set({ status: 'confirmed', expiresAt: null }).where(eq(visits.id, taken.id));
      moved = true;
      break;
    }
    // Every nurse taken: the transaction rolls back and the visit stays where it was.
    if (!moved) throw blockNotAvailable();
    await writeBookingEvents(tx, appointment, 'appointment.rescheduled', {
      visit: { begin: blockStart, end: blockEnd },
    });
  });
  return {
    status: 'confirmed',
    begin_date: formatLocalDateTime(begin.date, begin.minutes),
    end_date: formatLocalDateTime(end.date, end.minutes),
  };
}
