import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/coverage/sectors: a new sector, from its GeoJSON polygon. */
export function useCreateSector() {
  return useEndpointMutation(endpoints.consoleCreateSector);
}
