import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/partner-documents/:id/audit: the partner's changes, newest first. */
export function usePartnerAudit(id: string) {
  return useEndpointQuery(endpoints.consolePartnerAudit, { params: { id }, query: { limit: 100 } });
}
