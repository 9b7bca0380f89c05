import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** DELETE /api/console/nurses/:id/days-off/:day: a day off given back to her shifts. */
export function useDeleteDayOff() {
  return useEndpointMutation(endpoints.consoleDeleteNurseDayOff);
}
