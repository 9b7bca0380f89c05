import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/leads/:id: one lead's page. */
export function useLead(id: string) {
  return useEndpointQuery(endpoints.consoleLead, { params: { id } });
}
