import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/coverage/places: the gazetteer's communes or municipalities, for the map. */
export function usePlaces(country: 'cl' | 'mx') {
  return useEndpointQuery(endpoints.consoleCoveragePlaces, { query: { country } }, { staleTime: Infinity });
}
