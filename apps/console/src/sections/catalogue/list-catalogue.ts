import type { ConsoleCatalogueListQuery } from '@visita/domain/contract/console-catalogue';
import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/catalogue: a country's items by name, filtered by kind, activity, stock and words. */
export function useCatalogue(query: ConsoleCatalogueListQuery) {
  return useEndpointQuery(endpoints.consoleCatalogue, { query });
}
