import * as ERRORS from '@visita/domain/contract/api-errors';
import type { ClientPatient, PatientRecord } from '@visita/domain/contract/patients';
import { clientPatientSchema } from '@visita/domain/contract/patients';
import { COUNTRY_TIME_ZONES, PASSPORT_MAX_LENGTH } from '@visita/domain/constants';
import {
  BIRTH_DATE_FUTURE_MESSAGE,
  calendarDateIn,
  validateBirthDate,
} from '@visita/domain/validators/birth-date';
import { isValidEmail, normalizeEmail } from '@visita/domain/validators/email';
import { normalizeName } from '@visita/domain/validators/name';
import { isValidPhone, normalizePhone } from '@visita/domain/validators/phone';
import { formatRut, isValidRut } from '@visita/domain/validators/rut';
import type { Db } from '../../db/database.ts';
import type { ClientRow } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { type ClientPatientRow, insertClientPatientIfNew, searchClientPatients } from './queries.ts';
import { patientSearchText, searchWords } from './search-text.ts';

/** The staff list is a picker, not a report: a handful of matches is all a person reads. */
const MAX_PATIENT_RESULTS = 20;

/** Where "today" is for a birth date: the client's country. */

/** A client-patient list entry, or null for a row that could not be one (never a 500). */
function toClientPatient(row: ClientPatientRow): ClientPatient | null {
  const entry = {
    id: row.id,
    email: row.email,
    phone: row.phone,
    patient: {
      first_name: row.firstName,
      second_name: row.secondName,
      last_name: row.lastName,
      second_last_name: row.secondLastName,
      date_of_birth: row.dateOfBirth,
      gender: row.gender,
      document_type: row.documentType,
      document_number: row.documentNumber,
    },
  };
  const parsed = clientPatientSchema.safeParse(entry);
  return parsed.success ? parsed.data : null;
}

/** GET /alliances/clients/{clientId}/patients/?search=: accent- and case-insensitive, at most 20. */
export async function listClientPatients(db: Db, clientId: string, search: string): Promise<ClientPatient[]> {
  const rows = await searchClientPatients(db, clientId, searchWords(search), MAX_PATIENT_RESULTS);
  return rows.flatMap((row) => toClientPatient(row) ?? []);
}

const PASSPORT_PATTERN = new RegExp(`^[A-Z0-9-]{1,${PASSPORT_MAX_LENGTH}}$`);
// Mexico's generated identifier: first name, last name and birth date, upper-cased.
const GENERIC_ID_PATTERN = /^[\p{L}\p{N}-]{1,40}$/u;

/** The document as stored: a RUT always as '11.111.111-1', others upper-case without spaces. */
function normalisedDocument(record: PatientRecord): string {
  const value = record.document_number.trim();
  if (record.document_type === 'ci') {
    if (!isValidRut(value)) throw fail(ERRORS.INVALID_RUT);
    return formatRut(value);
  }
  const upper = value.normalize('NFC').toUpperCase().replace(/\s+/g, '');
  const pattern = record.document_type === 'passport' ? PASSPORT_PATTERN : GENERIC_ID_PATTERN;
  if (!pattern.test(upper)) throw fail(ERRORS.INVALID_DOCUMENT_NUMBER);
  return upper;
}

const optional = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * POST /alliances/clients/{clientId}/patients/: the patient validated with the form's rules
 *, stored normalised; the same document twice for one client is a 409.
 */
export async function createClientPatient(
  db: Db,
  client: ClientRow,
  record: PatientRecord,
  now: Date = new Date(),
): Promise<ClientPatient> {
  const documentNumber = normalisedDocument(record);
  const email = optional(record.email);
  if (email !== null && !isValidEmail(email)) throw fail(ERRORS.INVALID_EMAIL);
  const phone = optional(record.phone);
  if (phone !== null && !isValidPhone(phone, client.country)) {
    throw fail(ERRORS.INVALID_PHONE);
  }
  const birthError = validateBirthDate(
    record.date_of_birth,
    calendarDateIn(now, COUNTRY_TIME_ZONES[client.country]),
  );
  if (birthError) {
    throw fail(
      birthError === BIRTH_DATE_FUTURE_MESSAGE ? ERRORS.BIRTH_DATE_IN_FUTURE : ERRORS.BIRTH_DATE_FORMAT,
    );
  }
  const names = {
    firstName: normalizeName(record.first_name),
    secondName: optional(record.second_name) && normalizeName(record.second_name ?? ''),
    lastName: normalizeName(record.last_name),
    secondLastName: optional(record.second_last_name) && normalizeName(record.second_last_name ?? ''),
  };
  const row = await insertClientPatientIfNew(db, {
    clientId: client.id,
    ...names,
    secondName: names.secondName || null,
    secondLastName: names.secondLastName || null,
    dateOfBirth: record.date_of_birth,
    gender: record.gender,
    documentType: record.document_type,
    documentNumber,
    email: email === null ? null : normalizeEmail(email),
    phone: phone === null ? null : normalizePhone(phone, client.country),
    searchText: patientSearchText({ ...names, documentNumber, email }),
  });
  if (!row) throw fail(ERRORS.PATIENT_ALREADY_EXISTS);
  const entry = toClientPatient(row);
  // Every field was validated above, so the stored row is always a valid entry.
  if (!entry) throw new Error('created client patient does not match the contract');
  return entry;
}
