import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/referral-codes: each sales source's referral code. */
export function useReferralCodes() {
  return useEndpointQuery(endpoints.consoleReferralCodes, {});
}
