import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/payments/:id/refund: a refund the gateway refused, asked again. */
export function useRetryRefund() {
  return useEndpointMutation(endpoints.consoleRetryRefund);
}
