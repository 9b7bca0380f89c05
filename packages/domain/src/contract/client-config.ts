import { z } from 'zod';
import { FEATURES } from '../features.ts';
import { COUNTRY_CODES } from '../locale.ts';
import { publicPartnerProfileSchema } from '../partner-profile.ts';

export const receiverSchema = z.object({ id: z.union([z.string(), z.number()]), name: z.string() });
export type Receiver = z.infer<typeof receiverSchema>;

export const clientStepSchema = z.object({ value: z.string(), label: z.string().optional() });
export type ClientStep = z.infer<typeof clientStepSchema>;

/**
 * Per-mode options (sdk_config_v2 for partner embeds, laas_config_v2 for staff).
 * names both the snake_case settings and a camelCase reading of the flow options.
 */
export const modeConfigSchema = z.object({
  main_color: z.string().nullable().optional(),
  background_logo_color: z.string().nullable().optional(),
  show_terms_and_conditions: z.boolean().optional(),
  show_non_binary_texts: z.boolean().optional(),
  show_whatsapp_sac_button: z.boolean().optional(),
  special_indications_at_om: z.boolean().optional(),
  discount_code: z.string().nullable().optional(),
  steps: z.array(z.string()).optional(),
  customFlow: z.array(z.string()).nullable().optional(),
  availableFeatures: z.array(z.enum(FEATURES)).optional(),
  fullPageAvailable: z.boolean().optional(),
  showBanner: z.boolean().optional(),
  /**
   * The client's success page for medical orders (one sales source redirects there
   * with solicitud_id). An absolute http(s) URL or a path on the page that shows the widget.
   */
  order_success_url: z.string().max(2000).nullable().optional(),
  /** The host hears 'tracking' events: each step reached and the medical order sent. */
  tracking_events: z.boolean().optional(),
  /**
   * The visit is confirmed without a card payment (gateway 'Partner'), because the partner
   * collects it itself. In sdk_config_v2 whoever holds the appointment may do so; in
   * laas_config_v2 only staff presenting the client's API token. Without it the visit is paid.
   */
  manual_confirmation: z.boolean().optional(),
  /** What such a confirmation records; 'Payment Pending' where the nurse collects at the address. */
  manual_confirmation_payment_status: z.enum(['Payment Successful', 'Payment Pending']).optional(),
});
export type ModeConfig = z.infer<typeof modeConfigSchema>;

export const clientConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  country: z.enum(COUNTRY_CODES),
  sales_source: z.string(),
  receivers: z.array(receiverSchema),
  origins: z.array(z.string()),
  is_last_mile: z.boolean(),
  show_results: z.boolean(),
  show_tyc: z.boolean(),
  default_patient_email: z.string().nullable(),
  max_patients_per_appointment: z.number().int().positive().nullable(),
  extra_amount: z.number().int().nonnegative(),
  steps: z.array(clientStepSchema),
  laas_config_v2: modeConfigSchema.nullable(),
  sdk_config_v2: modeConfigSchema.nullable(),
  /** What varies by partner (packages/domain/src/partner-profile.ts), without its secrets. */
  profile: publicPartnerProfileSchema,
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const clientConfigQuerySchema = z.object({
  id: z
    .string({ error: 'Falta el identificador de cliente (id).' })
    .trim()
    .min(1, 'Falta el identificador de cliente (id).')
    .max(100, 'El identificador de cliente es demasiado largo.'),
});
export type ClientConfigQuery = z.infer<typeof clientConfigQuerySchema>;
