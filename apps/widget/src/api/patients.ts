import * as endpoints from '@visita/domain/contract/endpoints';
import type { FonasaTier } from '@visita/domain/insurance';
import type { AppointmentSummary } from '@visita/domain/contract/appointments';
import type {
  AppointmentPatientInput,
  ClientPatient,
  FindByIdentifierAnswer,
  FindByIdentifierMaskedAnswer,
  HasItemAnswer,
  PatientRecord,
  RegisterAnswer,
  RegisterBody,
  RutStatusAnswer,
} from '@visita/domain/contract/patients';
import { apiRequest, HttpError, type RequestContext } from './http.ts';

/**
 * GET /users/find_by_identifier/: null when the answer says not found (an 'error' key, 404). A
 * booking session gets the masked answer, the client's staff the whole patient.
 */
export async function findByIdentifier(
  identifier: string,
  context: RequestContext,
): Promise<FindByIdentifierAnswer | FindByIdentifierMaskedAnswer | null> {
  try {
    return await apiRequest(endpoints.findByIdentifier, {
      query: { identifier },
      context,
    });
  } catch (error) {
    if (
      error instanceof HttpError &&
      typeof error.error === 'object' &&
      error.error &&
      'error' in error.error
    )
      return null;
    throw error;
  }
}

/** POST /users/register_wo_password/: the access token of the new account. */
export function registerPatient(body: RegisterBody, context: RequestContext): Promise<RegisterAnswer> {
  return apiRequest(endpoints.registerWithoutPassword, { body, context });
}

/** POST /alliances/clients/{clientId}/patients/: the client-side patient save (403 is ignored by callers). */
export function saveClientPatient(
  clientId: string,
  patient: PatientRecord,
  context: RequestContext,
): Promise<ClientPatient> {
  return apiRequest(endpoints.createClientPatient, {
    params: { clientId },
    body: { patient },
    context,
  });
}

export function updateAppointmentPatients(
  appointmentId: string,
  patients: AppointmentPatientInput[],
  context: RequestContext,
): Promise<AppointmentSummary> {
  return apiRequest(endpoints.appointmentPatients, {
    params: { id: appointmentId },
    body: { patients },
    context,
  });
}

function getAppointmentSummary(appointmentId: string, context: RequestContext): Promise<AppointmentSummary> {
  return apiRequest(endpoints.getAppointment, { params: { id: appointmentId }, context });
}

/**
 * The confirmation's Particular/Fonasa toggle after the patients were saved: the stored patients
 * take the new insurance, so the card is charged what the confirmation showed (the API quotes
 * the stored appointment).
 */
export async function saveAppointmentInsurance(
  appointmentId: string,
  isFonasa: boolean,
  context: RequestContext,
  fonasaTier: FonasaTier | null = null,
): Promise<void> {
  const summary = await getAppointmentSummary(appointmentId, context);
  if (
    summary.patients.length === 0 ||
    summary.patients.every(
      (patient) => patient.is_fonasa === isFonasa && (patient.fonasa_tier ?? null) === fonasaTier,
    )
  )
    return;
  await updateAppointmentPatients(
    appointmentId,
    summary.patients.map((patient) => ({ ...patient, is_fonasa: isFonasa, fonasa_tier: fonasaTier })),
    context,
  );
}

export function finalizeAppointment(
  appointmentId: string,
  body: {
    patients: AppointmentPatientInput[];
    access_token: string | null;
    sales_source: string;
    coupon_code: string | null;
  },
  context: RequestContext,
): Promise<AppointmentSummary> {
  return apiRequest(endpoints.finalizeAppointment, {
    params: { id: appointmentId },
    body,
    context,
  });
}

export function getRutStatus(rut: string, context: RequestContext): Promise<RutStatusAnswer> {
  return apiRequest(endpoints.rutStatus, { query: { rut }, context });
}

export function getPatientHasItem(
  query: { item: string; source: string; rut: string },
  context: RequestContext,
): Promise<HasItemAnswer> {
  return apiRequest(endpoints.hasItem, { query, context });
}
