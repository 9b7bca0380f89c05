import { GENDERS } from '../constants.ts';
import { parseCalendarDate } from './birth-date.ts';
import { EMAIL_FORMAT_MESSAGE, isValidEmail } from './email.ts';
import { isValidPhone, PHONE_FORMAT_MESSAGE } from './phone.ts';
import { isBlank } from './required.ts';
import { isFormattedValidRut, RUT_INVALID_MESSAGE } from './rut.ts';

/** Validator input keys, camelCase as documented. */
export const REGISTRATION_KEYS = [
  'email',
  'firstName',
  'lastName',
  'secondLastName',
  'phone',
  'documentType',
  'documentNumber',
  'birthDate',
  'gender',
  'country',
] as const;
export type RegistrationKey = (typeof REGISTRATION_KEYS)[number];
export type RegistrationInput = Partial<Record<RegistrationKey, string | null>>;

export const REGISTRATION_ERRORS = {
  'missing-keys': 'The following keys cannot be empty: ',
  'invalid-email-format': EMAIL_FORMAT_MESSAGE,
  'invalid-country': 'El país debe ser cl o mx',
  'invalid-phone-format': PHONE_FORMAT_MESSAGE,
  'invalid-document-type': 'El tipo de documento debe ser ci o passport',
  'invalid-rut-number': RUT_INVALID_MESSAGE,
  'invalid-birth-date': 'La fecha de nacimiento debe tener el formato AAAA-MM-DD',
  'invalid-gender': 'El género debe ser male (masculino), female (femenino) u other (no binario)',
} as const;
export type RegistrationError = keyof typeof REGISTRATION_ERRORS;

export type RegistrationResult = { ok: true } | { ok: false; err: RegistrationError; msg: string };

function fail(err: RegistrationError, msg: string = REGISTRATION_ERRORS[err]): RegistrationResult {
  return { ok: false, err, msg };
}

/** 'The following keys cannot be empty: email, phone' lists every empty key, in input order. */
export function missingKeysMessage(keys: readonly string[]): string {
  return `${REGISTRATION_ERRORS['missing-keys']}${keys.join(', ')}`;
}

/**
 * The patient registration validator: empty keys first, then each rule in the
 * documented order; the first failure wins so the answer names one slug.
 */
export function validateRegistration(input: RegistrationInput): RegistrationResult {
  const missing = REGISTRATION_KEYS.filter((key) => isBlank(input[key]));
  if (missing.length > 0) return fail('missing-keys', missingKeysMessage(missing));
  const value = (key: RegistrationKey) => (input[key] as string).trim();

  if (!isValidEmail(value('email'))) return fail('invalid-email-format');
  const country = value('country');
  if (country !== 'cl' && country !== 'mx') return fail('invalid-country');
  if (!isValidPhone(value('phone'), country)) return fail('invalid-phone-format');
  const documentType = value('documentType');
  if (documentType !== 'ci' && documentType !== 'passport') return fail('invalid-document-type');
  if (documentType === 'ci' && !isFormattedValidRut(value('documentNumber')))
    return fail('invalid-rut-number');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value('birthDate')) || !parseCalendarDate(value('birthDate'))) {
    return fail('invalid-birth-date');
  }
  // 'other' is the form's 'No binario': a patient who chooses it must be able to register.
  if (!(GENDERS as readonly string[]).includes(value('gender'))) return fail('invalid-gender');
  return { ok: true };
}
