import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** PUT /api/console/catalogue/:id/stock: the units left (null: unlimited). */
export function useSetCatalogueStock() {
  return useEndpointMutation(endpoints.consoleSetCatalogueStock);
}
