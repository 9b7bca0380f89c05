import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/prices/import/apply: the reviewed CSV written, if its diff is still the one seen. */
export function useApplyPriceImport() {
  return useEndpointMutation(endpoints.consolePriceImportApply);
}
