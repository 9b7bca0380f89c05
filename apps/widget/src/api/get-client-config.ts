import { sdkConfig } from '@visita/domain/contract/endpoints-startup';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { useEffect, useState } from 'react';
import { apiRequest, HttpError } from './http.ts';

function getClientConfig(clientId: string, signal?: AbortSignal): Promise<ClientConfig> {
  return apiRequest(sdkConfig, { query: { id: clientId }, signal });
}

const RETRIES = 2;

/**
 * The client config, loaded once before anything else. A plain hook rather than TanStack Query:
 * the query library then loads with the later steps and stays out of the entry's size budget.
 * An unknown client (404) is an answer, not a hiccup: it is not retried; other failures are.
 */
export function useClientConfig(clientId: string): { data: ClientConfig | null; error: unknown } {
  const [state, setState] = useState<{ data: ClientConfig | null; error: unknown }>({
    data: null,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    const load = async (attempt: number): Promise<void> => {
      try {
        const data = await getClientConfig(clientId, controller.signal);
        setState({ data, error: null });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (attempt < RETRIES && !(error instanceof HttpError && error.status === 404))
          return load(attempt + 1);
        setState({ data: null, error });
      }
    };
    void load(0);
    return () => controller.abort();
  }, [clientId]);
  return state;
}
