import type { Insurance } from './insurance.ts';
import type { CountryCode } from './locale.ts';
import { normalizeEmail, validateEmail } from './validators/email.ts';
import { normalizeName } from './validators/name.ts';
import { normalizePhone, validatePhone } from './validators/phone.ts';
import { isBlank, REQUIRED_FIELD_MESSAGE } from './validators/required.ts';

export const CONTACT_TITLE = 'Datos de contacto';
export const PATIENT_CONTACT_TITLE = 'Datos del contacto';
export const SPECIAL_NEEDS_LABEL = 'Con necesidades especiales?';
export const SPECIAL_NEEDS_PLACEHOLDER = 'Tus necesidades como silla de ruedas';
export const PREVISION_LABEL = 'Previsión';

/** Contact data: prevision only in Chile. */
export interface ContactData {
  name: string;
  phone: string;
  email: string;
  specialNeeds?: string | null;
  prevision?: Insurance | null;
}
export type ContactErrors = Partial<Record<keyof ContactData, string>>;

export interface ContactRules {
  countryCode: CountryCode;
  /** The e-mail field shows only without a configured default patient e-mail. */
  emailRequired: boolean;
}

/** Every field is required except specialNeeds; e-mail only when asked; prevision only in Chile. */
export function validateContact(data: Partial<ContactData>, rules: ContactRules): ContactErrors {
  const errors: ContactErrors = {};
  if (isBlank(data.name)) errors.name = REQUIRED_FIELD_MESSAGE;
  const phone = validatePhone(data.phone, rules.countryCode);
  if (phone) errors.phone = phone;
  if (rules.emailRequired) {
    const email = validateEmail(data.email);
    if (email) errors.email = email;
  }
  if (rules.countryCode === 'cl' && !data.prevision) errors.prevision = REQUIRED_FIELD_MESSAGE;
  return errors;
}

/** What a valid submit stores: trimmed, names normalised, the phone in its full form, the default e-mail when set. */
export function normalizeContact(
  data: ContactData,
  rules: ContactRules & { defaultEmail?: string | null },
): ContactData {
  const specialNeeds = data.specialNeeds?.trim();
  return {
    name: normalizeName(data.name),
    phone: normalizePhone(data.phone, rules.countryCode),
    email: rules.emailRequired
      ? normalizeEmail(data.email)
      : (rules.defaultEmail ?? normalizeEmail(data.email)),
    specialNeeds: specialNeeds ? specialNeeds : null,
    prevision: rules.countryCode === 'cl' ? (data.prevision ?? 'particular') : null,
  };
}

/** The e-mail field appears only when the client has no default patient e-mail. */
export function isEmailFieldShown(defaultPatientEmail: string | null | undefined): boolean {
  return isBlank(defaultPatientEmail);
}
