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

/**
 * A copy of `container` with the value at `path` set, objects made on the way. Undefined removes:
 * an object's key, or a list's item (the rows after it move up), so a list row is removed by path.
 */
function setAt(container: unknown, keys: string[], next: unknown): unknown {
  const [key = '', ...rest] = keys;
  if (Array.isArray(container)) {
    const index = Number(key);
    const copy = [...(container as unknown[])];
    if (rest.length > 0) copy[index] = setAt(copy[index], rest, next);
    else if (next === undefined) copy.splice(index, 1);
    else copy[index] = next;
    return copy;
  }
  const copy = { ...(container && typeof container === 'object' ? (container as Draft) : {}) };
  if (rest.length > 0) copy[key] = setAt(copy[key], rest, next);
  else if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
}

/** A copy of `draft` with the value at `path` set (undefined removes the key or list item). */
export const setIn = (draft: Draft, path: string, next: unknown): Draft =>
  setAt(draft, path.split('.'), next) as Draft;

/**
 * A mode's own settings removed: null is how the API stores "none" (PATCH takes it), and the widget
 * then reads the product's defaults for that mode (modeConfigFor in @visita/domain/client).
 */
export const withoutModeSettings = (draft: Draft, mode: 'sdk_config_v2' | 'laas_config_v2'): Draft => ({
  ...draft,
  [mode]: null,
});

/** Whether a mode has settings of its own (an object, even empty), as opposed to none (null). */
export const hasModeSettings = (draft: Draft, mode: 'sdk_config_v2' | 'laas_config_v2') =>
  draft[mode] !== null && draft[mode] !== undefined;

/**
 * A receiver's id as typed: the schema takes a string or a number, and the partners' systems use
 * both, so a whole number (without leading zeros, which a number would lose) is kept as a number.
 */
export function receiverIdOf(text: string): string | number {
  const trimmed = text.trim();
  return /^(0|[1-9]\d{0,14})$/.test(trimmed) ? Number(trimmed) : text;
}

/** A text input's value in the document: what an empty one means is the field's ('omit' drops the key). */
export function textValue(text: string, empty: 'null' | 'omit' | 'empty'): string | null | undefined {
  if (text !== '') return text;
  return empty === 'null' ? null : empty === 'omit' ? undefined : '';
}

/** A number input's value (Mantine gives '' when empty, a string while typed): a number, or what empty means. */
export function numberValue(value: string | number, empty: 'null' | 'omit'): number | null | undefined {
  if (value === '' || (typeof value === 'string' && Number.isNaN(Number(value))))
    return empty === 'null' ? null : undefined;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * A keyed record (the texts per step) with one key renamed in place: the rows keep their order,
 * and a name already used is refused (the record would lose a row).
 */
export function renameKey<T>(record: Record<string, T>, from: string, to: string): Record<string, T> {
  if (from === to || to in record) return record;
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === from ? to : key, value]));
}

/**
 * A list without its row `index`; once its last row goes, what the field's schema calls none: an
 * empty list, null (payment methods: the country's) or the key left out (omit: the product's).
 */
export function withoutRow(
  list: readonly unknown[],
  index: number,
  whenEmpty: 'list' | 'null' | 'omit',
): unknown[] | null | undefined {
  const rest = list.filter((_item, other) => other !== index);
  if (rest.length > 0 || whenEmpty === 'list') return rest;
  return whenEmpty === 'null' ? null : undefined;
}

/** The first of `options` the record does not use yet, for a new row; undefined when all are used. */
export const unusedKey = (record: Record<string, unknown>, options: readonly string[]) =>
  options.find((option) => !(option in record));

/** The problems that belong to a field: its own, and those of what is inside it (a list, an object). */
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
