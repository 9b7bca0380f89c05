import * as endpoints from '@visita/domain/contract/endpoints';
import type { AvailabilityAnswer, ScheduleAnswer, ScheduleBody } from '@visita/domain/contract/appointments';
import { apiRequest, type RequestContext } from './http.ts';

export interface AvailabilityRequest {
  appointmentId: string;
  country: string;
  items: readonly (string | number)[];
  fromDate: string;
}

/** GET /v2/time-availability/: the widget reads data.data. */
export function getAvailability(
  request: AvailabilityRequest,
  context: RequestContext,
  signal?: AbortSignal,
): Promise<AvailabilityAnswer> {
  return apiRequest<AvailabilityAnswer>(endpoints.availability, {
    context,
    signal,
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
  return apiRequest<ScheduleAnswer>(endpoints.holdBlock, {
    params: { id: appointmentId },
    body: block,
    context,
  });
}
