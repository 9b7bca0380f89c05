import { z } from 'zod';
import { countryCodeSchema, insuranceSchema, latitudeSchema, longitudeSchema } from './common.ts';

/** POST /orden-medica/create-ticket/ multipart field names: one or more files, the lead, the path. */
export const ORDER_FORM_FIELDS = { file: 'orden', lead: 'lead', path: 'path' } as const;

/** The medical-order lead (part 2 §3), sent as JSON in the 'lead' field. */
export const orderLeadSchema = z.object({
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
  target_lng: longitudeSchema,
  target_lat: latitudeSchema,
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
});
export type OrderLead = z.infer<typeof orderLeadSchema>;

/** The answer, camelized: msg 'ok' and the grouped order id, or an error. */
export const createTicketAnswerSchema = z.union([
  z.object({ msg: z.literal('ok'), groupedOrdenMedicaId: z.string() }),
  z.object({ error: z.string() }),
]);
export type CreateTicketAnswer = z.infer<typeof createTicketAnswerSchema>;
