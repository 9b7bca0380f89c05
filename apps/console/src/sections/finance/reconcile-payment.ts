import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/payments/:id/reconcile: the gateway asked what a stuck payment became. */
export function useReconcilePayment() {
  return useEndpointMutation(endpoints.consoleReconcilePayment);
}
