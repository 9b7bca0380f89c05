import { PASSPORT_MAX_LENGTH, RUT_MAX_LENGTH } from '../constants.ts';

export const RUT_INVALID_MESSAGE = 'El rut es inválido';

/** Digits and the check digit only, upper-cased ('11.111.111-k' -> '11111111K'). */
export function cleanRut(value: string): string {
  return value.replace(/[^0-9kK]/g, '').toUpperCase();
}

/** The modulo-11 check digit of a RUT body: 11 -> '0', 10 -> 'K'. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'K';
  return String(digit);
}

/**
 * A valid Chilean RUT, however it is punctuated: a body of 1 to 8 digits without leading zeros
 * and the right modulo-11 check digit.
 */
export function isValidRut(value: string | null | undefined): boolean {
  if (!value) return false;
  // Only digits, K, dots, dashes and spaces may appear; anything else is not a RUT.
  if (/[^0-9kK.\-\s]/.test(value)) return false;
  const clean = cleanRut(value);
  const body = clean.slice(0, -1);
  const dv = clean.slice(-1);
  if (!/^[1-9]\d{0,7}$/.test(body)) return false;
  return rutCheckDigit(body) === dv;
}

const FORMATTED_RUT = /^[1-9]\d{0,2}(?:\.\d{3}){0,2}-[\dK]$/;

/** The registration rule: valid and written with dots and a dash ('11.111.111-1'). */
export function isFormattedValidRut(value: string | null | undefined): boolean {
  if (!value || !FORMATTED_RUT.test(value)) return false;
  return isValidRut(value) && formatRut(value) === value;
}

/**
 * Formats as the user types: dots every three digits and a dash before the check digit, never
 * longer than 12 characters ('111111111' -> '11.111.111-1').
 */
export function formatRut(value: string): string {
  const clean = cleanRut(value).slice(0, 9);
  if (clean.length <= 1) return clean;
  const body = clean.slice(0, -1);
  const dv = clean.slice(-1);
  const dotted = body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${dotted}-${dv}`.slice(0, RUT_MAX_LENGTH);
}

/** Max input length by document type: 12 for a RUT, 15 for a passport. */
export function documentMaxLength(documentType: 'ci' | 'passport' | 'generic_id'): number {
  return documentType === 'ci' ? RUT_MAX_LENGTH : PASSPORT_MAX_LENGTH;
}
