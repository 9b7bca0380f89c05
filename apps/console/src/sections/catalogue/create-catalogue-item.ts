import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/catalogue: a new item or pack. */
export function useCreateCatalogueItem() {
  return useEndpointMutation(endpoints.consoleCreateCatalogueItem);
}
