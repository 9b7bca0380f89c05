import { CONSOLE_AUDIT_ACTIONS } from '../console-permissions.ts';
import { z } from 'zod';
import { COUNTRY_CODES } from '../locale.ts';
import { clientStepSchema, modeConfigSchema, receiverSchema } from './client-config.ts';
import { isSafeText } from './safe-text.ts';

/**
 * The operator's partner API (/api/admin/partners): a partner's whole document, as an operator
 * writes it and as the API answers it. The profile is checked by partner-profile.ts's schema once
 * merged with what is stored (a PATCH may leave the webhook's secret out to keep it).
 */

export const PARTNER_ID_MESSAGE =
  'De 2 a 63 caracteres: letras minúsculas sin tildes, números y guiones, empezando por letra o número.';
/**
 * The first segments of Visita's own addresses: a partner's widget is served at `/{id}`, so an id
 * equal to one would be shadowed by it (or shadow it).
 */
export const RESERVED_PARTNER_IDS = [
  'api',
  'assets',
  'console',
  'demo-host',
  'servicios-disponibles',
  'wiki',
] as const;
export const PARTNER_ID_RESERVED_MESSAGE = 'Ese identificador es una dirección de Visita: elige otro.';
export const partnerIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, PARTNER_ID_MESSAGE)
  .refine((id) => !(RESERVED_PARTNER_IDS as readonly string[]).includes(id), PARTNER_ID_RESERVED_MESSAGE);

const ORIGIN =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[::1\])(:\d{1,5})?\/?$/i;
const isLoopback = (host: string) =>
  host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

/** A site allowed to frame the widget, as its origin: https, or http on loopback only. */
export const partnerDomainSchema = z
  .string()
  .trim()
  .max(200)
  .transform((value, context) => {
    const match = ORIGIN.exec(value);
    if (!match) {
      context.addIssue({
        code: 'custom',
        message: 'Debe ser solo un origen, como https://socio.example (sin ruta, usuario ni consulta).',
      });
      return z.NEVER;
    }
    const [, scheme = '', host = '', port = ''] = match;
    const lowerHost = host.toLowerCase();
    if (scheme.toLowerCase() !== 'https' && !isLoopback(lowerHost)) {
      context.addIssue({ code: 'custom', message: 'Debe ser https (http solo en localhost).' });
      return z.NEVER;
    }
    const defaultPort = scheme.toLowerCase() === 'https' ? ':443' : ':80';
    return `${scheme.toLowerCase()}://${lowerHost}${port === defaultPort ? '' : port}`;
  });

const modeConfig = modeConfigSchema.strict().nullable();

/**
 * A partner's name: one line that patients, staff and the CLI's output show as it is, so no line
 * breaks, control, invisible or direction-changing characters and no markup (the safe-text rule).
 * A line break at either end is whitespace, dropped by trim() before the check.
 */
const partnerNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(isSafeText, 'No puede tener saltos de línea, caracteres de control o invisibles, ni < o >.');

/** Every field an operator sets, none required: a PATCH sends the ones it changes. */
export const partnerFieldsSchema = z
  .object({
    name: partnerNameSchema,
    logo_url: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https:\/\/\S+$/, 'Debe ser una URL https.')
      .nullable(),
    country: z.enum(COUNTRY_CODES),
    sales_source: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, PARTNER_ID_MESSAGE),
    receivers: z.array(receiverSchema).max(500),
    origins: z.array(z.string().trim().min(1).max(200)).max(500),
    is_last_mile: z.boolean(),
    show_results: z.boolean(),
    show_tyc: z.boolean(),
    default_patient_email: z.string().trim().email().max(254).nullable(),
    max_patients_per_appointment: z.number().int().min(1).max(50).nullable(),
    extra_amount: z.number().int().min(0).max(100_000_000),
    steps: z.array(clientStepSchema).max(40),
    laas_config_v2: modeConfig,
    sdk_config_v2: modeConfig,
    /** The profile (partner-profile.ts); on PATCH, the top-level keys sent replace the stored ones. */
    profile: z.record(z.string(), z.unknown()),
    domains: z.array(partnerDomainSchema).max(50),
  })
  .partial()
  .strict();

