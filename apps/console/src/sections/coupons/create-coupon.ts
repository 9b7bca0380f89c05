import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/coupons: a new coupon. */
export function useCreateCoupon() {
  return useEndpointMutation(endpoints.consoleCreateCoupon);
}
