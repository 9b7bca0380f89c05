import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/leads/:id/status: a status by hand, with an optional note. */
export function useSetLeadStatus() {
  return useEndpointMutation(endpoints.consoleLeadStatus);
}
