import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from './endpoint-query.ts';

/** GET /api/console/sectors: every sector, for the agenda's choice and a nurse's sectors. */
export function useSectors() {
  return useEndpointQuery(endpoints.consoleSectors, {}, { staleTime: 5 * 60_000 });
}
