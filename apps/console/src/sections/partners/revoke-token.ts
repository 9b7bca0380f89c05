import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** DELETE /api/console/partner-documents/:id/api-token: the staff token stops working. */
export function useRevokeToken() {
  return useEndpointMutation(endpoints.consoleRevokePartnerToken);
}
