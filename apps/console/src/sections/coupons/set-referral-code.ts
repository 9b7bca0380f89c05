import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** PUT /api/console/referral-codes/:source: a source's referral code, or none (null). */
export function useSetReferralCode() {
  return useEndpointMutation(endpoints.consoleSetReferralCode);
}
