import * as endpoints from '@visita/domain/contract/endpoints';
import type { Address } from '@visita/domain/addresses';
import { toAppointmentAddress } from '@visita/domain/addresses';
import type {
  CreateAppointmentAnswer,
  CreateAppointmentBodyInput,
} from '@visita/domain/contract/appointments';
import { pathFor } from '@visita/domain/contract/endpoint';
import { apiRequest, type RequestContext } from './http.ts';
import { reportUnlessRefused } from './report-error.ts';

export interface CreateAppointmentParams {
  address: Address;
  salesSource: string;
  clientId: string;
  sectionOrigin: string;
  clientOrigin?: string | null;
  lastMileFolio?: string | null;
  appointmentId?: string | null;
  receiverId?: string | number | null;
  referralCode?: string | null;
}

/** POST /v2/appointments/: creates the appointment (or updates appointment_id); answers {id, token}. */
export function createAppointment(
  params: CreateAppointmentParams,
  context?: RequestContext,
): Promise<Partial<CreateAppointmentAnswer>> {
  const body: CreateAppointmentBodyInput = {
    ...toAppointmentAddress(params.address),
    sales_source: params.salesSource,
    last_mile: params.lastMileFolio?.trim() ? { folio: params.lastMileFolio.trim(), amount: null } : null,
    section_origin: params.sectionOrigin,
    client_origin: params.clientOrigin ?? null,
    client_id: params.clientId,
    fingerprint_required: false,
    appointment_id: params.appointmentId ?? null,
    receiver_id: params.receiverId ?? null,
    referral_code: params.referralCode ?? null,
    place_id: params.address.placeId ?? null,
  };
  return apiRequest(endpoints.createAppointment, { body, context }).catch((error: unknown) =>
    reportUnlessRefused('appointment-creation', pathFor(endpoints.createAppointment), error),
  );
}
