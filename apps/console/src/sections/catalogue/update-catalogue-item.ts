import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** PUT /api/console/catalogue/:id: every field but the country and the kind. */
export function useUpdateCatalogueItem() {
  return useEndpointMutation(endpoints.consoleUpdateCatalogueItem);
}
