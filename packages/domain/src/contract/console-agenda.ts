/**
 * The day's agenda of one sector: each nurse's blocks with their visits, free blocks and live
 * holds, and the sector's load (booked / capacity) per block.
 */
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointments.ts';
import { isoDateSchema } from './common.ts';

export const consoleSectorListSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      country: z.string(),
      sales_source: z.string(),
      time_zone: z.string(),
    }),
  ),
});
export const consoleSectorsQuerySchema = z.object({
  country: z.string().trim().min(2).max(2).optional(),
  sales_source: z.string().trim().min(1).max(100).optional(),
});

/**
 * What a visit's services are, as the agenda filters them: a pack, or an item by the skill it
 * needs (a lab exam, a vaccine, a medical service).
 */
export const AGENDA_SERVICE_KINDS = ['exam', 'pack', 'vaccine', 'service'] as const;
export type AgendaServiceKind = (typeof AGENDA_SERVICE_KINDS)[number];

export const consoleAgendaDayQuerySchema = z.object({
  sector_id: z.string().trim().min(1).max(100),
  /** The sector's local day. */
  date: isoDateSchema,
  client_id: z.string().trim().min(1).max(100).optional(),
  /** A service kind the visit includes (a pack counts its items' kinds too). */
  kind: z.enum(AGENDA_SERVICE_KINDS).optional(),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
});

export const consoleAgendaVisitSchema = z.object({
  appointment_id: z.uuid(),
  code: z.string(),
  client_id: z.string(),
  /** First name and the last name's initial: enough to recognise, no more. */
  patient: z.string(),
  commune: z.string().nullable(),
  services: z.array(z.string()),
  status: z.enum(APPOINTMENT_STATUSES),
  payment_status: z.string().nullable(),
});
export const consoleAgendaBlockSchema = z.object({
  /** ISO instants. */
  start: z.string(),
  end: z.string(),
  /**
   * free: the nurse works and nobody holds it; hold: a booking in course holds it; booked: a
   * confirmed visit. A visit the filters leave out keeps its state with `visit` null.
   */
  state: z.enum(['free', 'booked', 'hold']),
  visit: consoleAgendaVisitSchema.nullable(),
  /** Until when a hold lasts. */
  hold_expires_at: z.string().nullable(),
});
export const consoleAgendaDayAnswerSchema = z.object({
  sector: z.object({ id: z.string(), name: z.string(), time_zone: z.string() }),
  date: z.string(),
  /** The sector's blocks that day, with visits booked and nurses working. */
  load: z.array(
    z.object({ start: z.string(), end: z.string(), booked: z.number().int(), capacity: z.number().int() }),
  ),
  nurses: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      skills: z.array(z.string()),
      blocks: z.array(consoleAgendaBlockSchema),
    }),
  ),
});
