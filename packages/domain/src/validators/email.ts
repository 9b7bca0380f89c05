import { isBlank, REQUIRED_FIELD_MESSAGE } from './required.ts';

export const EMAIL_FORMAT_MESSAGE = 'el email no tiene el formato correcto';

// A practical "standard format": local@domain.tld, no spaces, no empty labels, a 2+ letter TLD.
const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

/** The form rule: required, then the format. */
export function validateEmail(value: string | null | undefined): string | null {
  if (isBlank(value)) return REQUIRED_FIELD_MESSAGE;
  return isValidEmail(value as string) ? null : EMAIL_FORMAT_MESSAGE;
}

/** Forms store the e-mail trimmed. */
export function normalizeEmail(value: string): string {
  return value.trim();
}

/** Registration sends the e-mail trimmed and lower-cased. */
export function registrationEmail(value: string): string {
  return value.trim().toLowerCase();
}
