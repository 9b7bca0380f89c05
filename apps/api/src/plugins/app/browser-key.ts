import { BROWSER_KEY_HEADER, BROWSER_KEY_PATTERN } from '@visita/domain/contract/endpoint';
import type { FastifyRequest } from 'fastify';

/**
 * The widget's browser key (BROWSER_KEY_HEADER), or '' for none or one that is not a key: the
 * limits then count the caller as one browser of its address. Anyone can invent keys, so every
 * count keyed by it has an address-wide ceiling too (docs/decisions/free-confirmations.md).
 */
export function browserKeyOf(request: FastifyRequest): string {
  const value = request.headers[BROWSER_KEY_HEADER];
  return typeof value === 'string' && BROWSER_KEY_PATTERN.test(value) ? value : '';
}
