import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** PUT /api/console/nurses/:id: refused (409) while it leaves a booked visit without its block. */
export function useUpdateNurse() {
  return useEndpointMutation(endpoints.consoleUpdateNurse);
}
