import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/coverage/sectors/:id: one sector, with the sectors of its source it overlaps. */
export function useCoverageSector(id: string) {
  return useEndpointQuery(endpoints.consoleCoverageSector, { params: { id } });
}
