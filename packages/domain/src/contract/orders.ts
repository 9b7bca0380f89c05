import { z } from 'zod';
import { UPLOAD_ALLOWED_TYPES, UPLOAD_MAX_BYTES } from '../constants.ts';
import { EMAIL_FORMAT_MESSAGE, isValidEmail } from '../validators/email.ts';
import { isValidPhone, PHONE_FORMAT_MESSAGE } from '../validators/phone.ts';
import { countryCodeSchema, insuranceSchema } from './common.ts';
import { apiErrorSchema } from './errors.ts';

/** POST /orden-medica/create-ticket/ multipart field names: one or more files, the lead, the path. */
export const ORDER_FORM_FIELDS = { file: 'orden', lead: 'lead', path: 'path' } as const;

/** GET /orden-medica/: a staff client's medical orders. */

/**
 * Limits of one upload request. The per-file size is the product's; at most ten files
 * per order is ours: the widget adds one file per selection, and nobody sends more than a few.
 */
export const ORDER_UPLOAD_LIMITS = {
  maxFileBytes: UPLOAD_MAX_BYTES,
  maxFiles: 10,
  /** The lead JSON is a few kilobytes at most (every field at its longest, escaped). */
  maxLeadBytes: 20_000,
  maxPathLength: 2_000,
} as const;

/** The query (or x-client-id header) that says which client's widget sends the order. */
export const CLIENT_ID_HEADER = 'x-client-id';
export const createTicketQuerySchema = z.object({
  client_id: z.string().trim().min(1).max(100).optional(),
});

/**
 * The multipart form as the OpenAPI document shows it. The server reads the parts as a stream
 * (never as a parsed body), so this only describes them: a multipart request has no parsed body (null), which it accepts.
 */
export const createTicketFormSchema = z
  .object({
    [ORDER_FORM_FIELDS.lead]: z.string().meta({ description: 'El lead como texto JSON.' }),
    [ORDER_FORM_FIELDS.path]: z.string().optional().meta({ description: 'La ruta de la página que envía.' }),
    [ORDER_FORM_FIELDS.file]: z
      .array(z.string().meta({ format: 'binary' }))
      .meta({ description: 'De 1 a 10 archivos PDF, JPEG o PNG de hasta 15.000.000 bytes cada uno.' }),
  })
  .nullish();

/** Strict numbers: a lead is JSON, and a coerced null would be the point 0,0. */
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** The medical-order lead, sent as JSON in the 'lead' field. */
export const orderLeadSchema = z
  .object({
    address_line_1: z.string().trim().min(1).max(300),
    target_address: z.string().trim().min(1).max(500),
    comuna: z.string().trim().min(1).max(100),
    region: z.string().trim().min(1).max(100),
    zip_code: z.string().trim().max(20).nullable(),
    country: countryCodeSchema,
    target_street_number: z.string().trim().min(1).max(20),
    target_address_additional_info: z.string().trim().max(500).nullable(),
    target_apartment_number: z.string().trim().max(100).nullable(),
    target_residence_type: z.enum(['apartment', 'house']),
    target_lng: longitude,
    target_lat: latitude,
    street: z.string().trim().min(1).max(200),
    number: z.string().trim().min(1).max(20),
    name: z.string().trim().min(1).max(200),
    phone: z.string().trim().min(1).max(20),
    triggered_from: z.string().trim().max(20),
    section_origin: z.literal('medical-order-sdk'),
    sales_source: z.string().trim().min(1).max(100),
    special_needs: z.string().trim().max(1000).nullable(),
    email: z.string().trim().max(254),
    insurance: insuranceSchema.nullable(),
  })
  // The contact form's rules: an operator calls and writes back with these.
  .superRefine((lead, context) => {
    if (!isValidPhone(lead.phone, lead.country)) {
      context.addIssue({ code: 'custom', path: ['phone'], message: PHONE_FORMAT_MESSAGE });
    }
    if (!isValidEmail(lead.email)) {
      context.addIssue({ code: 'custom', path: ['email'], message: EMAIL_FORMAT_MESSAGE });
    }
  });
export type OrderLead = z.infer<typeof orderLeadSchema>;

const isBlankValue = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Whether a lead carries a chosen address at all: a point and its text. Without one the answer is
 * 'No se ha seleccionado una dirección', not a field error.
 */
export function leadHasAddress(lead: unknown): boolean {
  if (!lead || typeof lead !== 'object' || Array.isArray(lead)) return false;
  const fields = lead as Record<string, unknown>;
  return !['target_lat', 'target_lng', 'address_line_1', 'target_address'].some((name) =>
    isBlankValue(fields[name]),
  );
}

export const createTicketOkSchema = z.object({ msg: z.literal('ok'), groupedOrdenMedicaId: z.string() });

/**
 * The answer: msg 'ok' and the grouped order id, or an error. Our API answers errors as
 * {err, msg}; the product's {error} form is still read, for an older server.
 */
export const createTicketAnswerSchema = z.union([
  createTicketOkSchema,
  apiErrorSchema,
  z.object({ error: z.string() }),
]);
export type CreateTicketAnswer = z.infer<typeof createTicketAnswerSchema>;

// ---- GET /orden-medica/ (staff: the client's Bearer API token) ----

export const medicalOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const MEDICAL_ORDER_STATUSES = ['new', 'contacted', 'quoted', 'booked', 'closed'] as const;

export const medicalOrderFileSchema = z.object({
  id: z.string(),
  content_type: z.enum(UPLOAD_ALLOWED_TYPES),
  size: z.number().int(),
  /** The name the person's file had, for display only (never part of where it is stored). */
  original_name: z.string().nullable(),
  created_at: z.string(),
});

export const medicalOrderSchema = z.object({
  id: z.string(),
  grouped_orden_medica_id: z.string(),
  status: z.enum(MEDICAL_ORDER_STATUSES),
  client_id: z.string().nullable(),
  sales_source: z.string(),
  country: countryCodeSchema,
  path: z.string().nullable(),
  sector_id: z.number().int().nullable(),
  created_at: z.string(),
  /** The lead as it was accepted (fields). */
  lead: z.record(z.string(), z.unknown()),
  files: z.array(medicalOrderFileSchema),
});
export type MedicalOrder = z.infer<typeof medicalOrderSchema>;

export const medicalOrdersAnswerSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(medicalOrderSchema),
});
export type MedicalOrdersAnswer = z.infer<typeof medicalOrdersAnswerSchema>;
