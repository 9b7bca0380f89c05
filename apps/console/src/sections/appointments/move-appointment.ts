import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query.ts';

/**
 * GET /api/console/appointments/:id/move-options: the free blocks of a day with the nurses who
 * can take the visit; without a date, of the visit's own day. Asked only while the dialog is open.
 */
export function useMoveOptions(id: string, date: string | null, enabled: boolean) {
  return useEndpointQuery(
    endpoints.consoleMoveOptions,
    { params: { id }, query: date ? { date } : {} },
    { enabled, staleTime: 0, retry: false },
  );
}

/** POST /api/console/appointments/:id/move. */
export function useMoveAppointment() {
  return useEndpointMutation(endpoints.consoleMoveAppointment);
}
