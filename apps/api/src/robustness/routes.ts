import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** With Fastify's `:name` parameters, e.g. /api/v2/appointments/:id/schedule. */
  url: string;
}

/**
 * Every route the app has, read from `printRoutes` (the router's own tree), so a route added
 * tomorrow is covered by the robustness tests without anyone listing it. HEAD mirrors GET and
 * is left out.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const start = line.search(/[^│├└─\s]/u);
    if (start < 0) continue;
    // Each level of the tree is indented by four characters ("│   " or "├── ").
    const depth = Math.floor(start / 4);
    const match = /^(\S+)(?: \(([^)]+)\))?/.exec(line.slice(start));
    if (!match) continue;
    stack.length = depth;
    stack[depth] = match[1] ?? '';
    const url = stack.join('');
    for (const method of (match[2] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** The names of a URL's path parameters, in order. */
export const pathParams = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
