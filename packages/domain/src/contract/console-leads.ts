/**
 * The console's medical orders (leads): the inbox of the orders patients upload in the widget,
 * one lead's page (contact, address, files, notes, history), its status by hand with a note, and
 * the cart sent to the person as a cart-maker link (status 'quoted'); the booking made through
 * that link makes it 'booked' with its appointment. Roles with leads.read read, leads.write change.
 */
import { z } from 'zod';
import { UPLOAD_ALLOWED_TYPES } from '../constants.ts';
import { itemIdSchema } from './catalogue.ts';
import { MEDICAL_ORDER_STATUSES } from './orders.ts';

export const LEAD_STATUSES = MEDICAL_ORDER_STATUSES;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * What the widget promises after an upload ('Te contactaremos en las próximas horas con la
 * cotización de tus exámenes'): the console holds the team to an answer within these hours.
 */
export const LEAD_ANSWER_HOURS = 4;

/** The statuses an operator sets by hand: 'booked' comes only from the booking itself. */
export const LEAD_MANUAL_STATUSES = ['new', 'contacted', 'quoted', 'closed'] as const;

/** A lead that still waits for the team's answer (age counts against the promise). */
export const leadAwaitsAnswer = (status: LeadStatus) => status === 'new';

export const CONSOLE_LEADS_LIMIT_MAX = 100;

export const consoleLeadListQuerySchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: 'El estado no es válido.' }).optional(),
  /** newest: the latest upload first; oldest: the one waiting longest first. */
  order: z.enum(['newest', 'oldest'], { error: "El orden debe ser 'newest' u 'oldest'." }).default('newest'),
  limit: z.coerce.number().int().min(1).max(CONSOLE_LEADS_LIMIT_MAX).default(50),
});
export type ConsoleLeadListQuery = z.input<typeof consoleLeadListQuerySchema>;

export const consoleLeadSummarySchema = z.object({
  id: z.uuid(),
  /** The short code the team quotes: the order's first eight characters, upper-cased. */
  code: z.string(),
  client_id: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  commune: z.string(),
  created_at: z.string(),
  /** Whole minutes since the upload, when the answer was read. */
  age_minutes: z.number().int(),
  /** The promised answer's deadline (created_at + LEAD_ANSWER_HOURS). */
  answer_due_at: z.string(),
  /** Still 'new' past its deadline. */
  overdue: z.boolean(),
  files: z.number().int(),
  status_changed_at: z.string().nullable(),
  status_changed_by: z.string().nullable(),
  appointment_id: z.uuid().nullable(),
});
export type ConsoleLeadSummary = z.infer<typeof consoleLeadSummarySchema>;

export const consoleLeadListAnswerSchema = z.object({
  results: z.array(consoleLeadSummarySchema),
  /** Every lead the filter matches (results holds at most `limit`). */
  total: z.number().int(),
  answer_hours: z.number().int(),
});
export type ConsoleLeadListAnswer = z.infer<typeof consoleLeadListAnswerSchema>;

export const consoleLeadFileSchema = z.object({
  id: z.uuid(),
  content_type: z.enum(UPLOAD_ALLOWED_TYPES),
  size: z.number().int(),
  original_name: z.string().nullable(),
  created_at: z.string(),
  /** GET it (the console's session): the bytes inline, with their stored type. */
  url: z.string(),
});

export const consoleLeadNoteSchema = z.object({
  id: z.uuid(),
  author: z.string(),
  text: z.string(),
  created_at: z.string(),
});

export const consoleLeadHistoryEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  actor: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

export const consoleLeadDetailSchema = consoleLeadSummarySchema.extend({
  country: z.enum(['cl', 'mx']),
  sales_source: z.string(),
  address: z.object({
    line: z.string(),
    street_number: z.string().nullable(),
    apartment: z.string().nullable(),
    additional_info: z.string().nullable(),
    commune: z.string(),
    region: z.string(),
    residence_type: z.string().nullable(),
  }),
  special_needs: z.string().nullable(),
  insurance: z.string().nullable(),
  files: z.array(consoleLeadFileSchema),
  notes: z.array(consoleLeadNoteSchema),
  history: z.array(consoleLeadHistoryEntrySchema),
  /** The last cart sent (its link), or null. */
  cart: z
    .object({
      id: z.string(),
      url: z.string(),
      discount_code: z.string().nullable(),
      patients: z.array(
        z.object({
          items: z.array(z.object({ id: itemIdSchema })),
          packs: z.array(z.object({ id: itemIdSchema })),
        }),
      ),
    })
    .nullable(),
  answer_hours: z.number().int(),
});
export type ConsoleLeadDetail = z.infer<typeof consoleLeadDetailSchema>;

export const consoleLeadFileParamsSchema = z.object({ id: z.uuid(), fileId: z.uuid() });

/** The file's bytes: binary, its stored type (PDF, JPEG or PNG). */
export const consoleLeadFileAnswerSchema = z.unknown();

export const consoleLeadStatusBodySchema = z.object({
  status: z.enum(LEAD_MANUAL_STATUSES, {
    error: 'El estado debe ser nueva, contactada, cotizada o cerrada (agendada la pone la reserva).',
  }),
  note: z.string().trim().max(2000, 'La nota admite hasta 2000 caracteres.').optional(),
});
export type ConsoleLeadStatusBody = z.infer<typeof consoleLeadStatusBodySchema>;

export const consoleLeadNoteBodySchema = z.object({
  text: z.string().trim().min(1, 'Escribe la nota.').max(2000, 'La nota admite hasta 2000 caracteres.'),
});

const catalogueIds = z
  .array(z.number().int().positive().max(999_999_999), { error: 'Los ítems deben ser ids del catálogo.' })
  .max(50, 'Un paciente puede llevar hasta 50 ítems.');

export const consoleLeadCartBodySchema = z.object({
  patients: z
    .array(
      z
        .object({ items: catalogueIds.default([]), packs: catalogueIds.default([]) })
        .refine((patient) => patient.items.length + patient.packs.length > 0, {
          message: 'Cada paciente necesita al menos un examen o un pack.',
        }),
      { error: 'Indica los pacientes del carrito.' },
    )
    .min(1, 'Indica los pacientes del carrito.')
    .max(10, 'Un carrito admite hasta 10 pacientes.'),
  discount_code: z
    .string()
    .trim()
    .max(50, 'El cupón admite hasta 50 caracteres.')
    .regex(/^[A-Za-z0-9_-]*$/, 'El cupón solo admite letras, números, guiones y guiones bajos.')
    .optional(),
});
export type ConsoleLeadCartBody = z.input<typeof consoleLeadCartBodySchema>;

export const consoleLeadCartAnswerSchema = z.object({
  cart_maker_id: z.string(),
  url: z.string(),
  status: z.enum(LEAD_STATUSES),
  /** Whom the link was e-mailed to. */
  email: z.string(),
});
export type ConsoleLeadCartAnswer = z.infer<typeof consoleLeadCartAnswerSchema>;
