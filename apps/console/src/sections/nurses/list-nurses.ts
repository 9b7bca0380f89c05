import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/nurses: the nurses by name, those matching `q`. */
export function useNurses(query: { q?: string }) {
  return useEndpointQuery(endpoints.consoleNurses, { query });
}
