import * as endpoints from '@visita/domain/contract/endpoints';
import { type CartItem, toCartItems } from '@visita/domain/cart-item';
import type { CountryCode } from '@visita/domain/locale';
import { apiRequest, type RequestContext } from './http.ts';

export interface CatalogueParams {
  ids: readonly (string | number)[];
  country: CountryCode;
  source: string;
  locality?: string | null;
}

/** GET /v2/items/: the services by id, priced ones only. */
export async function getItems(params: CatalogueParams, context?: RequestContext): Promise<CartItem[]> {
  if (params.ids.length === 0) return [];
  const answer = await apiRequest(endpoints.listItems, {
    query: { ids: params.ids, country: params.country, source: params.source, locality: params.locality },
    context,
  });
  return toCartItems(answer.results);
}

/** GET /v2/packs/: the packs by id, priced ones only. */
export async function getPacks(params: CatalogueParams, context?: RequestContext): Promise<CartItem[]> {
  if (params.ids.length === 0) return [];
  const answer = await apiRequest(endpoints.listPacks, {
    query: { ids: params.ids, country: params.country, source: params.source, locality: params.locality },
    context,
  });
  return toCartItems(answer);
}
