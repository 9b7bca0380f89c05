import * as ERRORS from '@visita/domain/contract/api-errors';
import { createHash } from 'node:crypto';
import type {
  AppointmentAddress,
  AppointmentSummary,
  CreateAppointmentAnswer,
  CreateAppointmentBody,
} from '@visita/domain/contract/appointments';
import type { CartMakerWithTokenAnswer } from '@visita/domain/contract/cart-maker';
import type { Receiver } from '@visita/domain/contract/client-config';
import { type AppointmentPatient, appointmentPatientSchema } from '@visita/domain/contract/patients';
import { localeFromCountry } from '@visita/domain/locale';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { ClientRow } from '../../db/schema.ts';
import type { VisitTimes } from './visit-times.ts';
import { fail } from '../../errors.ts';
import { keptClient } from '../clients/kept-clients.ts';
import { findCoveringSector, isRegionBlocked, type SectorsOfSource } from '../coverage/service.ts';
import { keptSectorsOfSource } from '../scheduling/roster.ts';
import {
  appointmentNotFound,
  appointmentTokenMatches,
  authorizeAppointment,
  hashAppointmentToken,
  newAppointmentToken,
} from './access.ts';
import {
  type AppointmentRow,
  type CartMakerRow,
  findAppointmentById,
  insertAppointment,
  type NewAppointmentRow,
  updateAppointmentWhileStatus,
} from './queries.ts';

/** The same text the client config 404 shows. */

/** An address can still change before the visit is confirmed; afterwards it is the nurse's route. */
const EDITABLE_STATUSES = ['pending', 'scheduled'] as const;

/** Receivers map id to name; a client with no receivers uses its origins as both. */
function receiverIds(receivers: readonly Receiver[], origins: readonly string[]): string[] {
  return receivers.length > 0 ? receivers.map((receiver) => String(receiver.id)) : [...origins];
}

const text = (value: string) => value.normalize('NFC');
const optionalText = (value: string | null | undefined) => {
  const normalized = value?.normalize('NFC') ?? '';
  return normalized === '' ? null : normalized;
};

/** The rules that need the database, in the order a person can fix them. */
async function checkBooking(
  db: Db,
  body: CreateAppointmentBody,
  sectorsOf: SectorsOfSource,
): Promise<{ client: ClientRow; sectorId: number }> {
  const client = await keptClient(db, body.client_id);
  if (!client) throw fail(ERRORS.CLIENT_NOT_VALID);
  if (body.sales_source !== client.salesSource) {
    throw fail(ERRORS.INVALID_SALES_SOURCE);
  }
  if (body.country !== client.country) {
    throw fail(ERRORS.INVALID_COUNTRY);
  }
  const receiver =
    body.receiver_id === null || body.receiver_id === undefined ? '' : String(body.receiver_id);
  if (receiver !== '' && !receiverIds(client.receivers, client.origins).includes(receiver)) {
    throw fail(ERRORS.INVALID_RECEIVER);
  }
  if (isRegionBlocked(body.region, body.sales_source)) throw fail(ERRORS.NO_NURSES);
  const sector = await findCoveringSector(
    db,
    { lat: body.target_lat, lng: body.target_lng },
    { country: body.country, salesSource: body.sales_source },
    sectorsOf,
  );
  if (!sector) throw fail(ERRORS.NO_NURSES);
  return { client, sectorId: sector.id };
}

function appointmentFields(
  body: CreateAppointmentBody,
  client: ClientRow,
  sectorId: number,
): Omit<NewAppointmentRow, 'tokenHash'> {
  const receiver =
    body.receiver_id === null || body.receiver_id === undefined ? '' : String(body.receiver_id);
  return {
    clientId: client.id,
    salesSource: body.sales_source,
    country: body.country,
    region: text(body.region),
    comuna: text(body.comuna),
    colony: optionalText(body.colony),
    addressLine1: text(body.address_line_1),
    targetAddress: text(body.target_address),
    targetStreetNumber: text(body.target_street_number),
    targetResidenceType: body.target_residence_type,
    targetLat: body.target_lat,
    targetLng: body.target_lng,
    targetApartmentNumber: optionalText(body.target_apartment_number),
    targetAddressAdditionalInfo: optionalText(body.target_address_additional_info),
    zipCode: optionalText(body.zip_code),
    placeId: optionalText(body.place_id),
    sectorId,
    lastMile: body.last_mile
      ? { folio: optionalText(body.last_mile.folio), amount: body.last_mile.amount }
      : null,
    sectionOrigin: optionalText(body.section_origin),
    clientOrigin: optionalText(body.client_origin),
    receiverId: receiver === '' ? null : receiver,
    // Coupon and referral codes are upper-cased everywhere.
    referralCode: optionalText(body.referral_code)?.toUpperCase() ?? null,
    fingerprintRequired: body.fingerprint_required,
  };
}

/**
 * POST /v2/appointments/: creates the appointment with a fresh token, or, with appointment_id,
 * updates that one (its token or its client's Bearer token required, else the same 404 as an
 * unknown id). An update answers the token presented; a staff update made with the Bearer token
 * alone gets a new token, since the old one cannot be read back from its hash.
 */
