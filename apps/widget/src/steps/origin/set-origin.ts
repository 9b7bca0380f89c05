import * as endpoints from '@visita/domain/contract/endpoints';
import type { AppointmentOriginAnswer } from '@visita/domain/contract/appointments';
import { apiRequest, type RequestContext } from '../../api/http.ts';

/** PATCH /appointments/{id}/origin/: the staff's chosen origin, stored on the appointment. */
export function saveAppointmentOrigin(
  appointmentId: string,
  origin: string,
  context: RequestContext,
): Promise<AppointmentOriginAnswer> {
  return apiRequest(endpoints.appointmentOrigin, {
    params: { id: appointmentId },
    body: { client_origin: origin },
    context,
  });
}
