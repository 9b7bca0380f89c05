import * as endpoints from '@visita/domain/contract/endpoints';
import type { ConsoleCouponListQuery } from '@visita/domain/contract/console-coupons';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/coupons: the coupons by code, those whose code contains `q`. */
export function useCoupons(query: ConsoleCouponListQuery) {
  return useEndpointQuery(endpoints.consoleCoupons, { query });
}
