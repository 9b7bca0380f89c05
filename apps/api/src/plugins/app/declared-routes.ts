import { API_PREFIX } from '@visita/domain/contract/endpoint';
import type { EndpointSchemas } from '@visita/domain/contract/endpoint-schemas';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

const keyOf = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** Each declared endpoint's schemas by 'METHOD /api/path'. */
const declaredSchemas = new Map<string, { name: string; schemas: EndpointSchemas }>(
  Object.entries(ENDPOINTS).map(([name, endpoint]) => [
    keyOf(endpoint.method, `${API_PREFIX}${endpoint.path}`),
    { name, schemas: (SCHEMAS as Record<string, EndpointSchemas>)[name] as EndpointSchemas },
  ]),
);

/**
 * The API will not start with a route under /api that is not declared in the contract, or whose
 * params, query, headers, body or answers are not exactly the declaration's schemas: what Fastify
 * validates, what it checks the answers against and what the OpenAPI document shows are then the
 * contract, and no route can drift from it unnoticed.
 */
export function assertDeclaredRoute(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): void {
  if (!route.url.startsWith(`${API_PREFIX}/`) || route.url === `${API_PREFIX}/docs`) return;
  for (const method of [route.method].flat()) {
    if (method === 'HEAD') continue;
    const declared = declaredSchemas.get(keyOf(method, route.url));
    if (!declared) throw new Error(`${keyOf(method, route.url)} is served but not declared in the contract`);
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const part of ['params', 'querystring', 'headers', 'body', 'response'] as const) {
      if (schema[part] !== declared.schemas[part]) {
        throw new Error(
          `${keyOf(method, route.url)}: its ${part} schema is not the declaration's (${declared.name})`,
        );
      }
    }
  }
}

async function declaredRoutes(app: FastifyInstance) {
  app.addHook('onRoute', assertDeclaredRoute);
}

export default fp(declaredRoutes, { name: 'declared-routes' });
