import * as endpoints from '@visita/domain/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import type { OperativeStatusAnswer } from '@visita/domain/contract/operative';
import { apiRequest, type RequestContext } from './http.ts';

/** GET /v2/operative/{salesSource}/status/. */
function getOperativeStatus(
  salesSource: string,
  context?: RequestContext,
  signal?: AbortSignal,
): Promise<OperativeStatusAnswer> {
  return apiRequest<OperativeStatusAnswer>(endpoints.operativeStatus, {
    params: { salesSource },
    context,
    signal,
  });
}

/** Active (default true while loading); a failed check does not block booking. */
export function useOperativeStatus(salesSource: string, context: RequestContext) {
  return useQuery({
    queryKey: ['operative-status', salesSource],
    queryFn: ({ signal }) =>
      getOperativeStatus(salesSource, context, signal).catch(() => ({ active: true, reason: null })),
    staleTime: 60_000,
  });
}
