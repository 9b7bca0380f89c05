import * as endpoints from '@visita/domain/contract/endpoints';
import type { CartMakerWithTokenAnswer } from '@visita/domain/contract/cart-maker';
import { apiRequest, type RequestContext } from './http.ts';

/** GET /v2/cart-maker/{id}/: the prebuilt cart; errors give nothing (null), as the product says. */
export async function getCartMaker(
  id: string,
  context?: RequestContext,
): Promise<CartMakerWithTokenAnswer | null> {
  try {
    return await apiRequest(endpoints.cartMaker, {
      params: { id },
      context,
    });
  } catch {
    return null;
  }
}
