import { CL_MOBILE_PREFIX, PHONE_MAX_LENGTH, PHONE_MAX_LENGTH_DEFAULT, PHONE_PREFIX } from '../constants.ts';
import type { CountryCode } from '../locale.ts';
import { isBlank, REQUIRED_FIELD_MESSAGE } from './required.ts';

export const PHONE_FORMAT_MESSAGE = 'el número no tiene el formato correcto';

const PHONE_PATTERN: Readonly<Record<CountryCode, RegExp>> = {
  // Optional +56, then the mobile 9, then 8 digits.
  cl: /^(?:\+56)?9\d{8}$/,
  // Optional +52, then 10 digits.
  mx: /^(?:\+52)?\d{10}$/,
};

/** Spaces, dashes, dots and brackets a mask or a person may add carry no meaning. */
function compact(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

export function isValidPhone(value: string, countryCode: CountryCode): boolean {
  return PHONE_PATTERN[countryCode].test(compact(value));
}

/**
 * The field starts with its country's code (+56, +569 on the patient step, +52): a value that is
 * still only a code, or a lone '+', has no number in it yet.
 */
const PREFIX_ONLY = new Set(['+', PHONE_PREFIX.cl, CL_MOBILE_PREFIX, PHONE_PREFIX.mx]);

/** The form rule: required (nothing typed after the country's code is nothing typed), then the country's format. */
export function validatePhone(value: string | null | undefined, countryCode: CountryCode): string | null {
  if (isBlank(value) || PREFIX_ONLY.has(compact(value as string))) return REQUIRED_FIELD_MESSAGE;
  return isValidPhone(value as string, countryCode) ? null : PHONE_FORMAT_MESSAGE;
}

/**
 * Normalisation. cl: 12 characters starting +569 stay; 8 digits get +569; 9 digits
 * drop the first digit and get +569; 11 characters starting with + get +569 plus the tail after 3
 * characters. mx: +52 is prepended when missing. Anything else is left for the validator to
 * reject.
 */
export function normalizePhone(value: string, countryCode: CountryCode): string {
  const phone = compact(value);
  if (countryCode === 'mx') {
    return phone.startsWith(PHONE_PREFIX.mx) ? phone : `${PHONE_PREFIX.mx}${phone}`;
  }
  if (phone.length === 12 && phone.startsWith(CL_MOBILE_PREFIX)) return phone;
  if (/^\d{8}$/.test(phone)) return `${CL_MOBILE_PREFIX}${phone}`;
  if (/^\d{9}$/.test(phone)) return `${CL_MOBILE_PREFIX}${phone.slice(1)}`;
  if (phone.length === 11 && phone.startsWith('+')) return `${CL_MOBILE_PREFIX}${phone.slice(3)}`;
  return phone;
}

/** Max input length: 15 by default, 12 for Chile, 13 for Mexico. */
export function phoneMaxLength(countryCode?: CountryCode | null): number {
  return countryCode ? PHONE_MAX_LENGTH[countryCode] : PHONE_MAX_LENGTH_DEFAULT;
}

/** Initial field value: +56 (+569 on the patient step) for cl, +52 for mx. */
export function initialPhoneValue(countryCode: CountryCode, options: { patientStep?: boolean } = {}): string {
  if (countryCode === 'mx') return PHONE_PREFIX.mx;
  return options.patientStep ? CL_MOBILE_PREFIX : PHONE_PREFIX.cl;
}
