import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/coverage/sectors: the sectors of a source and country, with their overlaps. */
export function useCoverageSectors(query: { sales_source?: string; country?: 'cl' | 'mx' }) {
  return useEndpointQuery(endpoints.consoleCoverageSectors, { query });
}
