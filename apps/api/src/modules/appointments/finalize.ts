import * as ERRORS from '@visita/domain/contract/api-errors';
import type { AppointmentPatient } from '@visita/domain/contract/patients';
import type { FinalizeAppointmentBody } from '@visita/domain/contract/appointments';
import {
  normalizePatientValues,
  type PatientFormErrors,
  validatePatientForm,
} from '@visita/domain/patient-form';
import { calendarDateIn, parseCalendarDate, VACCINE_AGE_MESSAGE } from '@visita/domain/validators/birth-date';
import { mexicanGeneratedDocument } from '@visita/domain/validators/patient-identifier';
import { normalizePhone } from '@visita/domain/validators/phone';
import { BIRTH_YEAR_CHOICES, COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import { type Db, inTransaction } from '../../db/database.ts';
import { type AppError, fail } from '../../errors.ts';
import { isSafeText } from '@visita/domain/contract/safe-text';
import type { CatalogueReader } from '../catalogue/snapshot.ts';
import { keptClient } from '../clients/kept-clients.ts';
import { couponForAppointment, couponPeople } from '../coupons/service.ts';
import { checkFundRules, claimOncePerPatientItems, oncePerPatientClaims } from '../fund/service.ts';
import { findAccountByToken } from '../users/service.ts';
import {
  type AppointmentRow,
  updateAppointmentReleasingClaims,
  updateAppointmentWhileStatus,
} from './queries.ts';

/** Patients can change until the visit is confirmed. */
const PATIENTS_EDITABLE_STATUSES = ['pending', 'scheduled'] as const;

/** Field names as a person reads them, for the 400 that names the field. */
const FIELD_LABELS: Record<keyof PatientFormErrors, string> = {
  first_name: 'nombre',
  second_name: 'segundo nombre',
  last_name: 'apellido paterno',
  second_last_name: 'apellido materno',
  date_of_birth: 'fecha de nacimiento',
  gender: 'género',
  document_type: 'tipo de documento',
  document_number: 'número de documento',
  email: 'correo',
  phone: 'teléfono',
  services: 'servicios',
};
/** The registration slugs for the fields that have one. */
const FIELD_SLUGS: Partial<Record<keyof PatientFormErrors, string>> = {
  date_of_birth: 'invalid-birth-date',
  document_number: 'invalid-document-number',
  email: 'invalid-email-format',
  phone: 'invalid-phone-format',
  gender: 'invalid-gender',
  document_type: 'invalid-document-type',
};

const OLDEST_BIRTH_YEARS = BIRTH_YEAR_CHOICES + 10;

interface ItemInfo {
  id: number;
  category: string;
}

/** The catalogue entries of a patient's item or pack ids in the appointment's country; unknown ids are a 400. */
async function resolveItems(
  catalogue: CatalogueReader,
  country: 'cl' | 'mx',
  ids: readonly (number | string)[],
): Promise<ItemInfo[]> {
  const snapshot = await catalogue();
  return ids.map((raw) => {
    const id = typeof raw === 'number' ? raw : /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    const item = Number.isSafeInteger(id) ? snapshot.byId.get(id) : undefined;
    if (!item || item.country !== country) {
      throw fail(ERRORS.INVALID_ITEM);
    }
    // A pack's vaccines count for the vaccine-age rule too.
    const subCategories = (snapshot.subItems.get(item.id) ?? []).map(
      (sub) => snapshot.byId.get(sub.id)?.category ?? '',
    );
    return { id: item.id, category: subCategories.includes('vaccine') ? 'vaccine' : item.category };
  });
}

function patientError(
  index: number,
  count: number,
  field: keyof PatientFormErrors,
  message: string,
): AppError {
  if (field === 'services' && message === VACCINE_AGE_MESSAGE) {
    return fail(ERRORS.VACCINE_AGE);
  }
  const who = count > 1 ? `Paciente ${index + 1}, ` : '';
  return fail(ERRORS.invalidPatientField(FIELD_SLUGS[field], `${who}${FIELD_LABELS[field]}: ${message}`));
}

/**
 * The appointment's patients checked with the patient form's rules in the appointment's
 * country and client settings, then normalised as the form stores them: names cleaned, a RUT
 * formatted, the phone with its prefix, item ids as catalogue numbers. Mexico's patients without
 * a document get the generated generic_id.
 */
async function preparePatients(
  db: Db,
  catalogue: CatalogueReader,
  appointment: AppointmentRow,
  patients: readonly AppointmentPatient[],
  now: Date,
): Promise<AppointmentPatient[]> {
  const client = appointment.clientId ? await keptClient(db, appointment.clientId) : undefined;
  if (client?.maxPatientsPerAppointment && patients.length > client.maxPatientsPerAppointment) {
    throw fail(ERRORS.tooManyPatients(client.maxPatientsPerAppointment));
  }
  const country = appointment.country;
  const today = calendarDateIn(now, COUNTRY_TIME_ZONES[country]);
  const rules = {
    countryCode: country,
    today,
    // The e-mail is asked only when the client has no default patient e-mail.
    emailRequired: !client?.defaultPatientEmail,
    nonBinaryTexts: Boolean(
      client?.sdkConfig?.show_non_binary_texts || client?.laasConfig?.show_non_binary_texts,
    ),
  };
  const prepared: AppointmentPatient[] = [];
  for (const [index, patient] of patients.entries()) {
    for (const [key, value] of Object.entries(patient)) {
      if (typeof value === 'string' && !isSafeText(value)) {
        throw fail(ERRORS.invalidPatientText(key));
      }
    }
    const items = await resolveItems(catalogue, country, patient.items);
    const packs = await resolveItems(catalogue, country, patient.packs);
    if (items.length + packs.length === 0) {
      throw fail(ERRORS.PATIENT_WITHOUT_SERVICES);
    }
    const generated =
      country === 'mx' && (patient.document_number.trim() === '' || patient.document_type === 'generic_id')
        ? mexicanGeneratedDocument(patient)
        : null;
    const values = normalizePatientValues({
      ...patient,
      ...(generated && patient.document_type === 'generic_id' ? generated : {}),
      services: [...items, ...packs],
    });
    const errors = validatePatientForm(values, rules);
    const born = parseCalendarDate(values.date_of_birth);
    if (!errors.date_of_birth && born && born.year < today.year - OLDEST_BIRTH_YEARS) {
      errors.date_of_birth = 'La fecha de nacimiento no es válida';
    }
    // In form order; services (the vaccine-age rule) last, as it needs a valid birth date.
    for (const field of Object.keys(FIELD_LABELS) as (keyof PatientFormErrors)[]) {
      const message = errors[field];
      if (message) throw patientError(index, patients.length, field, message);
    }
    prepared.push({
      ...(values.id === undefined || values.id === null ? {} : { id: values.id }),
      first_name: values.first_name ?? '',
      second_name: values.second_name || null,
      last_name: values.last_name ?? '',
      second_last_name: values.second_last_name || null,
      date_of_birth: values.date_of_birth ?? '',
      gender: values.gender,
      document_type: values.document_type,
      document_number:
        values.document_type === 'ci'
          ? (values.document_number ?? '')
          : (values.document_number ?? '').toUpperCase(),
      email: values.email?.trim().toLowerCase() || client?.defaultPatientEmail || null,
      phone: values.phone ? normalizePhone(values.phone, country) : null,
      items: items.map((item) => item.id),
      packs: packs.map((pack) => pack.id),
      is_fonasa: patient.is_fonasa,
      // The tier prices the Fonasa exams: the quote and the charge read it from the stored cart.
      ...(patient.fonasa_tier ? { fonasa_tier: patient.fonasa_tier } : {}),
    });
  }
  return prepared;
}

const fundPatients = (patients: readonly AppointmentPatient[]) =>
  patients.map((patient) => ({
    document_type: patient.document_type,
    document_number: patient.document_number,
    items: patient.items as number[],
    packs: patient.packs as number[],
  }));

async function checkRules(
  db: Db,
  catalogue: CatalogueReader,
  appointment: AppointmentRow,
  patients: readonly AppointmentPatient[],
  now: Date,
): Promise<AppointmentPatient[]> {
  const prepared = await preparePatients(db, catalogue, appointment, patients, now);
  await checkFundRules(db, catalogue, appointment, fundPatients(prepared));
  return prepared;
}

/** PATCH /v2/appointments/{id}/patients/: replaces the patients while the appointment is not confirmed. */
export async function updateAppointmentPatients(
  db: Db,
  catalogue: CatalogueReader,
  appointment: AppointmentRow,
  patients: readonly AppointmentPatient[],
  now: Date = new Date(),
): Promise<AppointmentRow> {
  if (!(PATIENTS_EDITABLE_STATUSES as readonly string[]).includes(appointment.status)) {
    throw fail(ERRORS.APPOINTMENT_NOT_EDITABLE);
  }
  const prepared = await checkRules(db, catalogue, appointment, patients, now);
  const updated = await updateAppointmentWhileStatus(db, appointment.id, PATIENTS_EDITABLE_STATUSES, {
    patients: prepared,
  });
  if (!updated) throw fail(ERRORS.APPOINTMENT_NOT_EDITABLE);
  return updated;
}

/**
 * POST /v2/appointments/{id}/finalize/: only a scheduled appointment (a block held), with the
 * sales source it was created for and, when given, the access token of a registered account.
 * Stores the patients and sets finalized_at; the status update is conditional, so a confirmation
 * or cancellation in between is a 409, never a lost write.
 */
export async function finalizeAppointment(
  db: Db,
  catalogue: CatalogueReader,
  appointment: AppointmentRow,
  body: FinalizeAppointmentBody,
  now: Date = new Date(),
): Promise<AppointmentRow> {
  if (appointment.status !== 'scheduled') {
    throw fail(ERRORS.APPOINTMENT_NOT_SCHEDULED);
  }
  if (body.sales_source !== appointment.salesSource) {
    throw fail(ERRORS.INVALID_APPOINTMENT_SALES_SOURCE);
  }
  const token = body.access_token?.trim();
  if (token && (token.length > 256 || !(await findAccountByToken(db, token)))) {
    throw fail(ERRORS.INVALID_ACCESS_TOKEN);
  }
  const prepared = await checkRules(db, catalogue, appointment, body.patients, now);
  // The coupon is checked against this cart, so the quote the person sees is what is charged.
  const couponCode =
    body.coupon_code === undefined
      ? undefined
      : await couponForAppointment(
          db,
          body.coupon_code,
          {
            source: appointment.salesSource,
            country: appointment.country,
            itemIds: prepared.flatMap((patient) => [...patient.items, ...patient.packs]),
            people: couponPeople(prepared),
          },
          now,
        );
  const claims = await oncePerPatientClaims(catalogue, appointment.salesSource, fundPatients(prepared));
  const changes = {
    patients: prepared,
    finalizedAt: now,
    ...(couponCode === undefined ? {} : { couponCode }),
  };
  // Nothing to claim (the common case): the update and the release of the replaced patients'
  // claims in one statement. Claims to take: a transaction, so a lost claim undoes the update.
  const updated =
    claims.length === 0
      ? await updateAppointmentReleasingClaims(db, appointment.id, ['scheduled'], changes)
      : await inTransaction(db, async (tx) => {
          const row = await updateAppointmentWhileStatus(tx, appointment.id, ['scheduled'], changes);
          if (row) await claimOncePerPatientItems(tx, appointment.id, claims);
          return row;
        });
  if (!updated) throw fail(ERRORS.APPOINTMENT_NOT_SCHEDULED);
  return updated;
}
