import type { CartPatient, CartPatientInfo } from '@visita/domain/cart';
import { isPack } from '@visita/domain/cart-item';
import type { AppointmentPatientInput, PatientRecord, RegisterBody } from '@visita/domain/contract/patients';
import type { DocumentType, Gender } from '@visita/domain/constants';
import type { CountryCode } from '@visita/domain/locale';
import {
  normalizePatientValues,
  PATIENT_FORM_DEFAULTS,
  type PatientFormValues,
} from '@visita/domain/patient-form';
import { parseCalendarDate, toIsoDate } from '@visita/domain/validators/birth-date';
import { registrationEmail } from '@visita/domain/validators/email';
import { mexicanGeneratedDocument } from '@visita/domain/validators/patient-identifier';
import { initialPhoneValue, normalizePhone } from '@visita/domain/validators/phone';

/** The form's values: the product's fields plus the three birth-date dropdowns. */
export interface PatientDraft extends PatientFormValues {
  id?: string | number | null;
  day: string;
  month: string;
  year: string;
}

function emptyDraft(countryCode: CountryCode): PatientDraft {
  return {
    first_name: '',
    second_name: '',
    last_name: '',
    second_last_name: '',
    date_of_birth: '',
    gender: PATIENT_FORM_DEFAULTS.gender,
    // Mexico has no Rut: its default is a generated identifier.
    document_type: countryCode === 'mx' ? 'generic_id' : PATIENT_FORM_DEFAULTS.document_type,
    document_number: '',
    email: '',
    phone: initialPhoneValue(countryCode, { patientStep: true }),
    day: '',
    month: '',
    year: '',
  };
}

export function draftFromInfo(
  info: CartPatientInfo | null | undefined,
  countryCode: CountryCode,
): PatientDraft {
  const draft = emptyDraft(countryCode);
  if (!info) return draft;
  const born = parseCalendarDate(info.date_of_birth ?? null);
  return {
    ...draft,
    id: info.id ?? null,
    first_name: info.first_name ?? '',
    second_name: info.second_name ?? '',
    last_name: info.last_name ?? '',
    second_last_name: info.second_last_name ?? '',
    date_of_birth: born ? `${toIsoDate(born)} 00:00:00` : '',
    gender: (info.gender as Gender | null) ?? draft.gender,
    document_type: (info.document_type as DocumentType | null) ?? draft.document_type,
    document_number: info.document_number ?? '',
    email: info.email ?? '',
    phone: info.phone || draft.phone,
    day: born ? String(born.day) : '',
    month: born ? String(born.month) : '',
    year: born ? String(born.year) : '',
  };
}

/** The stored patient: names cleaned, Rut formatted, phone normalised, the default e-mail when set. */
export function infoFromDraft(
  draft: PatientDraft,
  countryCode: CountryCode,
  defaultEmail: string | null,
): CartPatientInfo {
  const values = normalizePatientValues(draft);
  const born = parseCalendarDate(values.date_of_birth ?? null);
  let documentType = values.document_type ?? 'ci';
  let documentNumber = values.document_number ?? '';
  if (countryCode === 'mx' && documentNumber === '') {
    const generated = mexicanGeneratedDocument({ ...values, date_of_birth: born ? toIsoDate(born) : null });
    if (generated) {
      documentType = generated.document_type;
      documentNumber = generated.document_number;
    }
  }
  const firstName = values.first_name ?? '';
  const lastName = values.last_name ?? '';
  return {
    id: draft.id ?? null,
    first_name: firstName,
    second_name: values.second_name || null,
    last_name: lastName,
    second_last_name: values.second_last_name ?? '',
    date_of_birth: born ? toIsoDate(born) : null,
    gender: values.gender ?? 'male',
    document_type: documentType,
    document_number: documentNumber,
    email: defaultEmail ?? values.email ?? '',
    phone: normalizePhone(values.phone ?? '', countryCode),
    fullname: [firstName, values.second_name, lastName, values.second_last_name].filter(Boolean).join(' '),
  };
}

export function patientRecord(info: CartPatientInfo): PatientRecord {
  return {
    first_name: info.first_name ?? '',
    second_name: info.second_name ?? null,
    last_name: info.last_name ?? '',
    second_last_name: info.second_last_name ?? null,
    date_of_birth: info.date_of_birth ?? '',
    gender: info.gender ?? 'male',
    document_type: info.document_type ?? 'ci',
    document_number: info.document_number ?? '',
    email: info.email ?? null,
    phone: info.phone ?? null,
  };
}

/** A patient as the appointment update and finalisation carry it: the record plus its items. */
export function appointmentPatient(
  patient: Pick<CartPatient, 'items' | 'insurance' | 'fonasaTier'>,
  info: CartPatientInfo,
): AppointmentPatientInput {
  return {
    ...patientRecord(info),
    items: patient.items.filter((item) => !isPack(item)).map((item) => item.id),
    packs: patient.items.filter((item) => isPack(item)).map((item) => item.id),
    is_fonasa: patient.insurance === 'fonasa',
    ...(patient.fonasaTier ? { fonasa_tier: patient.fonasaTier } : {}),
  };
}

/** Scopes of a patient registered without password (the exact list is not shown). */
const REGISTRATION_SCOPES = [
  'consulta:create',
  'consulta:read',
  'consulta:update',
  'consulta:list',
  'consulta:delete',
  'hso_appointments:create',
  'hso_appointments:read',
  'hso_appointments:update',
  'hso_appointments:list',
  'hso_appointments:delete',
  'hso_services:read',
  'hso_services:list',
  'hso_workers:read',
  'hso_workers:list',
  'payments:list',
].join(' ');

export function registrationBody(
  info: CartPatientInfo,
  countryCode: CountryCode,
  origin: string,
): RegisterBody {
  // A Mexican generated identifier is left empty: the API builds the same one.
  const generated = info.document_type === 'generic_id';
  return {
    email: registrationEmail(info.email ?? ''),
    first_name: info.first_name ?? '',
    second_name: info.second_name ?? null,
    last_name: info.last_name ?? '',
    second_last_name: info.second_last_name ?? '',
    date_of_birth: info.date_of_birth ?? '',
    document_type: generated ? 'passport' : (info.document_type ?? 'ci'),
    document_number: generated ? '' : (info.document_number ?? ''),
    gender: info.gender ?? 'male',
    country: countryCode,
    phone: info.phone ?? '',
    locale: countryCode,
    scopes: REGISTRATION_SCOPES,
    is_partial_register: false,
    disable_email_create_password: true,
    acquisition_source: origin,
  };
}
