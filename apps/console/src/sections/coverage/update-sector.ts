import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** PUT /api/console/coverage/sectors/:id: every field of a sector. */
export function useUpdateSector() {
  return useEndpointMutation(endpoints.consoleUpdateSector);
}
