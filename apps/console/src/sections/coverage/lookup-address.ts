import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

export interface LookupQuery {
  sales_source: string;
  country: 'cl' | 'mx';
  address?: string;
  lat?: number;
  lng?: number;
}

/** GET /api/console/coverage/lookup: the sector and nurses that serve an address, as the widget sees it. */
export function useCoverageLookup(query: LookupQuery | null) {
  return useEndpointQuery(
    endpoints.consoleCoverageLookup,
    { query: query ?? { sales_source: '', country: 'cl' } },
    { enabled: query !== null, retry: false },
  );
}
