import * as ERRORS from '@visita/domain/contract/api-errors';
import { createHash, randomBytes } from 'node:crypto';
import type {
  FindByIdentifierAnswer,
  FindByIdentifierMaskedAnswer,
  RegisterBody,
} from '@visita/domain/contract/patients';
import { findByIdentifierAnswerSchema } from '@visita/domain/contract/patients';
import { BIRTH_YEAR_CHOICES, COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import type { CountryCode } from '@visita/domain/locale';
import {
  BIRTH_DATE_FUTURE_MESSAGE,
  calendarDateIn,
  compareDates,
  parseCalendarDate,
} from '@visita/domain/validators/birth-date';
import { normalizeName } from '@visita/domain/validators/name';
import { mexicanGeneratedDocument } from '@visita/domain/validators/patient-identifier';
import { normalizePhone } from '@visita/domain/validators/phone';
import { type REGISTRATION_ERRORS, validateRegistration } from '@visita/domain/validators/registration';
import { formatRut, isValidRut } from '@visita/domain/validators/rut';
import type { Db } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { isSafeText } from '@visita/domain/contract/safe-text';
import {
  findUserByEmail,
  findUserByIdentifier,
  findUserByTokenHash,
  insertUserIfNew,
  type UserRow,
} from './queries.ts';

/** Where "today" is for a birth date. */

/** A new account token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export const newAccessToken = (): string => randomBytes(32).toString('base64url');
export const hashAccessToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The identifier accounts are found by: a valid RUT in its one written form
 * ('11.111.111-1', however it was punctuated), anything else trimmed and upper-cased, so the
 * same person typed two ways is one account.
 */
function normaliseIdentifier(value: string): string {
  const trimmed = value.normalize('NFC').trim();
  if (/^[0-9.\-\skK]+$/.test(trimmed) && isValidRut(trimmed)) return formatRut(trimmed);
  return trimmed.toUpperCase().replace(/\s+/g, '');
}

/** The account's public data: the patient record, never the token hash. */
function toFindByIdentifierAnswer(row: UserRow): FindByIdentifierAnswer | null {
  const parsed = findByIdentifierAnswerSchema.safeParse({
    id: row.id,
    patient: {
      id: row.id,
      first_name: row.firstName,
      second_name: row.secondName,
      last_name: row.lastName,
      second_last_name: row.secondLastName,
      date_of_birth: row.dateOfBirth,
      gender: row.gender,
      document_type: row.documentType,
      document_number: row.documentNumber,
      email: row.email,
      phone: row.phone,
    },
  });
  return parsed.success ? parsed.data : null;
}

/** 'juana@gmail.com' → 'j***@gmail.com': enough for its owner to recognise it, nothing to reuse. */
function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** '+56912345612' → '+569 **** **12': the country and mobile prefix and the last two digits. */
function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.length < 7) return '****';
  return `${digits.slice(0, 4)} **** **${digits.slice(-2)}`;
}

/** What a booking session learns of an existing account (see findByIdentifierMaskedAnswerSchema). */
function toMaskedAnswer(row: UserRow): FindByIdentifierMaskedAnswer {
  return { id: row.id, masked: true, email: maskEmail(row.email), phone: maskPhone(row.phone) };
}

/**
 * GET /users/find_by_identifier/: null for an unknown (or unusable) identifier. The full record
 * only for the client's staff (`full`); a booking session gets the masked answer.
 */
export async function findAccount(
  db: Db,
  identifier: string,
  full: boolean,
): Promise<FindByIdentifierAnswer | FindByIdentifierMaskedAnswer | null> {
  if (!isSafeText(identifier)) return null;
  const row = await findUserByIdentifier(db, normaliseIdentifier(identifier));
  if (!row) return null;
  return full ? toFindByIdentifierAnswer(row) : toMaskedAnswer(row);
}

/** The account an access token belongs to (finalise checks the token it is given). */
export async function findAccountByToken(db: Db, token: string): Promise<UserRow | undefined> {
  return findUserByTokenHash(db, hashAccessToken(token));
}

const invalid = (err: keyof typeof REGISTRATION_ERRORS, msg?: string) =>
  fail(ERRORS.registrationRefused(err, msg));

