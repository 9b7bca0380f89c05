import { isBlank, REQUIRED_FIELD_MESSAGE } from './required.ts';

/**
 * Names are trimmed and normalised: one Unicode form (so 'é' typed two ways compares equal) and
 * single spaces between words.
 */
export function normalizeName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** Required name field; the optional second name passes when empty. */
export function validateName(
  value: string | null | undefined,
  options: { optional?: boolean } = {},
): string | null {
  if (isBlank(value)) return options.optional ? null : REQUIRED_FIELD_MESSAGE;
  return null;
}
