import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/coupons/:code: the coupon and the appointments that used it. */
export function useCoupon(code: string) {
  return useEndpointQuery(endpoints.consoleCoupon, { params: { code } });
}
