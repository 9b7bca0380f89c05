import { readPartnerProfile } from '@visita/domain/partner-profile';
import type { Db } from '../../db/database.ts';
import type { ClientRow, NewOutboxEventRow } from '../../db/schema.ts';
import type { AppointmentRow } from '../appointments/queries.ts';
import { findClientById } from '../clients/queries.ts';
import { enqueueEvents } from '../outbox/queries.ts';
import { markLeadBooked } from '../orders/lead-booked.ts';
import { findVisitOfAppointment } from '../scheduling/queries.ts';

export type BookingTopic =
  | 'appointment.confirmed'
  | 'appointment.cancelled'
  | 'appointment.rescheduled'
  | 'appointment.reminder'
  | 'appointment.payment_refunded';

/** The e-mail a topic sends. */
const EMAIL_KIND = {
  'appointment.confirmed': 'confirmed',
  'appointment.cancelled': 'cancelled',
  'appointment.rescheduled': 'rescheduled',
  'appointment.reminder': 'reminder',
  'appointment.payment_refunded': 'refunded',
} as const;

/** The short reference a person quotes: the appointment id's first eight characters, upper-cased. */
export const bookingReference = (appointmentId: string) => appointmentId.slice(0, 8).toUpperCase();

/** Every distinct e-mail of the booking: its contact (the first patient) and each patient with one. */
function bookingRecipients(appointment: AppointmentRow): string[] {
  const emails = appointment.patients
    .map((patient) => (patient.email ?? '').trim().toLowerCase())
    .filter((email) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email));
  return [...new Set(emails)];
}

/** What a partner's endpoint learns of a booking; personal data only where its profile says so. */
function webhookData(
  appointment: AppointmentRow,
  visit: { begin: Date; end: Date } | null,
  includePersonalData: boolean,
): Record<string, unknown> {
  return {
    appointment_id: appointment.id,
    reference: bookingReference(appointment.id),
    status: appointment.status,
    client_id: appointment.clientId,
    sales_source: appointment.salesSource,
    country: appointment.country,
    begin: visit?.begin.toISOString() ?? null,
    end: visit?.end.toISOString() ?? null,
    payment_status: appointment.paymentStatus,
    patients: appointment.patients.map((patient) => ({
      items: patient.items,
      packs: patient.packs,
      ...(includePersonalData
        ? {
            first_name: patient.first_name ?? null,
            last_name: patient.last_name ?? null,
            second_last_name: patient.second_last_name ?? null,
            document_type: patient.document_type ?? null,
            document_number: patient.document_number ?? null,
            email: patient.email ?? null,
            phone: patient.phone ?? null,
          }
        : {}),
    })),
  };
}

/**
 * Writes what a booking change owes the outside world, with the transaction that makes the change:
 * an e-mail per recipient (each delivered and retried on its own) and, for partners with an
 * endpoint, a webhook. The visit's window is taken now, so a cancellation still tells when the
 * visit was. `visit` overrides the stored one (a cancellation has already freed it).
 */
export async function writeBookingEvents(
  tx: Db,
  appointment: AppointmentRow,
  topic: BookingTopic,
  options: {
    visit?: { begin: Date; end: Date } | null;
    dedupeKey?: string;
    /** The partner's row when the caller has it (kept-clients.ts), else it is read here. */
    client?: ClientRow;
    /** A refund's amount, told in its e-mail. */
    refunded?: number;
    /**
     * The e-mail when the topic's own would not be true: a visit moved to another nurse in the
     * same block is 'appointment.rescheduled' to the partner but no new date to the patient.
     */
    emailKind?: 'nurse_changed';
    /** False when the patient is not to be told (a nurse's absence that keeps the time). */
    emailPatient?: boolean;
  } = {},
): Promise<{ emails: number }> {
  // A lead's cart link booked: the lead is 'booked' with the confirmation that writes this.
  if (topic === 'appointment.confirmed') await markLeadBooked(tx, appointment);
  const client =
    options.client ?? (appointment.clientId ? await findClientById(tx, appointment.clientId) : undefined);
  const profile = readPartnerProfile(client?.profile);
  const stored = options.visit === undefined ? await findVisitOfAppointment(tx, appointment.id) : null;
  const visit = options.visit ?? (stored ? { begin: stored.blockStart, end: stored.blockEnd } : null);
  const when = visit ? { begin: visit.begin.toISOString(), end: visit.end.toISOString() } : {};
  const events: NewOutboxEventRow[] = [];
  // A refund is told even when its visit's block is gone (the reason it was refunded).
  const refund = topic === 'appointment.payment_refunded';
  if (profile.booking_emails && options.emailPatient !== false && (visit || refund)) {
    for (const to of bookingRecipients(appointment))
      events.push({
        topic,
        channel: 'email',
        clientId: appointment.clientId,
        appointmentId: appointment.id,
        payload: {
          to,
          kind: options.emailKind ?? EMAIL_KIND[topic],
          ...when,
          ...(options.refunded === undefined ? {} : { refunded: options.refunded }),
        },
        dedupeKey: options.dedupeKey ? `${options.dedupeKey}:email:${to}` : null,
      });
  }
  if (profile.webhook && topic !== 'appointment.reminder') {
    events.push({
      topic,
      channel: 'webhook',
      clientId: appointment.clientId,
      appointmentId: appointment.id,
      payload: webhookData(appointment, visit, profile.webhook.include_personal_data),
    });
  }
  await enqueueEvents(tx, events);
  return { emails: events.filter((event) => event.channel === 'email').length };
}
