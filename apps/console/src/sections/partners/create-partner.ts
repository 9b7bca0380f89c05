import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/partner-documents: a new partner (id, name, country, sales source). */
export function useCreatePartner() {
  return useEndpointMutation(endpoints.consoleCreatePartner);
}
