import * as endpoints from '@visita/domain/contract/endpoints';
import type { ScheduleAnswer, ScheduleBody } from '@visita/domain/contract/appointments';
import { POLYGON_BETA_TESTER_HEADER } from '@visita/domain/contract/endpoint';
import type { CountryCode } from '@visita/domain/locale';
import { endpointQuery } from './endpoint-query.ts';
import { apiRequest, type RequestContext } from './http.ts';

export interface AvailabilityRequest {
  appointmentId: string;
  country: CountryCode;
  /** The address's commune and region: the product's call carries them (this API reads neither). */
  locality: string;
  region: string;
  items: readonly (string | number)[];
  fromDate: string;
}

/**
 * GET /v2/time-availability/: the blocks from fromDate, through this widget's query cache. It
 * carries what the product's call does (the commune, the region, include_source_only and the beta
 * header), which the API accepts and does not read.
 */
export function availabilityQuery(request: AvailabilityRequest, context: RequestContext) {
  return endpointQuery(endpoints.availability, {
    context,
    headers: { [POLYGON_BETA_TESTER_HEADER]: 'true' },
    query: {
      appointment_id: request.appointmentId,
      locality: request.locality,
      country: request.country,
      items: request.items,
      region: request.region,
      include_source_only: true,
      from_date: request.fromDate,
    },
  });
}

/** POST /v2/appointments/{id}/schedule/: holds the block for 20 minutes. */
export function scheduleAppointmentBlock(
  appointmentId: string,
  block: Omit<ScheduleBody, 'items'> & { items?: readonly (string | number)[] },
  context: RequestContext,
): Promise<ScheduleAnswer> {
  return apiRequest(endpoints.holdBlock, {
    params: { id: appointmentId },
    body: block,
    context,
  });
}
