import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/partners: the partners the filter offers (a partner operator: its own). */
export function usePartners() {
  return useEndpointQuery(endpoints.consolePartners, {}, { staleTime: 5 * 60_000 });
}
