import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/partner-documents/:id: the partner's whole document, its webhook secret masked. */
export function usePartner(id: string) {
  return useEndpointQuery(endpoints.consolePartnerDocument, { params: { id } });
}
