import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { Endpoint } from '@visita/domain/contract/endpoint';
import type { AnswerOf } from '@visita/domain/contract/endpoint-types';
import { apiRequest, type RequestOptions } from './http.ts';

/**
 * A GET endpoint's answers in this widget's query cache, keyed by the declaration and the call's
 * parameters and query (never by its context: the token and address only say who asks).
 */
export function endpointQueryKey<E extends Endpoint>(
  endpoint: E,
  { params, query }: Pick<RequestOptions<E>, 'params' | 'query'> = {},
): QueryKey {
  return [endpoint.method, endpoint.path, params ?? null, query ?? null];
}

/** The query options of a call (for useQuery, fetchQuery or invalidation), derived from its declaration. */
export function endpointQuery<E extends Endpoint>(
  endpoint: E,
  options: Omit<RequestOptions<E>, 'signal'> = {},
) {
  return queryOptions<AnswerOf<E>>({
    queryKey: endpointQueryKey(endpoint, options),
    queryFn: ({ signal }) => apiRequest(endpoint, { ...options, signal }),
  });
}

/** Server state of one call through TanStack Query. */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  options: Omit<RequestOptions<E>, 'signal'>,
  settings: { enabled?: boolean; staleTime?: number } = {},
) {
  return useQuery({ ...endpointQuery(endpoint, options), ...settings });
}
