import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/appointments/:id: one appointment's page. */
export function useAppointment(id: string) {
  return useEndpointQuery(endpoints.consoleAppointment, { params: { id } });
}
