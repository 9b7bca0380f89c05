import type { AppointmentOriginAnswer } from '@visita/domain/contract/appointments';
import { API_ROUTES } from '@visita/domain/contract/paths';
import { apiRequest, type RequestContext } from '../../api/http.ts';
import { apiPath } from '../../api/scheduling.ts';

/** PATCH /appointments/{id}/origin/: the staff's chosen origin, stored on the appointment. */
export function saveAppointmentOrigin(
  appointmentId: string,
  origin: string,
  context: RequestContext,
): Promise<AppointmentOriginAnswer> {
  return apiRequest<AppointmentOriginAnswer>(apiPath(API_ROUTES.appointmentOrigin, { id: appointmentId }), {
    method: 'PATCH',
    body: { client_origin: origin },
    context,
  });
}
