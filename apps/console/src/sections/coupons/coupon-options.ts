import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/coupons/options: the sales sources and active items a coupon may name. */
export function useCouponOptions() {
  return useEndpointQuery(endpoints.consoleCouponOptions, {}, { staleTime: 5 * 60_000 });
}
