import { z } from 'zod';
import { dateTimeSchema } from './common.ts';

/** GET /v2/appointments/{id}/booking/: what 'Tu reserva' shows, and what the person may still do. */
export const bookingViewSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(['pending', 'scheduled', 'confirmed', 'cancelled', 'expired']),
  client_id: z.string().nullable(),
  country: z.enum(['cl', 'mx']),
  currency: z.enum(['CLP', 'MXN']),
  /** The arrival window in the sector's wall-clock time; null once cancelled or never scheduled. */
  local_begin_date: dateTimeSchema.nullable(),
  local_work_period_max_lateness: dateTimeSchema.nullable(),
  target_address: z.string(),
  target_apartment_number: z.string().nullable(),
  patients: z.array(z.object({ name: z.string(), services: z.array(z.string()) })),
  paid_online: z.number(),
  pay_at_home: z.number(),
  /** Whether 'Cancelar reserva' and 'Cambiar fecha u hora' are still open, and until when (ISO). */
  can_change: z.boolean(),
  change_until: z.string().nullable(),
  /** The same moment on the sector's wall clock, as people read it. */
  local_change_until: dateTimeSchema.nullable(),
  cancellation_cutoff_hours: z.number().int(),
  /** Bumped by every change a person makes; a cancel or reschedule may send it back (409 appointment-changed when stale). */
  version: z.number().int(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/** POST /v2/appointments/{id}/cancel/: the booking is cancelled; `refund` goes back to the card. */
export const cancelBookingAnswerSchema = z.object({
  status: z.literal('cancelled'),
  refund: z.number(),
});
export type CancelBookingAnswer = z.infer<typeof cancelBookingAnswerSchema>;

/** POST /v2/appointments/{id}/reschedule/ { begin_date, end_date }: the visit moved, still confirmed. */
export const rescheduleAnswerSchema = z.object({
  status: z.literal('confirmed'),
  begin_date: dateTimeSchema,
  end_date: dateTimeSchema,
});
export type RescheduleAnswer = z.infer<typeof rescheduleAnswerSchema>;
