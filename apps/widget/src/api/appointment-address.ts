import * as endpoints from '@visita/domain/contract/endpoints';
import { type Address, fromAppointmentAddress } from '@visita/domain/addresses';
import { apiRequest, type RequestContext } from './http.ts';

/** GET /v2/appointments/{id}/address/: the appointment's address as the client holds it. */
export async function getAppointmentAddress(id: string, context?: RequestContext): Promise<Address> {
  const fields = await apiRequest(endpoints.appointmentAddress, {
    params: { id },
    context,
  });
  return fromAppointmentAddress(fields);
}
