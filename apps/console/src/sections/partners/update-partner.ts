import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** PATCH /api/console/partner-documents/:id: the fields sent, in one audited transaction. */
export function useUpdatePartner() {
  return useEndpointMutation(endpoints.consoleUpdatePartner);
}
