import { createEvent } from 'ics';
import type { BookingEmail } from './booking-email.ts';

/**
 * The visit as an iCalendar event (the `.ics` attachment): the arrival window in UTC, so every
 * calendar shows it in its own zone; a cancellation carries the same UID and a higher sequence,
 * so calendars that imported the visit remove it.
 */
export function bookingCalendar(
  email: BookingEmail & { begin: Date; end: Date },
  appointmentId: string,
  sequence: number,
): string {
  const cancelled = email.kind === 'cancelled';
  const { value, error } = createEvent({
    productId: 'visita/booking',
    uid: `${appointmentId}@visita`,
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    sequence,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    start: email.begin.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: email.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Visita a domicilio · ${email.partner.name}`,
    location: [email.address.line, email.address.apartment && `depto. ${email.address.apartment}`]
      .filter(Boolean)
      .join(', '),
    description: `Reserva ${email.reference}. La enfermera o el especialista llega dentro de esta ventana horaria.\n${email.manageUrl}`,
  });
  // The inputs are built by this module from stored data; a failure here is a bug, not bad input.
  if (error || !value) throw error ?? new Error('calendar event not created');
  return value;
}
