import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** PUT /api/console/coupons/:code: every field but the code; `active: false` deactivates it. */
export function useUpdateCoupon() {
  return useEndpointMutation(endpoints.consoleUpdateCoupon);
}