/** Nobody alive was born more than this many years ago; older dates are typos (and year 0 is no date). */
const OLDEST_BIRTH_YEARS = BIRTH_YEAR_CHOICES + 10;

/** A birth date that is a real date, not in the future and not absurdly old. */
function checkBirthDate(value: string, country: CountryCode, now: Date): void {
  const date = parseCalendarDate(value);
  const today = calendarDateIn(now, COUNTRY_TIME_ZONES[country]);
  if (!date || date.year < today.year - OLDEST_BIRTH_YEARS) throw invalid('invalid-birth-date');
  if (compareDates(date, today) > 0) throw invalid('invalid-birth-date', BIRTH_DATE_FUTURE_MESSAGE);
}

interface Document {
  documentType: string;
  documentNumber: string;
}

/**
 * In Mexico a patient without a document gets one generated from the name and the
 * birth date, with type generic_id. Null when there is a document (or nothing to build one from).
 */
function generatedDocument(body: RegisterBody): Document | null {
  if (body.country !== 'mx' || (body.document_number ?? '') !== '') return null;
  const generated = mexicanGeneratedDocument(body);
  return generated
    ? { documentType: generated.document_type, documentNumber: generated.document_number }
    : null;
}

/**
 * POST /users/register_wo_password/: validated with the domain's registration validator (its
 * slugs as 400), then inserted; an e-mail or identifier already taken is a 409 decided by the
 * unique indexes. Answers the new account's access token.
 */
export async function registerAccount(
  db: Db,
  body: RegisterBody,
  now: Date = new Date(),
): Promise<{ access_token: string }> {
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && !isSafeText(value)) {
      throw fail(ERRORS.invalidCharacters(key));
    }
  }
  const generated = generatedDocument(body);
  const result = validateRegistration({
    email: body.email,
    firstName: body.first_name,
    lastName: body.last_name,
    secondLastName: body.second_last_name,
    phone: body.phone,
    // A generated Mexican document is validated as a free-form one (the validator knows ci and passport).
    documentType: generated ? 'passport' : body.document_type,
    documentNumber: generated ? generated.documentNumber : body.document_number,
    birthDate: body.date_of_birth,
    gender: body.gender,
    country: body.country,
  });
  if (!result.ok) throw fail(ERRORS.registrationRefused(result.err, result.msg));
  // The validator accepted every key, so these are the non-empty, well-formed values.
  const country = body.country as CountryCode;
  const dateOfBirth = body.date_of_birth as string;
  checkBirthDate(dateOfBirth, country, now);
  const document: Document = generated ?? {
    documentType: body.document_type as string,
    documentNumber: normaliseIdentifier(body.document_number as string),
  };
  if (document.documentType === 'passport' && !/^[\p{L}\p{N}-]{1,15}$/u.test(document.documentNumber)) {
    throw fail(ERRORS.INVALID_PASSPORT_NUMBER);
  }
  const email = (body.email as string).trim().toLowerCase();
  const token = newAccessToken();
  const optionalName = (value: string | null | undefined) =>
    value && value.trim() !== '' ? normalizeName(value) : null;
  const created = await insertUserIfNew(db, {
    identifier: document.documentNumber,
    email,
    firstName: normalizeName(body.first_name as string),
    secondName: optionalName(body.second_name),
    lastName: normalizeName(body.last_name as string),
    secondLastName: optionalName(body.second_last_name),
    dateOfBirth,
    gender: body.gender as string,
    documentType: document.documentType,
    documentNumber: document.documentNumber,
    country,
    phone: normalizePhone(body.phone as string, country),
    locale: body.locale,
    scopes: body.scopes,
    acquisitionSource: body.acquisition_source?.trim() || null,
    accessTokenHash: hashAccessToken(token),
  });
  if (!created) {
    // The same person twice is "already has an account", whatever e-mail they typed this time.
    if (await findUserByIdentifier(db, document.documentNumber)) {
      throw fail(ERRORS.PATIENT_ALREADY_HAS_ACCOUNT);
    }
    if (await findUserByEmail(db, email)) {
      throw fail(ERRORS.EMAIL_ALREADY_USED);
    }
    // A conflict whose row is gone again: nothing was created, and retrying is safe.
    throw fail(ERRORS.PATIENT_ALREADY_HAS_ACCOUNT);
  }
  return { access_token: token };
}
