import * as endpoints from '@visita/domain/contract/endpoints';
import type { CartPriceAnswer, CartPriceBody } from '@visita/domain/contract/pricing';
import { apiRequest, type RequestContext } from './http.ts';

/** Zeroed prices, answered locally when there is nothing to quote. */
const ZERO_PRICE: CartPriceAnswer = {
  base_price: 0,
  service_fee: 0,
  discount: 0,
  net_price: 0,
  fonasa_discount: 0,
  payment_at_home: 0,
};

/** POST /v2/cart-price/: the quote; null body gives zeroed prices without a call. */
export async function getCartPrice(
  body: CartPriceBody | null,
  context?: RequestContext,
  signal?: AbortSignal,
): Promise<CartPriceAnswer> {
  if (!body) return ZERO_PRICE;
  return apiRequest(endpoints.cartPrice, { body, context, signal });
}
