import type { CartPatient, CartPatientInfo } from '@visita/domain/cart';
import type { CountryCode } from '@visita/domain/locale';
import { errorMessage } from '@visita/domain/error-catalogue';
import {
  APPOINTMENT_CREATION_FAILED_MESSAGE,
  EMAIL_ALREADY_USED_ERROR,
  EMAIL_ALREADY_USED_MESSAGE,
  ONE_BOOKING_PER_PATIENT_MESSAGE,
  PATIENT_EXISTS_FOR_CLIENT_MESSAGE,
  SCHEDULE_PROBLEM_MESSAGE,
} from '@visita/domain/messages';
import { VACCINE_AGE_ERROR } from '@visita/domain/validators/birth-date';
import {
  PATIENT_WITHOUT_IDENTIFIER_MESSAGE,
  patientIdentifier,
} from '@visita/domain/validators/patient-identifier';
import { HttpError, type RequestContext } from '../api/http.ts';
import {
  finalizeAppointment,
  findByIdentifier,
  registerPatient,
  saveClientPatient,
  updateAppointmentPatients,
} from '../api/patients.ts';
import { appointmentPatient, patientRecord, registrationBody } from './patient-values.ts';

export interface RegisterPatientsInput {
  appointmentId: string;
  clientId: string | null;
  countryCode: CountryCode;
  salesSource: string;
  origin: string;
  patients: readonly Pick<CartPatient, 'items' | 'insurance'>[];
  infos: readonly CartPatientInfo[];
  /** The client's default patient e-mail, used for every patient when the form has no e-mail field. */
  defaultEmail?: string | null;
  /** The coupon the quote applied: stored on the appointment, so the card is charged that price. */
  coupon: string | null;
  context: RequestContext;
}

export type RegisterPatientsResult =
  { ok: true; accessToken: string | null; notices: string[] } | { ok: false; message: string; slug?: string };

/** The API's message for a slug of ours, else the fallback. */
function slugMessage(
  error: unknown,
  fallback: string,
  serverText: boolean,
): { message: string; slug?: string } {
  if (!(error instanceof HttpError)) return { message: fallback };
  const slug = error.slug;
  if (!slug) return { message: fallback };
  if (slug === EMAIL_ALREADY_USED_ERROR) return { message: EMAIL_ALREADY_USED_MESSAGE, slug };
  if (slug === VACCINE_AGE_ERROR) return { message: errorMessage(slug, fallback), slug };
  const body = error.error as { msg?: unknown } | null;
  // The fund's refusal names the fund: the server knows which one.
  if (slug === 'rut-not-affiliated' && typeof body?.msg === 'string') return { message: body.msg, slug };
  if (FUND_MESSAGES[slug]) return { message: FUND_MESSAGES[slug], slug };
  // Registration answers name the bad field in the product's words; other steps keep the product's text.
  // A coupon that stopped being valid since it was applied: the API says which way, in Spanish.
  if (slug.startsWith('coupon-') && typeof body?.msg === 'string') return { message: body.msg, slug };
  if (serverText && error.status === 400 && typeof body?.msg === 'string') return { message: body.msg, slug };
  return { message: errorMessage(slug, fallback), slug };
}

/** The fund's refusals (the API's slugs) and the toasts they show. */
const FUND_MESSAGES: Readonly<Record<string, string>> = {
  'item-already-booked': ONE_BOOKING_PER_PATIENT_MESSAGE,
};

/**
 * For each patient look up the identifier; when the first one is unknown, register
 * it (its access token); for the client's staff (who hold its API token), save each patient on
 * the client's side (403 ignored, any other error shown); then update the appointment with the
 * patients and finalise it. A public booking has no token: the save could only be refused (a 403
 * in the console and the server's log), so it is not asked for.
 */
export async function registerPatients(input: RegisterPatientsInput): Promise<RegisterPatientsResult> {
  // The look-ups and registration answer only for this booking (its id with its token).
  const context = { ...input.context, appointmentId: input.appointmentId };
  let accessToken: string | null = null;
  const notices: string[] = [];
  for (const [index, info] of input.infos.entries()) {
    const identifier = patientIdentifier(info, input.countryCode);
    if (!identifier) return { ok: false, message: PATIENT_WITHOUT_IDENTIFIER_MESSAGE };
    let found: Awaited<ReturnType<typeof findByIdentifier>>;
    try {
      found = await findByIdentifier(identifier, context);
    } catch {
      // A failed look-up counts as not found: registering answers what is true.
      found = null;
    }
    if (!found && index === 0) {
      try {
        accessToken = (
          await registerPatient(registrationBody(info, input.countryCode, input.origin), context)
        ).access_token;
      } catch (error) {
        // Every patient of a client with a default e-mail is registered with it, so after the
        // first that e-mail has an account: the booking goes on without a patient token.
        const sharedEmailTaken =
          Boolean(input.defaultEmail) &&
          error instanceof HttpError &&
          error.slug === EMAIL_ALREADY_USED_ERROR;
        if (!sharedEmailTaken) {
          return { ok: false, ...slugMessage(error, APPOINTMENT_CREATION_FAILED_MESSAGE, true) };
        }
      }
    }
    // A patient chosen from the client's list is already the client's.
    if (input.clientId && input.context.apiToken && (info.id === null || info.id === undefined)) {
      try {
        await saveClientPatient(input.clientId, patientRecord(info), context);
      } catch (error) {
        if (error instanceof HttpError && error.status === 403) continue;
        if (error instanceof HttpError && error.status === 409) {
          notices.push(PATIENT_EXISTS_FOR_CLIENT_MESSAGE);
          continue;
        }
        return { ok: false, ...slugMessage(error, APPOINTMENT_CREATION_FAILED_MESSAGE, true) };
      }
    }
  }
  const patients = input.patients.map((patient, index) =>
    appointmentPatient(patient, input.infos[index] ?? {}),
  );
  try {
    await updateAppointmentPatients(input.appointmentId, patients, context);
    await finalizeAppointment(
      input.appointmentId,
      { patients, access_token: accessToken, sales_source: input.salesSource, coupon_code: input.coupon },
      context,
    );
  } catch (error) {
    return { ok: false, ...slugMessage(error, SCHEDULE_PROBLEM_MESSAGE, false) };
  }
  return { ok: true, accessToken, notices };
}
