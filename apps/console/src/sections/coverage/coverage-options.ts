import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/coverage/options: the sales sources a sector may sell for. */
export function useCoverageOptions() {
  return useEndpointQuery(endpoints.consoleCoverageOptions, {}, { staleTime: 5 * 60_000 });
}
