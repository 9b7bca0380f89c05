/**
 * The one endpoint the widget's first screen calls, declared apart so that screen's bundle carries
 * this declaration and not the whole table (endpoints.ts re-exports it).
 */
import type { Endpoint } from './endpoint.ts';

/** The client configuration. */
export const sdkConfig = {
  method: 'GET',
  path: '/alliances/clients/sdk-config/',
} as const satisfies Endpoint;
