import * as endpoints from '@visita/domain/contract/endpoints';
import type { ScheduleAnswer, ScheduleBody } from '@visita/domain/contract/appointments';
import type { CountryCode } from '@visita/domain/locale';
import { endpointQuery } from './endpoint-query.ts';
import { apiRequest, type RequestContext } from './http.ts';

export interface AvailabilityRequest {
  appointmentId: string;
  country: CountryCode;
  items: readonly (string | number)[];
  fromDate: string;
}

/** GET /v2/time-availability/: the blocks from fromDate, through this widget's query cache. */
export function availabilityQuery(request: AvailabilityRequest, context: RequestContext) {
  return endpointQuery(endpoints.availability, {
    context,
    query: {
      appointment_id: request.appointmentId,
      country: request.country,
      items: request.items,
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
