import * as endpoints from '@visita/domain/contract/endpoints';
import type { EmbedHost } from '@visita/domain/contract/embed';
import { apiRequest } from './http.ts';

/** Whether the page framing the widget is one of the client's domains, and its origin (sdk or laas). */
export function getEmbedHost(
  clientId: string,
  parentOrigin: string,
  signal?: AbortSignal,
): Promise<EmbedHost> {
  return apiRequest(endpoints.embedHost, {
    query: { client_id: clientId, parent_origin: parentOrigin },
    signal,
  });
}
