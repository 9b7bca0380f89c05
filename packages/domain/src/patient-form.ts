import type { DocumentType, Gender } from './constants.ts';
import type { CountryCode } from './locale.ts';
import {
  type CalendarDate,
  parseCalendarDate,
  VACCINE_AGE_MESSAGE,
  vaccineAgeError,
  validateBirthDate,
} from './validators/birth-date.ts';
import { validateEmail } from './validators/email.ts';
import { normalizeName } from './validators/name.ts';
import { validatePhone } from './validators/phone.ts';
import { isBlank, maxLengthMessage, REQUIRED_FIELD_MESSAGE } from './validators/required.ts';
import { documentMaxLength, formatRut, isValidRut, RUT_INVALID_MESSAGE } from './validators/rut.ts';

export const PATIENT_TITLE = 'Datos del paciente';
export const PATIENT_TITLE_NON_BINARY = 'Pon tus datos';
export const PREVIOUS_PATIENT_LABEL = 'Paciente anterior';
export const NEXT_PATIENT_LABEL = 'Paciente siguiente';
export const NON_BINARY_GENDER_LABEL = 'No binario';
export const SELECT_PATIENT_TITLE = 'Seleccionar paciente';
export const SELECT_PATIENT_PLACEHOLDER = 'Buscar paciente';
export const CREATE_PATIENT_LINK = 'Crear nuevo paciente';

/** Form defaults: gender male, document type ci. */
export const PATIENT_FORM_DEFAULTS = { gender: 'male', document_type: 'ci' } as const satisfies {
  gender: Gender;
  document_type: DocumentType;
};

/** 'Datos del paciente' plus the number when there are several, or 'Pon tus datos' with non-binary texts. */
export function patientStepTitle(index: number, count: number, nonBinaryTexts: boolean): string {
  if (nonBinaryTexts) return PATIENT_TITLE_NON_BINARY;
  return count > 1 ? `${PATIENT_TITLE} ${index + 1}` : PATIENT_TITLE;
}

/** 'Paciente N' labels each dropdown of the select-patient step when there are several. */
export function selectPatientLabel(index: number, count: number): string | null {
  return count > 1 ? `Paciente ${index + 1}` : null;
}

/** 'other' (No binario) is offered only with non-binary texts. */
export function genderOptions(nonBinaryTexts: boolean): Gender[] {
  return nonBinaryTexts ? ['male', 'female', 'other'] : ['male', 'female'];
}

export interface PatientFormValues {
  first_name?: string | null;
  second_name?: string | null;
  last_name?: string | null;
  second_last_name?: string | null;
  date_of_birth?: string | null;
  gender?: Gender | null;
  document_type?: DocumentType | null;
  document_number?: string | null;
  email?: string | null;
  phone?: string | null;
  services?: readonly { category?: string | null }[];
}
export type PatientFormErrors = Partial<Record<Exclude<keyof PatientFormValues, 'services'>, string>> & {
  services?: string;
};

export interface PatientFormRules {
  countryCode: CountryCode;
  today: CalendarDate;
  emailRequired: boolean;
  nonBinaryTexts: boolean;
}

/**
 * The patient form: every field required except second_name; RUT valid for ci;
 * document within its max length; e-mail only when asked; gender other only with non-binary
 * texts; vaccines from 3 years old ('vaccine-age' on services).
 */
export function validatePatientForm(values: PatientFormValues, rules: PatientFormRules): PatientFormErrors {
  const errors: PatientFormErrors = {};
  for (const field of ['first_name', 'last_name', 'second_last_name'] as const) {
    if (isBlank(values[field])) errors[field] = REQUIRED_FIELD_MESSAGE;
  }
  const birthDate = validateBirthDate(values.date_of_birth, rules.today);
  if (birthDate) errors.date_of_birth = birthDate;
  if (!values.gender || !genderOptions(rules.nonBinaryTexts).includes(values.gender)) {
    errors.gender = REQUIRED_FIELD_MESSAGE;
  }
  const documentType = values.document_type ?? null;
  if (!documentType) errors.document_type = REQUIRED_FIELD_MESSAGE;
  const documentNumber = values.document_number?.trim() ?? '';
  // Mexico generates a generic_id from name and birth date when none is typed.
  const generated = documentType === 'generic_id' && rules.countryCode === 'mx';
  if (documentNumber === '' && !generated) {
    errors.document_number = REQUIRED_FIELD_MESSAGE;
  } else if (documentType === 'ci' && !isValidRut(documentNumber)) {
    errors.document_number = RUT_INVALID_MESSAGE;
  } else if (
    documentType &&
    // A generated Mexican identifier (name, last name, birth date) is longer than a passport.
    !generated &&
    documentNumber.length > documentMaxLength(documentType)
  ) {
    errors.document_number = maxLengthMessage(documentMaxLength(documentType));
  }
  if (rules.emailRequired) {
    const email = validateEmail(values.email);
    if (email) errors.email = email;
  }
  const phone = validatePhone(values.phone, rules.countryCode);
  if (phone) errors.phone = phone;
  const born = parseCalendarDate(values.date_of_birth);
  if (born && vaccineAgeError(born, values.services ?? [], rules.today))
    errors.services = VACCINE_AGE_MESSAGE;
  return errors;
}

/** What the patient step stores: names trimmed and cleaned, a Chilean ci formatted. */
export function normalizePatientValues<T extends PatientFormValues>(values: T): T {
  const name = (value: string | null | undefined) => (value ? normalizeName(value) : value);
  return {
    ...values,
    first_name: name(values.first_name),
    second_name: name(values.second_name),
    last_name: name(values.last_name),
    second_last_name: name(values.second_last_name),
    document_number:
      values.document_type === 'ci' && values.document_number
        ? formatRut(values.document_number)
        : values.document_number?.trim(),
    email: values.email?.trim(),
    phone: values.phone?.trim(),
  };
}
