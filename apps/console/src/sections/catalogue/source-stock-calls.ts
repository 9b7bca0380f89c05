import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/catalogue/:id/source-stock: the shared count and each source's own. */
export function useCatalogueSourceStock(id: number) {
  return useEndpointQuery(endpoints.consoleCatalogueSourceStock, { params: { id } });
}

/** PUT /api/console/catalogue/:id/source-stock: a source's own count, added or changed. */
export function useSetCatalogueSourceStock() {
  return useEndpointMutation(endpoints.consoleSetCatalogueSourceStock);
}

/** DELETE /api/console/catalogue/:id/source-stock: a source back to the shared count. */
export function useRemoveCatalogueSourceStock() {
  return useEndpointMutation(endpoints.consoleRemoveCatalogueSourceStock);
}