export async function saveAppointment(
  db: Db,
  request: FastifyRequest,
  body: CreateAppointmentBody,
): Promise<{ created: boolean; answer: CreateAppointmentAnswer }> {
  const existingId = body.appointment_id?.trim() ? body.appointment_id.trim() : null;
  // Access first: nobody learns anything about the body's rules for an appointment they cannot reach.
  const access = existingId ? await authorizeAppointment(db, request, existingId) : null;
  const { client, sectorId } = await checkBooking(db, body, keptSectorsOfSource(db, request.server.rosters));
  const fields = appointmentFields(body, client, sectorId);

  if (!access) {
    const token = newAppointmentToken();
    const row = await insertAppointment(db, { ...fields, tokenHash: hashAppointmentToken(token) });
    return { created: true, answer: { id: row.id, token } };
  }
  if (access.appointment.clientId !== client.id) throw appointmentNotFound();
  const token = access.token ?? newAppointmentToken();
  const updated = await updateAppointmentWhileStatus(db, access.appointment.id, EDITABLE_STATUSES, {
    ...fields,
    tokenHash: hashAppointmentToken(token),
  });
  if (!updated) {
    throw fail(ERRORS.APPOINTMENT_NOT_EDITABLE);
  }
  return { created: false, answer: { id: updated.id, token } };
}

/** A cancelled appointment has no summary the widget could continue from. */
export function assertNotCancelled(row: AppointmentRow): asserts row is AppointmentRow & {
  status: AppointmentSummary['status'];
} {
  if (row.status === 'cancelled') throw fail(ERRORS.APPOINTMENT_CANCELLED);
}

/** The patients as the finalisation stored them; anything that is not one is left out, not a 500. */
function storedPatients(patients: readonly unknown[]): AppointmentPatient[] {
  return patients.flatMap((entry) => {
    const parsed = appointmentPatientSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * GET /v2/appointments/{id}/: the summary with its currency. The visit's local
 * dates come with scheduling (visit-times.ts); until a block is held they are null.
 */
export function toAppointmentSummary(
  row: AppointmentRow & { status: AppointmentSummary['status'] },
  schedule: VisitTimes = { localBeginDate: null, localWorkPeriodMaxLateness: null },
): AppointmentSummary {
  return {
    id: row.id,
    status: row.status,
    patients: storedPatients(row.patients),
    local_begin_date: schedule.localBeginDate,
    local_work_period_max_lateness: schedule.localWorkPeriodMaxLateness,
    target_address: row.targetAddress,
    target_apartment_number: row.targetApartmentNumber,
    currency: localeFromCountry(row.country).currency,
  };
}

/** GET /v2/appointments/{id}/address/: the product's appointment address response. */
export function toAppointmentAddress(row: AppointmentRow): AppointmentAddress {
  return {
    country: row.country,
    region: row.region,
    comuna: row.comuna,
    colony: row.colony,
    address_line_1: row.addressLine1,
    target_street_number: row.targetStreetNumber,
    target_residence_type: row.targetResidenceType,
    target_lat: row.targetLat,
    target_lng: row.targetLng,
    target_apartment_number: row.targetApartmentNumber,
    target_address_additional_info: row.targetAddressAdditionalInfo,
    zip_code: row.zipCode,
    target_address: row.targetAddress,
  };
}

// ---- Cart maker ----

/**
 * The token of a cart maker's appointment, derived from the cart-maker id. The cart-maker id is the
 * capability a partner shares (it must be unguessable, except the demo's), and whoever holds it
 * may continue that appointment: deriving the token from it gives exactly that and nothing more,
 * and lets the token be answered again although only its hash is stored.
 */
export const cartMakerAppointmentToken = (cartMakerId: string): string =>
  createHash('sha256').update(`visita:cart-maker:${cartMakerId}`, 'utf8').digest('base64url');

const ids = (entries: unknown): Array<{ id: number | string }> =>
  Array.isArray(entries)
    ? entries.flatMap((entry: unknown) => {
        const id = (entry as { id?: unknown } | null)?.id;
        return typeof id === 'number' || (typeof id === 'string' && id !== '') ? [{ id }] : [];
      })
    : [];

/** GET /v2/cart-maker/{id}/: the cart, its coupon and its appointment (with the token, see above). */
export async function toCartMakerAnswer(db: Db, row: CartMakerRow): Promise<CartMakerWithTokenAnswer> {
  const appointment = row.appointmentId ? await findAppointmentById(db, row.appointmentId) : undefined;
  const token = cartMakerAppointmentToken(row.id);
  return {
    appointment: appointment
      ? {
          id: appointment.id,
          status: appointment.status,
          // A staff update may have replaced the token; then the cart no longer hands one out.
          token: appointmentTokenMatches(token, appointment.tokenHash) ? token : null,
        }
      : null,
    discount_code: row.discountCode,
    patients: (Array.isArray(row.patients) ? row.patients : []).map((patient) => ({
      items: ids(patient?.items),
      packs: ids(patient?.packs),
    })),
  };
}

export const cartMakerNotFound = () => fail(ERRORS.CART_MAKER_NOT_FOUND);
