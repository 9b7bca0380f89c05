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

/** A nurse's id in a path: her database number. */
export const consoleNurseParamsSchema = z.object({
  id: z.string().regex(/^\d{1,10}$/, 'La enfermera no es válida.'),
});

/** The most days one absence may cover at once. */
export const SICK_DAYS_MAX = 31;

/** POST /console/nurses/:id/sick-days(/proposal): a nurse off from one local day to another. */
export const consoleSickDaysBodySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine(({ from, to }) => from <= to, {
    message: 'El último día no puede ser anterior al primero.',
    path: ['to'],
  })
  .refine(
    ({ from, to }) =>
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 < SICK_DAYS_MAX,
    { message: `Una ausencia abarca como máximo ${SICK_DAYS_MAX} días.`, path: ['to'] },
  );

const sickDayVisitSchema = z.object({
  appointment_id: z.uuid(),
  code: z.string(),
  /** First name and the last name's initial. */
  patient: z.string(),
  commune: z.string().nullable(),
  /** The visit's block now, local 'YYYY-MM-DD HH:mm:ss' in its sector. */
  begin_date: z.string(),
  end_date: z.string(),
  /**
   * Who takes it, and when: another qualified nurse of the sector free in the same block first,
   * else in the nearest other block. Null when nobody can.
   */
  proposal: z
    .object({
      nurse: z.object({ id: z.string(), name: z.string() }),
      begin_date: z.string(),
      end_date: z.string(),
      time_changed: z.boolean(),
    })
    .nullable(),
  /** Once applied: moved as proposed, or left with her (nobody could take it). Null in a proposal. */
  result: z.enum(['moved', 'unplaced']).nullable(),
  /** Once applied: whether an e-mail tells the patient (only when the time changed). */
  notified: z.boolean(),
});
export const consoleSickDaysAnswerSchema = z.object({
  nurse: z.object({ id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  visits: z.array(sickDayVisitSchema),
  /**
   * Bookings in progress on her blocks (a hold, perhaps being paid): given to another qualified
   * nurse free in the same block, so the person's time stays, else released (the person picks
   * another time; a charge made for it is refunded). Null results in a proposal.
   */
  holds: z.array(
    z.object({
      appointment_id: z.uuid(),
      code: z.string(),
      begin_date: z.string(),
      result: z.enum(['moved', 'released']).nullable(),
    }),
  ),
});

/** GET /console/agenda/route?sector_id&date: the day's travel per nurse and a plan that lowers it. */
export const consoleRouteQuerySchema = z.object({
  sector_id: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'El sector no es válido.'),
  date: isoDateSchema,
});
const routeLegSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Straight-line metres between the two addresses (or the routing engine's, when one is set). */
  meters: z.number(),
});
export const consoleRouteAnswerSchema = z.object({
  date: z.string(),
  nurses: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Her visits' codes in block order, and the way between each and the next. */
      visits: z.array(z.string()),
      legs: z.array(routeLegSchema),
      meters: z.number(),
    }),
  ),
  meters: z.number(),
  /**
   * Visits given to other nurses of the sector in the same block (skills, shifts and free blocks
   * respected, no patient's time moved) so the day's total is lower; empty when nothing lowers it.
   */
  plan: z.object({
    meters: z.number(),
    saved_meters: z.number(),
    moves: z.array(
      z.object({
        appointment_id: z.uuid(),
        code: z.string(),
        /** ISO instant of the block, unchanged. */
        start: z.string(),
        from_nurse: z.object({ id: z.string(), name: z.string() }),
        to_nurse: z.object({ id: z.string(), name: z.string() }),
      }),
    ),
  }),
});

/** POST /console/agenda/route: the plan applied as read a moment ago (refused whole if the day changed). */
export const consoleApplyRouteBodySchema = z.object({
  sector_id: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'El sector no es válido.'),
  date: isoDateSchema,
  moves: z
    .array(
      z.object({
        appointment_id: z.uuid(),
        from_nurse_id: z.string().regex(/^\d{1,10}$/),
        to_nurse_id: z.string().regex(/^\d{1,10}$/),
      }),
    )
    .min(1, 'No hay cambios que aplicar.')
    .max(500),
});
export const consoleApplyRouteAnswerSchema = z.object({ moved: z.number().int() });

/** GET /console/agenda/week?sector_id&date: seven local days from `date`, booked / capacity. */
export const consoleAgendaWeekQuerySchema = z.object({
  sector_id: z.string().trim().min(1).max(100),
  /** The week's first day. */
  date: isoDateSchema,
  client_id: z.string().trim().min(1).max(100).optional(),
  kind: z.enum(AGENDA_SERVICE_KINDS).optional(),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
});
const weekLoadSchema = z.object({
  /** Blocks with a confirmed visit (those the filters leave out count too; holds do not). */
  booked: z.number().int(),
  /** Blocks her shifts offer that day, or she has a visit in (the sector's: nurses on shift per block). */
  capacity: z.number().int(),
  /** Confirmed visits the filters keep. */
  visits: z.number().int(),
});
export const consoleAgendaWeekAnswerSchema = z.object({
  sector: z.object({ id: z.string(), name: z.string(), time_zone: z.string() }),
  days: z.array(z.object({ date: z.string() }).extend(weekLoadSchema.shape)),
  nurses: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** One entry per day of `days`, in the same order; null where she does not work. */
      days: z.array(weekLoadSchema.nullable()),
    }),
  ),
});
