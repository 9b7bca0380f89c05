import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** PUT /api/console/prices: an item's price for a source and/or commune, added or changed. */
export function useSetPrice() {
  return useEndpointMutation(endpoints.consoleSetPrice);
}
