import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/agenda/route: the day's travel per nurse and the plan that lowers it. */
export function useDayRoute(query: { sector_id: string; date: string } | null) {
  return useEndpointQuery(
    endpoints.consoleRoute,
    { query: query ?? { sector_id: '', date: '' } },
    { enabled: query !== null },
  );
}

/** POST /api/console/agenda/route: the plan applied as it was read. */
export function useApplyRoute() {
  return useEndpointMutation(endpoints.consoleApplyRoute);
}
