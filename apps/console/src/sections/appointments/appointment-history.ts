import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/appointments/:id/history: its changes, payments and messages in time order. */
export function useAppointmentHistory(id: string) {
  return useEndpointQuery(endpoints.consoleAppointmentHistory, { params: { id } });
}
