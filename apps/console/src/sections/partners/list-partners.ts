import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/partner-documents: every partner, by id. */
export function usePartnerList() {
  return useEndpointQuery(endpoints.consolePartnerDocuments, {});
}
