import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/operators: every operator account. */
export function useOperators() {
  return useEndpointQuery(endpoints.consoleOperators, {});
}
