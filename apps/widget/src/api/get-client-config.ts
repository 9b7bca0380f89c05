import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { apiRequest } from './http.ts';

export function getClientConfig(clientId: string, signal?: AbortSignal): Promise<ClientConfig> {
  return apiRequest<ClientConfig>('/alliances/clients/sdk-config/', { query: { id: clientId }, signal });
}

export function useClientConfig(clientId: string) {
  return useQuery({
    queryKey: ['client-config', clientId],
    queryFn: ({ signal }) => getClientConfig(clientId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // An unknown client is an answer, not a hiccup: do not retry a 404.
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}
