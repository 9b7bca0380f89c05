import * as endpoints from '@visita/domain/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryKey } from '../../api/endpoint-query.ts';
import { apiRequest, type RequestContext } from '../../api/http.ts';

/** GET /referrals/alliance/: the first entry's referral_code, or null. */
async function getReferralCode(
  alliance: string,
  context?: RequestContext,
  signal?: AbortSignal,
): Promise<string | null> {
  const answer = await apiRequest(endpoints.referrals, {
    query: { alliance },
    context,
    signal,
  });
  return answer[0]?.referral_code ?? null;
}

/** The sales source's referral code, used to auto-apply a coupon; failures are silent (null). */
export function useReferralCode(alliance: string, context: RequestContext) {
  return useQuery({
    queryKey: endpointQueryKey(endpoints.referrals, { query: { alliance } }),
    queryFn: ({ signal }) => getReferralCode(alliance, context, signal).catch(() => null),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
