import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/partner-documents/:id/api-token: a new staff token, answered this once. */
export function useRotateToken() {
  return useEndpointMutation(endpoints.consoleRotatePartnerToken);
}
