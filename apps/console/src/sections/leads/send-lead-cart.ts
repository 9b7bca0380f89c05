import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/leads/:id/cart: the cart made, its link e-mailed, the lead quoted. */
export function useSendLeadCart() {
  return useEndpointMutation(endpoints.consoleLeadCart);
}
