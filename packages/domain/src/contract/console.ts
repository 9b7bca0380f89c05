/**
 * The operations console's API (apps/console), under /api/console: sign-in, the operator's own
 * account, operators, partners and sectors for the filters, appointments and the day's agenda.
 * Every route needs a console session (an HTTP-only cookie) and, to write, its CSRF token in
 * `x-csrf-token`; the API checks each route's permission (console-permissions.ts) itself.
 */
import { z } from 'zod';
import { CONSOLE_ROLES } from '../console-permissions.ts';
import { refineSafeText } from './safe-text.ts';

/** How far a sign-in went: what the console must ask for next, or null when it is done. */
export const consoleNextSchema = z.enum(['totp', 'change-password', 'enrol-totp']).nullable();
export type ConsoleNext = z.infer<typeof consoleNextSchema>;

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'correo no válido' }));
/** Long enough that no list of common passwords holds it; argon2 takes the rest. */
export const CONSOLE_PASSWORD_MIN = 12;
const newPasswordSchema = z
  .string()
  .min(CONSOLE_PASSWORD_MIN, {
    error: `La contraseña debe tener al menos ${CONSOLE_PASSWORD_MIN} caracteres.`,
  })
  .max(256);
const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'El código tiene 6 dígitos.' });
const operatorNameSchema = refineSafeText(z.string().trim().min(1).max(120));

export const consoleCsrfAnswerSchema = z.object({ csrf_token: z.string() });
export const consoleLoginBodySchema = z.object({ email: emailSchema, password: z.string().min(1).max(256) });
export const consoleNextAnswerSchema = z.object({ next: consoleNextSchema });
export const consoleTotpBodySchema = z.object({ code: totpCodeSchema });
export const consolePasswordResetBodySchema = z.object({ email: emailSchema });
export const consolePasswordResetConfirmBodySchema = z.object({
  token: z.string().min(16).max(200),
  password: newPasswordSchema,
});
export const consoleChangePasswordBodySchema = z.object({
  current_password: z.string().min(1).max(256),
  new_password: newPasswordSchema,
});
export const consoleTotpEnrolAnswerSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });

/** The signed-in operator, as the console shows it. */
export const consoleMeSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(CONSOLE_ROLES),
  /** The partner a `partner` operator belongs to. */
  client_id: z.string().nullable(),
  next: consoleNextSchema,
  totp_enabled: z.boolean(),
});

export const consoleSessionSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  last_seen_at: z.string(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export const consoleSessionListSchema = z.object({ results: z.array(consoleSessionSchema) });
export const consoleIdParamsSchema = z.object({ id: z.uuid() });

export const consoleOperatorSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(CONSOLE_ROLES),
  client_id: z.string().nullable(),
  active: z.boolean(),
  totp_enabled: z.boolean(),
  locked_until: z.string().nullable(),
  created_at: z.string(),
});
export const consoleOperatorListSchema = z.object({ results: z.array(consoleOperatorSchema) });
export const consoleCreateOperatorBodySchema = z.object({
  email: emailSchema,
  name: operatorNameSchema,
  role: z.enum(CONSOLE_ROLES),
  client_id: z.string().trim().min(1).max(100).nullable().optional(),
});
/** A new operator, with the one-time password shown once (the first sign-in changes it). */
export const consoleCreatedOperatorSchema = z.object({
  operator: consoleOperatorSchema,
  one_time_password: z.string(),
});
export const consoleUpdateOperatorBodySchema = z
  .object({
    name: operatorNameSchema,
    role: z.enum(CONSOLE_ROLES),
    client_id: z.string().trim().min(1).max(100).nullable(),
    active: z.boolean(),
  })
  .partial();

/** The partners a filter offers (a partner operator: its own). */
export const consolePartnerListSchema = z.object({
  results: z.array(z.object({ id: z.string(), name: z.string(), country: z.string() })),
});
