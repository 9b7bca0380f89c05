/** What an endpoint declaration holds (see endpoints.ts), and how a call's URL is made from it. */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
}

/** Headers every call adds. */
export const ADDRESS_LATITUDE_HEADER = 'x-address-latitude';
export const ADDRESS_LONGITUDE_HEADER = 'x-address-longitude';
/** Every call of the product carries it set to 'true'; this API accepts it and reads nothing from it. */
export const POLYGON_BETA_TESTER_HEADER = 'x-polygon-beta-tester';
/**
 * A random key the widget makes once per browser tab and sends on every call: the per-address
 * limits on holds and appointments count per browser behind one address too, so people sharing
 * a carrier's address are not one person. It proves nothing; the address still bounds it.
 */
export const BROWSER_KEY_HEADER = 'x-visita-browser';
/** What a browser key looks like: anything else is as if none was sent. */
export const BROWSER_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** '/api' + the endpoint's path with each ':name' replaced by its URL-encoded value. */
export function pathFor(endpoint: Endpoint, params: Readonly<Record<string, string | number>> = {}): string {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '')
      throw new Error(`Missing path parameter ${key} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${path}`;
}
