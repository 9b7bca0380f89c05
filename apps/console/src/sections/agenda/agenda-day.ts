import * as endpoints from '@visita/domain/contract/endpoints';
import type { QueryOf } from '@visita/domain/contract/endpoint-types';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

type AgendaDayQuery = QueryOf<typeof endpoints.consoleAgendaDay>;

/** GET /api/console/agenda/day: one sector's day (asked once a sector is chosen). */
export function useAgendaDay(query: AgendaDayQuery | null) {
  return useEndpointQuery(
    endpoints.consoleAgendaDay,
    { query: query ?? { sector_id: '', date: '' } },
    { enabled: query !== null },
  );
}
