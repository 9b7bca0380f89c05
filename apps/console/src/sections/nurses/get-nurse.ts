import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/nurses/:id: her contact, skills, sectors, weekly shifts and days off. */
export function useNurse(id: string) {
  return useEndpointQuery(endpoints.consoleNurse, { params: { id } });
}
