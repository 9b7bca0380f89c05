import type { ConsolePricesQuery } from '@visita/domain/contract/console-prices';
import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/prices: a country's items with their base price and the prices that differ. */
export function usePrices(query: ConsolePricesQuery) {
  return useEndpointQuery(endpoints.consolePrices, { query });
}
