import { z } from 'zod';
import { type PatchPartnerBody, partnerAnswerSchema, patchPartnerBodySchema } from './admin-partners.ts';
import { partnerProfileSchema } from '../partner-profile.ts';

/**
 * The console's partners (partners.manage, admins): the operator API's partner document, read and
 * written by a signed-in admin. The bodies, answers and refusals are the operator API's own
 * (admin-partners.ts), so a document the console saves is checked exactly as that API checks it.
 */

/** A partner in the console's list. */
export const consolePartnerSummarySchema = partnerAnswerSchema.pick({
  id: true,
  name: true,
  country: true,
  sales_source: true,
  domains: true,
  has_api_token: true,
  created_at: true,
});
export const consolePartnerListAnswerSchema = z.object({ results: z.array(consolePartnerSummarySchema) });
export type ConsolePartnerSummary = z.infer<typeof consolePartnerSummarySchema>;

export const consolePartnerAuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * The webhook secret as the document shows it: the stored one, never read back. A document sent
 * with it keeps the stored secret (modules/admin/partners.ts).
 */
export const MASKED_SECRET = '••••••••';

/** A stand-in of a valid length for the masked secret, when a draft is checked before sending it. */
const KEPT_SECRET = 'x'.repeat(16);

/**
 * A document's problems by field (`domains.0`, `profile.rules.fund.name`…), in Spanish and under
 * the same names the API's 400 `fields` use: the body's schema, then the profile's, as the API
 * checks them. Empty when the draft would pass them (the API may still refuse what only it can
 * tell: an internal webhook address, a source-wide rule to confirm).
 */
export function partnerDraftProblems(body: PatchPartnerBody): Record<string, string> {
  const error = { error: z.locales.es().localeError };
  const fields: Record<string, string> = {};
  const add = (issues: z.core.$ZodIssue[], prefix: string[]) => {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path.map(String)].join('.') || '(documento)';
      fields[path] ??= issue.message;
    }
  };
  const parsed = patchPartnerBodySchema.safeParse(body, error);
  if (!parsed.success) add(parsed.error.issues, []);
  if (body.profile && !Object.keys(fields).some((path) => path.startsWith('profile'))) {
    const webhook = body.profile.webhook as { secret?: unknown } | null | undefined;
    const profile =
      webhook &&
      typeof webhook === 'object' &&
      (webhook.secret === undefined || webhook.secret === MASKED_SECRET)
        ? { ...body.profile, webhook: { ...webhook, secret: KEPT_SECRET } }
        : body.profile;
    const checked = partnerProfileSchema.safeParse(profile, error);
    if (!checked.success) add(checked.error.issues, ['profile']);
  }
  return fields;
}
