import type { SessionOrigin } from './client.ts';
import type { Step } from './steps.ts';

/** Origin of an embedded session: laas when the embedding host is a known staff host, else sdk. */
export function originForHost(host: string | null | undefined, laasHosts: readonly string[]): SessionOrigin {
  const normalized = host?.trim().toLowerCase();
  return normalized && laasHosts.some((laas) => laas.trim().toLowerCase() === normalized) ? 'laas' : 'sdk';
}

/**
 * Only a cart-maker appointment still being booked (pending: no visit chosen yet; scheduled: a visit
 * held) becomes the current appointment; a confirmed, cancelled or expired one is never reopened,
 * and the link starts a new appointment with the same cart
 * (docs/decisions/cart-maker-link-after-booking.md).
 */
export function cartMakerCurrentAppointmentId(
  appointment: { id: string; status: string } | null,
): string | null {
  if (!appointment) return null;
  return appointment.status === 'pending' || appointment.status === 'scheduled' ? appointment.id : null;
}

/** The cart is prefilled from services/packs only once, and only when the skip flag is off. */
export function shouldPrefillCart(state: { alreadyPrefilled: boolean; skipPrefill: boolean }): boolean {
  return !state.alreadyPrefilled && !state.skipPrefill;
}

/**
 * Where the appointment is created: at the address step when the flow comes from the
 * cart maker; when Continue is pressed on the services step ("the services step moves on once the
 * appointment is created": the date step that follows schedules a block on it); and at
 * confirmation if still none exists.
 */
export function createsAppointmentAt(
  step: Step,
  state: { fromCartMaker: boolean; appointmentId: string | null | undefined },
): boolean {
  if (state.appointmentId) return false;
  if (step === 'address') return state.fromCartMaker;
  return step === 'services' || step === 'confirmation';
}

/** Analytics never carries a value with an at-sign (an e-mail): it is replaced. */
export const REDACTED = '[redacted]';
export function redactForAnalytics<T>(value: T): T | typeof REDACTED {
  return typeof value === 'string' && value.includes('@') ? REDACTED : value;
}
