import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/prices/import: the dry run of a CSV (writes nothing, so nothing to refetch). */
export function usePriceImportDryRun() {
  return useEndpointMutation(endpoints.consolePriceImport, { invalidate: false });
}
