import * as endpoints from '@visita/domain/contract/endpoints';
import { toCartItems } from '@visita/domain/cart-item';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/**
 * GET /api/v2/search/client/: the catalogue as the widget searches it for the lead's partner
 * (its sales source), country and commune; priced results only, as cart items.
 */
export function useCatalogueSearch(search: {
  query: string;
  country: 'cl' | 'mx';
  source: string;
  commune: string;
}) {
  const answer = useEndpointQuery(
    endpoints.searchCatalogue,
    {
      query: {
        query: search.query,
        country: search.country === 'cl' ? 'Chile' : 'México',
        source: search.source,
        commune: search.commune,
        show_all: true,
        item_ids: null,
      },
    },
    { enabled: search.query.trim().length > 0 },
  );
  return { ...answer, items: answer.data ? toCartItems(answer.data.data) : [] };
}
