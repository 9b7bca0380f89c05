import type { CountryCode } from '../locale.ts';

export const PATIENT_WITHOUT_IDENTIFIER_MESSAGE = 'El paciente no tiene identificador';

export interface IdentifierSource {
  document_number?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  /** 'YYYY-MM-DD' or the form's 'YYYY-MM-DD HH:mm:ss'. */
  date_of_birth?: string | null;
}

function firstWord(value: string | null | undefined): string {
  return value?.trim().split(/\s+/)[0] ?? '';
}

/**
 * In Chile the document number; in Mexico the document number, else first word of the
 * name + first word of the last name + birth date without dashes, upper-cased. Null when none
 * can be built ('El paciente no tiene identificador').
 */
export function patientIdentifier(patient: IdentifierSource, countryCode: CountryCode): string | null {
  const document = patient.document_number?.trim();
  if (document) return document;
  if (countryCode === 'cl') return null;
  const name = firstWord(patient.first_name);
  const lastName = firstWord(patient.last_name);
  const birthDate = patient.date_of_birth?.trim().slice(0, 10).replaceAll('-', '') ?? '';
  if (!name || !lastName || !/^\d{8}$/.test(birthDate)) return null;
  return `${name}${lastName}${birthDate}`.toUpperCase();
}

/** For mx the document is generated this way, with type generic_id. */
export function mexicanGeneratedDocument(
  patient: IdentifierSource,
): { document_type: 'generic_id'; document_number: string } | null {
  const identifier = patientIdentifier({ ...patient, document_number: null }, 'mx');
  return identifier ? { document_type: 'generic_id', document_number: identifier } : null;
}
