/**
 * The console's appointments: search (keyset pages, newest first), one appointment's page and its
 * history. A `partner` operator gets only its partner's appointments; another's answers 403.
 */
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointments.ts';
import { dateTimeSchema, isoDateSchema } from './common.ts';

export const CONSOLE_SEARCH_LIMIT_MAX = 100;

export const consoleAppointmentSearchQuerySchema = z.object({
  /** A patient's name, RUT or document, e-mail, phone, an appointment id or its short code. */
  q: z.string().trim().max(120).optional(),
  client_id: z.string().trim().min(1).max(100).optional(),
  /** The visit's local day, from and to (inclusive). */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  payment_status: z.string().trim().min(1).max(40).optional(),
  /** The `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CONSOLE_SEARCH_LIMIT_MAX).default(25),
});

export const consoleAppointmentSummarySchema = z.object({
  id: z.uuid(),
  /** The short code patients read in their e-mails. */
  code: z.string(),
  client_id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  payment_status: z.string().nullable(),
  created_at: z.string(),
  /** The visit's start and end, ISO instants; null before a block was held. */
  begin_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** The first patient's name, and how many patients. */
  patient_name: z.string().nullable(),
  patients: z.number().int(),
  commune: z.string().nullable(),
  total: z.number(),
});
export const consoleAppointmentSearchAnswerSchema = z.object({
  results: z.array(consoleAppointmentSummarySchema),
  next_cursor: z.string().nullable(),
});

/** A visit's last word from the field: done, or nobody was there. */
export const VISIT_OUTCOMES = ['done', 'no_show'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** How a payment collected at the address was made. */
export const COLLECTED_PAYMENT_METHODS = ['cash', 'card_terminal', 'transfer'] as const;

export const consoleNoteSchema = z.object({
  at: z.string(),
  /** The operator's name and e-mail. */
  author: z.string(),
  text: z.string(),
});

const detailPatientSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  document_type: z.string().nullable(),
  document: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  items: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number() })),
});
const detailPaymentSchema = z.object({
  id: z.string(),
  status: z.string(),
  method: z.string().nullable(),
  gateway: z.string().nullable(),
  gateway_id: z.string().nullable(),
  amount: z.number(),
  created_at: z.string(),
  refunded_amount: z.number().nullable(),
});
const detailMessageSchema = z.object({
  /** 'email' or 'webhook'. */
  channel: z.string(),
  topic: z.string(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  attempts: z.number().int(),
});

export const consoleAppointmentDetailSchema = consoleAppointmentSummarySchema.extend({
  address: z.string().nullable(),
  nurse: z.object({ id: z.string(), name: z.string() }).nullable(),
  sector: z.object({ id: z.string(), name: z.string() }).nullable(),
  patients_detail: z.array(detailPatientSchema),
  amounts: z.object({
    subtotal: z.number(),
    discount: z.number(),
    total: z.number(),
    /**
     * The booking's account once its money is frozen (docs/decisions/money-ledger.md), null before:
     * who owes which part, what was paid, refunded and written off, and what is still to collect at
     * the address (what 'Registrar pago en domicilio' offers).
     */
    ledger: z
      .object({
        due_online: z.number(),
        due_at_address: z.number(),
        due_company: z.number(),
        paid: z.number(),
        refunded: z.number(),
        written_off: z.number(),
        to_collect: z.number(),
        company_owes: z.number(),
      })
      .nullable(),
  }),
  payments: z.array(detailPaymentSchema),
  messages: z.array(detailMessageSchema),
  /** Internal notes, newest first. */
  notes: z.array(consoleNoteSchema),
  /** Set once the visit has begun: done or a no-show. */
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  /** Bumped by every change a person makes; sent back with a change (appointmentVersionSchema). */
  version: z.number().int(),
});

export const consoleHistoryEntrySchema = z.object({
  at: z.string(),
  /** 'audit' (a person's change), 'status', 'payment' or 'message'. */
  kind: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export const consoleHistoryAnswerSchema = z.object({ results: z.array(consoleHistoryEntrySchema) });

/**
 * GET /console/appointments/:id/move-options?date=: the blocks of that local day a visit may move
 * to; without a date, of the visit's own day (the sector's, which the console does not know).
 */
export const consoleMoveOptionsQuerySchema = z.object({ date: isoDateSchema.optional() });
export const consoleMoveOptionsAnswerSchema = z.object({
  date: z.string(),
  time_zone: z.string(),
  /** Each block of the sector's shifts that day with the qualified nurses free in it. */
  blocks: z.array(
    z.object({
      /** Local 'YYYY-MM-DD HH:mm', as the hold takes them. */
      begin_date: z.string(),
      end_date: z.string(),
      nurses: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  /** The visit's block and nurse now, when it has one. */
  current: z.object({ begin_date: z.string(), nurse_id: z.string() }).nullable(),
});

/** POST /console/appointments/:id/move: to another nurse, block or both. */
/**
 * The appointment's version as the page that sends a change read it (its detail's `version`): a
 * change made from an older one answers 409 appointment-changed instead of overwriting another's.
 */
export const appointmentVersionSchema = z.number().int().min(0).max(2_147_483_647).optional();

export const consoleMoveBodySchema = z.object({
  version: appointmentVersionSchema,
  begin_date: dateTimeSchema,
  end_date: dateTimeSchema,
  nurse_id: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'La enfermera no es válida.'),
});
export const consoleMoveAnswerSchema = z.object({
  begin_date: z.string(),
  end_date: z.string(),
  nurse: z.object({ id: z.string(), name: z.string() }),
  /** Whether an e-mail tells the patient (the partner may send none, or the patient gave no address). */
  notified: z.boolean(),
});

/** POST /console/appointments/:id/cancel: a reason the history keeps. */
export const consoleCancelBodySchema = z.object({
  version: appointmentVersionSchema,
  reason: z.string().trim().min(3, 'Indica el motivo.').max(500),
});
export const consoleCancelAnswerSchema = z.object({
  status: z.literal('cancelled'),
  /** What the card payment's refund returns; 0 when nothing was charged online. */
  refund: z.number(),
});

/** POST /console/appointments/:id/notes: an internal note, never shown to the patient. */
export const consoleNoteBodySchema = z.object({
  text: z.string().trim().min(1, 'Escribe la nota.').max(2000),
});

/** POST /console/appointments/:id/payments: a payment collected at the address. */
export const consoleRecordPaymentBodySchema = z.object({
  amount: z.number().int().positive().max(100_000_000),
  method: z.enum(COLLECTED_PAYMENT_METHODS),
  reference: z.string().trim().max(120).optional(),
});

/** POST /console/appointments/:id/outcome: once the visit's block has begun. */
export const consoleOutcomeBodySchema = z.object({
  version: appointmentVersionSchema,
  outcome: z.enum(VISIT_OUTCOMES),
});
