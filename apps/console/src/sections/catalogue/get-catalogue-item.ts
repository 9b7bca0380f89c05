import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/catalogue/:id: an item with its items, the packs holding it and its stock's readers. */
export function useCatalogueItem(id: number) {
  return useEndpointQuery(endpoints.consoleCatalogueItem, { params: { id } });
}
