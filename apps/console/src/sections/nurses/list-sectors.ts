import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/sectors: every sector, to choose hers. */
export function useSectors() {
  return useEndpointQuery(endpoints.consoleSectors, {}, { staleTime: 5 * 60_000 });
}
