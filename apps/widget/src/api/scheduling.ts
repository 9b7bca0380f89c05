import type { AvailabilityAnswer, ScheduleAnswer, ScheduleBody } from '@visita/domain/contract/appointments';
import { API_ROUTES, pathFor } from '@visita/domain/contract/paths';
import { apiRequest, type RequestContext } from './http.ts';

/** apiRequest adds the /api prefix itself. */
export function apiPath(
  route: Parameters<typeof pathFor>[0],
  params?: Parameters<typeof pathFor>[1],
): string {
  return pathFor(route, params).replace(/^\/api/, '');
}

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
  return apiRequest<AvailabilityAnswer>(apiPath(API_ROUTES.availability), {
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
  return apiRequest<ScheduleAnswer>(apiPath(API_ROUTES.schedule, { id: appointmentId }), {
    method: 'POST',
    body: block,
    context,
  });
}
