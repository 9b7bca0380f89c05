import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@visita/domain/contract/endpoint';
import type { AnswerOf } from '@visita/domain/contract/endpoint-types';
import { apiRequest, type RequestOptions } from './http.ts';

type CallOptions<E extends Endpoint> = Omit<RequestOptions<E>, 'signal'>;

/** A GET endpoint's answers in the query cache, keyed by the declaration, its parameters and query. */
function endpointQueryKey<E extends Endpoint>(
  endpoint: E,
  { params, query }: Pick<RequestOptions<E>, 'params' | 'query'> = {},
): QueryKey {
  return [endpoint.method, endpoint.path, params ?? null, query ?? null];
}

/** The query options of a call (for useQuery, fetchQuery or invalidation), derived from its declaration. */
function endpointQuery<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}) {
  return queryOptions<AnswerOf<E>>({
    queryKey: endpointQueryKey(endpoint, options),
    queryFn: ({ signal }) => apiRequest(endpoint, { ...options, signal }),
  });
}

/** Server state of one GET call through TanStack Query. */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
  settings: { enabled?: boolean; staleTime?: number; retry?: boolean | number } = {},
) {
  return useQuery({ ...endpointQuery(endpoint, options), ...settings });
}

/**
 * A write through TanStack Query: `mutate({params, query, body})`. Once it succeeds, every GET of
 * the console is refetched (what it changed may show anywhere), unless `invalidate` is false.
 */
export function useEndpointMutation<E extends Endpoint>(endpoint: E, { invalidate = true } = {}) {
  const client = useQueryClient();
  return useMutation<AnswerOf<E>, Error, CallOptions<E>>({
    mutationFn: (options) => apiRequest(endpoint, options),
    onSuccess: async () => {
      if (invalidate) await client.invalidateQueries();
    },
  });
}
