import type { CountryCode } from '@visita/domain/locale';
import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/catalogue/options: the items a pack may include, and the next free id. */
export function useCatalogueOptions(country: CountryCode) {
  return useEndpointQuery(endpoints.consoleCatalogueOptions, { query: { country } });
}
