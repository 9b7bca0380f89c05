import type { PartnerAnswer, PatchPartnerBody } from '@visita/domain/contract/admin-partners';
import { PREVIEWED_FIELDS } from '@visita/domain/partner-preview';
import { publicPartnerProfileSchema } from '@visita/domain/partner-profile';

/** A draft of the document: what the form edits and PATCH sends (the domains have their own card). */
export type Draft = Record<string, unknown>;

/** The document's editable fields, as the API answered them. */
export function draftOf(partner: PartnerAnswer): Draft {
  const { id: _id, domains: _domains, has_api_token: _token, created_at: _created, ...fields } = partner;
  return structuredClone(fields);
}

export const bodyOf = (draft: Draft) => draft as PatchPartnerBody;

/** The value at a dotted path, or undefined. */
export function getIn(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `draft` with the value at `path` set (undefined removes the key); objects made on the way. */
export function setIn(draft: Draft, path: string, next: unknown): Draft {
  const [key = '', ...rest] = path.split('.');
  const copy = { ...draft };
  if (rest.length === 0) {
    if (next === undefined) delete copy[key];
    else copy[key] = next;
    return copy;
  }
  const child = copy[key];
  copy[key] = setIn(child && typeof child === 'object' ? (child as Draft) : {}, rest.join('.'), next);
  return copy;
}

/** The problems that belong to a field: its own, and those of what is inside it (a JSON field). */
export function problemsOf(problems: Record<string, string>, path: string): string | null {
  const own = Object.entries(problems).filter(([key]) => key === path || key.startsWith(`${path}.`));
  if (own.length === 0) return null;
  return own
    .map(([key, message]) => (key === path ? message : `${key.slice(path.length + 1)}: ${message}`))
    .join(' ');
}

/**
 * What the preview frame is sent of a draft: its look and texts, with the profile checked as the
 * widget is served it (defaults filled in), or null while the profile does not pass.
 */
export function previewOf(draft: Draft): Record<string, unknown> | null {
  const { webhook: _webhook, ...profile } = (draft.profile ?? {}) as Record<string, unknown>;
  const parsed = publicPartnerProfileSchema.safeParse(profile);
  if (!parsed.success) return null;
  const shown = Object.fromEntries(PREVIEWED_FIELDS.map((key) => [key, draft[key]]));
  return { ...shown, profile: parsed.data };
}
