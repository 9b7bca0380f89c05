import { readPartnerProfile } from '@visita/domain/partner-profile';
import { resolveColor } from '@visita/domain/theme';
import { and, eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import type { Db } from '../../db/database.ts';
import { payments } from '../../db/schema.ts';
import { createAppointmentLink } from '../appointments/access.ts';
import { findAppointmentById } from '../appointments/queries.ts';
import { patientNameOf, serviceIdsOf } from '../appointments/stored-cart.ts';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { keptClient } from '../clients/kept-clients.ts';
import { PASSWORD_RESET_TOPIC } from '../console/auth.ts';
import { deliverPasswordResetEmail } from '../console/password-reset-email.ts';
import { deliverLeadCartEmail, LEAD_CART_LINK_TOPIC } from '../orders/lead-cart-email.ts';
import type { ClaimedEvent } from '../outbox/queries.ts';
import { CONSOLE_GATEWAY, findSettledPayments } from '../payments/queries.ts';
import { summaryQuote } from '../payments/quote.ts';
import { appointmentTimeZone } from '../appointments/visit-times.ts';
import type { RosterCache } from '../scheduling/roster.ts';
import { deliverWebhook } from '../webhooks/deliver-webhook.ts';
import { bookingCalendar } from './booking-calendar.ts';
import { type BookingEmail, renderBookingEmail } from './booking-email.ts';
import { bookingReference } from './booking-events.ts';

export interface DeliveryContext {
  db: Db;
  mailer: Mailer;
  /** Refunds of cancelled bookings go through it. */
  gateway: PaymentGateway;
  catalogue: () => Promise<CatalogueSnapshot>;
  /** Where people reach the widget (its origin): the manage link points there. */
  publicUrl: string;
  /** The sender: the partner's name is shown, this address used. */
  mailFrom: string;
  /** The instance's sectors, as it keeps them (the visit's wall clock). */
  rosters: RosterCache;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach this machine and its network (tests only). */
  webhookAllowPrivate?: boolean;
}

/** A delivery that can never succeed (the appointment is gone): done, not retried. */
const NOTHING_TO_DELIVER = undefined;

async function bookingEmail(context: DeliveryContext, event: ClaimedEvent): Promise<void> {
  const payload = event.payload as {
    to?: string;
    kind?: BookingEmail['kind'];
    begin?: string;
    end?: string;
    refunded?: number;
  };
  // Every e-mail tells its visit's window but a refund's, whose block may be gone.
  const refund = payload.kind === 'refunded';
  if (!event.appointmentId || !payload.to || !payload.kind || (!refund && (!payload.begin || !payload.end)))
    return NOTHING_TO_DELIVER;
  const appointment = await findAppointmentById(context.db, event.appointmentId);
  if (!appointment) return NOTHING_TO_DELIVER;
  const client = appointment.clientId ? await keptClient(context.db, appointment.clientId) : undefined;
  const timeZone = await appointmentTimeZone(context.db, context.rosters, appointment);
  const catalogue = await context.catalogue();
  const partnerName = client?.name ?? 'Visita';

  const patients = appointment.patients.map((patient) => ({
    name: patientNameOf(patient),
    services: serviceIdsOf(patient).flatMap((id) => {
      const item = catalogue.byId.get(id);
      return item ? [{ name: item.displayName ?? item.name, fastingHours: item.fastHours }] : [];
    }),
  }));

  const paid = await findSettledPayments(context.db, appointment.id);
  // Approved online (a card), or recorded by the staff as collected at the address: both money
  // received, said apart. What is left to pay at the address is what the frozen quote left due
  // there, less what was collected (docs/decisions/money-ledger.md).
  const sumOf = (keep: (row: (typeof paid)[number]) => boolean) =>
    paid.filter(keep).reduce((total, row) => total + row.amount, 0);
  const card = sumOf((row) => row.status === 'approved' && row.gateway !== CONSOLE_GATEWAY);
  const collected = sumOf((row) => row.status === 'approved' && row.gateway === CONSOLE_GATEWAY);
  const cash = paid.find((row) => row.status === 'cash');
  const quote = await summaryQuote(context.db, catalogue, appointment);
  const dueAtAddress =
    appointment.quote?.due.at_address ??
    cash?.amount ??
    (collected > 0 ? collected : (quote?.payment_at_home ?? 0));
  // A cancellation owes nothing more: it tells only what goes back to the card.
  const amounts =
    refund || payload.kind === 'cancelled'
      ? { paidOnline: 0, payAtHome: 0, refunded: payload.refunded ?? 0 }
      : {
          paidOnline: card,
          collected,
          payAtHome: Math.max(0, Math.round((dueAtAddress - collected) * 100) / 100),
        };

  // Each e-mail carries a link of its own; a cancellation has nothing left to manage.
  const manageToken =
    payload.kind === 'cancelled' || refund ? null : await createAppointmentLink(context.db, appointment.id);
  const manageUrl = new URL(`/${encodeURIComponent(appointment.clientId ?? '')}`, context.publicUrl);
  manageUrl.searchParams.set('appointment', appointment.id);
  if (manageToken) manageUrl.searchParams.set('token', manageToken);

  const email: BookingEmail = {
    kind: payload.kind,
    partner: { name: partnerName, mainColor: resolveColor(client?.sdkConfig?.main_color) },
    country: appointment.country,
    reference: bookingReference(appointment.id),
    timeZone,
    begin: payload.begin ? new Date(payload.begin) : null,
    end: payload.end ? new Date(payload.end) : null,
    address: {
      line: appointment.targetAddress,
      apartment: appointment.targetApartmentNumber,
      additionalInfo: appointment.targetAddressAdditionalInfo,
    },
    patients,
    amounts,
    manageUrl: manageUrl.toString(),
  };
  const rendered = renderBookingEmail(email);
  await context.mailer.send({
    from: `"${partnerName.replaceAll('"', '')}" <${context.mailFrom}>`,
    to: [payload.to],
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: `<${event.id}@visita>`,
    // A refund has no visit to put in a calendar.
    attachments:
      !email.begin || !email.end
        ? []
        : [
            {
              filename: 'visita.ics',
              contentType: 'text/calendar; charset=utf-8',
              // Later e-mails revise the event earlier ones added (a move, a cancellation): the
              // sequence grows with the time each change was made.
              content: bookingCalendar(
                { ...email, begin: email.begin, end: email.end },
                appointment.id,
                payload.kind === 'confirmed' ? 0 : event.attempts + (Date.now() % 1000),
              ),
            },
          ],
  });
}

async function bookingWebhook(context: DeliveryContext, event: ClaimedEvent): Promise<void> {
  if (!event.clientId) return NOTHING_TO_DELIVER;
  const client = await keptClient(context.db, event.clientId);
  const webhook = readPartnerProfile(client?.profile).webhook;
  // The partner removed its endpoint since: nothing is owed any more.
  if (!webhook) return NOTHING_TO_DELIVER;
  await deliverWebhook(
    webhook,
    { id: event.id, topic: event.topic, payload: event.payload },
    { allowPrivate: context.webhookAllowPrivate ?? false },
  );
}

/**
 * A cancelled booking's card payment, returned whole. The gateway's idempotency key is the
 * payment's own, so a refund asked twice (a retry after a lost answer) is made once.
 */
async function bookingRefund(context: DeliveryContext, event: ClaimedEvent): Promise<void> {
  const paymentId = (event.payload as { payment_id?: unknown }).payment_id;
  if (typeof paymentId !== 'string') return NOTHING_TO_DELIVER;
  const [payment] = await context.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'approved') return NOTHING_TO_DELIVER;
  if (payment.gatewayPaymentId)
    await context.gateway.refund(payment.gatewayPaymentId, `cancel-${payment.id}`);
  await context.db
    .update(payments)
    .set({ status: 'refunded', statusDetail: 'refunded:cancelled', updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'approved')));
}

/** What the outbox worker calls for each claimed event. */
export function createBookingDeliverer(context: DeliveryContext) {
  return (event: ClaimedEvent): Promise<void> => {
    switch (event.channel) {
      case 'email':
        // The one e-mail that is not a booking's: a console operator's password reset link.
        if (event.topic === PASSWORD_RESET_TOPIC) return deliverPasswordResetEmail(context, event);
        // A lead's cart link (the console's medical orders).
        if (event.topic === LEAD_CART_LINK_TOPIC) return deliverLeadCartEmail(context, event);
        return bookingEmail(context, event);
      case 'webhook':
        return bookingWebhook(context, event);
      case 'refund':
        return bookingRefund(context, event);
    }
  };
}
