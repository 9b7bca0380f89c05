import {
  ADDRESS_OUT_OF_RANGE_ERROR,
  LAB_PARTNER_OUT_OF_COVERAGE_MESSAGE,
  NO_NURSES_ERROR,
  NO_NURSES_MESSAGE,
} from './addresses.ts';
import { CARD_TOKEN_ERROR, STOCKOUT_ERROR, STOCKOUT_MESSAGE } from './cards.ts';
import {
  EMAIL_ALREADY_USED_ERROR,
  EMAIL_ALREADY_USED_MESSAGE,
  NO_AVAILABILITY_ERROR,
  NO_AVAILABILITY_MESSAGE,
  PATIENT_ALREADY_HAS_ACCOUNT_ERROR,
  PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE,
} from './messages.ts';
import { VACCINE_AGE_ERROR, VACCINE_AGE_MESSAGE } from './validators/birth-date.ts';
import { REGISTRATION_ERRORS } from './validators/registration.ts';

/**
 * The product's error slugs and the Spanish text each one shows (answers are
 * { err: slug, msg: text }). The registration slugs come from their validator.
 */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  [ADDRESS_OUT_OF_RANGE_ERROR]: LAB_PARTNER_OUT_OF_COVERAGE_MESSAGE,
  [NO_NURSES_ERROR]: NO_NURSES_MESSAGE,
  [EMAIL_ALREADY_USED_ERROR]: EMAIL_ALREADY_USED_MESSAGE,
  [PATIENT_ALREADY_HAS_ACCOUNT_ERROR]: PATIENT_ALREADY_HAS_ACCOUNT_MESSAGE,
  [VACCINE_AGE_ERROR]: VACCINE_AGE_MESSAGE,
  [STOCKOUT_ERROR]: STOCKOUT_MESSAGE,
  [NO_AVAILABILITY_ERROR]: NO_AVAILABILITY_MESSAGE,
  // Our wording.
  [CARD_TOKEN_ERROR]: 'No pudimos validar tu tarjeta. Revisa los datos e inténtalo de nuevo.',
  ...Object.fromEntries(Object.entries(REGISTRATION_ERRORS).filter(([slug]) => slug !== 'missing-keys')),
};

/** The text for a slug, or the fallback when the slug is not the product's. */
export function errorMessage(slug: string, fallback: string): string {
  return ERROR_MESSAGES[slug] ?? fallback;
}
