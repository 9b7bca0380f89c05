import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface AddressPoint {
  latitude: number;
  longitude: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The selected address's point from x-address-latitude / x-address-longitude, when both are valid. */
    addressPoint: AddressPoint | null;
  }
}

function coordinate(value: string | string[] | undefined, limit: number): number | null {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 32) return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/**
 * Every widget call carries the selected address's point. Read once here; a
 * missing or malformed pair is simply no point, never an error, since the headers are advisory.
 */
export function readAddressPoint(
  headers: Record<string, string | string[] | undefined>,
): AddressPoint | null {
  const latitude = coordinate(headers['x-address-latitude'], 90);
  const longitude = coordinate(headers['x-address-longitude'], 180);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

export default fp(
  async function addressHeaders(app: FastifyInstance) {
    app.decorateRequest('addressPoint', null);
    app.addHook('onRequest', async (request) => {
      request.addressPoint = readAddressPoint(request.headers);
    });
  },
  { name: 'address-headers' },
);
