import { z } from 'zod';

/**
 * What the page that embeds the widget may send it (part 1 §4, part 2 §4), parsed because a page
 * is not trusted. The outbound protocol belongs to the embed script and the widget's host bridge.
 */

/** Preloaded patient data from the host; on a failed parse the widget reports an error. */
export const preloadedPatientSchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  second_name: z.string().trim().max(100).nullish(),
  last_name: z.string().trim().min(1).max(100),
  second_last_name: z.string().trim().max(100).nullish(),
  date_of_birth: z.iso.date(),
  gender: z.enum(['male', 'female', 'other']),
  document_type: z.enum(['ci', 'passport', 'generic_id']),
  document_number: z.string().trim().min(1).max(50),
  email: z.string().trim().max(254).nullish(),
  phone: z.string().trim().max(20).nullish(),
});
export type PreloadedPatient = z.infer<typeof preloadedPatientSchema>;

/** What the host may send: clientId, apiToken, folio, patient, displayedServicesIds. */
export const hostInboundMessageSchema = z.object({
  clientId: z.string().trim().min(1).max(100).optional(),
  apiToken: z.string().trim().min(1).max(500).optional(),
  folio: z.string().trim().max(100).optional(),
  patient: z.unknown().optional(),
  displayedServicesIds: z
    .array(z.union([z.string(), z.number()]))
    .max(500)
    .optional(),
});
export type HostInboundMessage = z.infer<typeof hostInboundMessageSchema>;

export type PreloadedPatientResult = { ok: true; patient: PreloadedPatient } | { ok: false; message: string };

/** Validates the host's patient; the message names the first bad field for the host's developers. */
export function parsePreloadedPatient(value: unknown): PreloadedPatientResult {
  const parsed = preloadedPatientSchema.safeParse(value);
  if (parsed.success) return { ok: true, patient: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `invalid patient: ${issue?.path.join('.') || 'value'}` };
}
