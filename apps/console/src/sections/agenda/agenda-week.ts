import * as endpoints from '@visita/domain/contract/endpoints';
import type { QueryOf } from '@visita/domain/contract/endpoint-types';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

type AgendaWeekQuery = QueryOf<typeof endpoints.consoleAgendaWeek>;

/** GET /api/console/agenda/week: a sector's seven days, booked / capacity per nurse and day. */
export function useAgendaWeek(query: AgendaWeekQuery | null) {
  return useEndpointQuery(
    endpoints.consoleAgendaWeek,
    { query: query ?? { sector_id: '', date: '' } },
    { enabled: query !== null },
  );
}
