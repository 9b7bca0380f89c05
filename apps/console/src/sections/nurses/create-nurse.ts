import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/nurses: a new nurse. */
export function useCreateNurse() {
  return useEndpointMutation(endpoints.consoleCreateNurse);
}
