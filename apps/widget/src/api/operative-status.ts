import * as endpoints from '@visita/domain/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQueryKey } from './endpoint-query.ts';
import { apiRequest, type RequestContext } from './http.ts';

/** Active (default true while loading); a failed check does not block booking. */
export function useOperativeStatus(salesSource: string, context: RequestContext) {
  const params = { salesSource };
  return useQuery({
    queryKey: endpointQueryKey(endpoints.operativeStatus, { params }),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.operativeStatus, { params, context, signal }).catch(() => ({
        active: true,
        reason: null,
      })),
    staleTime: 60_000,
  });
}
