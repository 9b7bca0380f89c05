import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/appointments/:id/write-off: what is owed given up, with a reason. */
export function useWriteOff() {
  return useEndpointMutation(endpoints.consoleWriteOff);
}
