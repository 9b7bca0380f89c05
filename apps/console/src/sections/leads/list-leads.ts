import * as endpoints from '@visita/domain/contract/endpoints';
import type { ConsoleLeadListQuery } from '@visita/domain/contract/console-leads';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/leads: the inbox, by status, newest or longest waiting first. */
export function useLeads(query: ConsoleLeadListQuery) {
  return useEndpointQuery(endpoints.consoleLeads, { query });
}