/** POST: a new partner; name, country and sales source are needed, the rest has defaults. */
export const createPartnerBodySchema = partnerFieldsSchema
  .extend({
    id: partnerIdSchema,
    name: partnerNameSchema,
    country: z.enum(COUNTRY_CODES),
    sales_source: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, PARTNER_ID_MESSAGE),
  })
  .strict();
export type CreatePartnerBody = z.infer<typeof createPartnerBodySchema>;

export const patchPartnerBodySchema = partnerFieldsSchema;
export type PatchPartnerBody = z.infer<typeof patchPartnerBodySchema>;

export const partnerParamsSchema = z.object({ id: partnerIdSchema });

/**
 * On POST and PATCH: the ids of the other partners on the sales source, comma-separated, when the
 * document changes a rule that holds for the whole source (SOURCE_WIDE_RULES) to a value they do
 * not share: the operator confirms the change reaches them. It must name exactly those partners.
 */
export const partnerWriteQuerySchema = z.object({
  confirm_source_rules: z
    .string()
    .max(4000)
    .regex(
      /^[a-z0-9][a-z0-9-]{1,62}(,[a-z0-9][a-z0-9-]{1,62})*$/,
      'Ids de socios separados por comas, sin espacios (como clinica-a,clinica-b).',
    )
    .optional(),
});

/** A partner as the operator reads it: the document, secrets masked, whether it has a staff token. */
export const partnerAnswerSchema = z.object({
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
  max_patients_per_appointment: z.number().int().nullable(),
  extra_amount: z.number().int(),
  steps: z.array(clientStepSchema),
  laas_config_v2: modeConfigSchema.nullable(),
  sdk_config_v2: modeConfigSchema.nullable(),
  profile: z.record(z.string(), z.unknown()),
  domains: z.array(z.string()),
  has_api_token: z.boolean(),
  created_at: z.string(),
});
export type PartnerAnswer = z.infer<typeof partnerAnswerSchema>;

export const partnerListSchema = z.object({
  results: z.array(
    partnerAnswerSchema.pick({
      id: true,
      name: true,
      country: true,
      sales_source: true,
      domains: true,
      created_at: true,
    }),
  ),
});

/** A staff API token, shown once when it is made. */
export const apiTokenAnswerSchema = z.object({ api_token: z.string() });

/** The partner API's own actions, then the operations console's (the log is shared). */
export const AUDIT_ACTIONS = [
  'partner.created',
  'partner.updated',
  'partner.api_token_rotated',
  'partner.api_token_revoked',
  'partner.employees_replaced',
  'retention.applied',
  'patient.forgotten',
  ...CONSOLE_AUDIT_ACTIONS,
] as const;

/**
 * A split-payment company's roster: the documents (RUT or other) of the people it pays for. The
 * list replaces the one stored; each document as the patient form writes it (a RUT formatted).
 */
export const partnerEmployeesBodySchema = z.object({
  documents: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Un documento no puede estar vacío.')
        .max(40, 'Un documento tiene como máximo 40 caracteres.')
        .regex(/^[\p{L}\p{N}.-]+$/u, 'Un documento solo tiene letras, números, puntos y guiones.'),
    )
    .max(50_000, 'La nómina admite como máximo 50.000 personas por carga.'),
});
export type PartnerEmployeesBody = z.infer<typeof partnerEmployeesBodySchema>;
export const partnerEmployeesAnswerSchema = z.object({
  count: z.number().int(),
  documents: z.array(z.string()),
});

export const auditQuerySchema = z.object({
  partner_id: partnerIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The partner whose data it is; null for what belongs to none (an operator account). */
  partner_id: z.string().nullable(),
  /** What was changed ('partner', 'appointment', 'operator', …) and its id. */
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export const auditListSchema = z.object({ results: z.array(auditEntrySchema) });

/** A refused document: the summary, and each field's problem in Spanish. */
export const partnerErrorSchema = z.object({
  err: z.string(),
  msg: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
