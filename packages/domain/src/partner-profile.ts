import { z } from 'zod';

/** How long before the visit a person may still cancel or move it themself, unless a partner says otherwise. */
export const DEFAULT_CANCELLATION_CUTOFF_HOURS = 24;

/** A partner's endpoint for booking events; the secret signs every request and is never served. */
export const partnerWebhookSchema = z.object({
  url: z
    .string()
    .url('Debe ser una URL.')
    .max(2000)
    .refine(
      (value) => value.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(value),
      {
        message: 'Debe ser una URL https.',
      },
    ),
  secret: z.string().min(16, 'El secreto debe tener al menos 16 caracteres.').max(200),
  /** Whether the events carry the patients' personal data (names, document, contact). */
  include_personal_data: z.boolean().default(false),
});
export type PartnerWebhook = z.infer<typeof partnerWebhookSchema>;

/**
 * What a partner decides about what happens after a booking, stored with the client. Every field
 * has a default, so an empty profile is a valid one.
 */
export const partnerProfileSchema = z.object({
  /** Hours before the visit after which 'Cancelar reserva' and 'Cambiar fecha u hora' close. */
  cancellation_cutoff_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(DEFAULT_CANCELLATION_CUTOFF_HOURS),
  /** Confirmation, change and reminder e-mails to the booking's contact and patients. */
  booking_emails: z.boolean().default(true),
  webhook: partnerWebhookSchema.nullable().default(null),
});
export type PartnerProfile = z.infer<typeof partnerProfileSchema>;

/** A stored profile read safely: anything unreadable falls back to the defaults, field by field. */
export function readPartnerProfile(stored: unknown): PartnerProfile {
  const parsed = partnerProfileSchema.safeParse(stored ?? {});
  if (parsed.success) return parsed.data;
  const defaults = partnerProfileSchema.parse({});
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const field = <K extends keyof PartnerProfile>(key: K): PartnerProfile[K] => {
    const one = partnerProfileSchema.shape[key].safeParse(value[key]);
    return one.success ? (one.data as PartnerProfile[K]) : defaults[key];
  };
  return {
    cancellation_cutoff_hours: field('cancellation_cutoff_hours'),
    booking_emails: field('booking_emails'),
    webhook: field('webhook'),
  };
}
