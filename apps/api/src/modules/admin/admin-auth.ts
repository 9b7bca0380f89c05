import * as ERRORS from '@visita/domain/contract/api-errors';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fail } from '../../errors.ts';
import { readBearerToken } from '../../plugins/app/client-auth.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The operator's API: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (both
 * sides hashed to one length first). Without ADMIN_TOKEN configured the API does not exist: 404
 * to everyone, so a server without an operator offers nothing to guess at.
 */
export function requireAdmin(adminToken: string | undefined) {
  const expected = adminToken ? digest(adminToken) : null;
  return async (request: FastifyRequest): Promise<void> => {
    if (!expected) throw fail(ERRORS.ADMIN_DISABLED);
    const presented = readBearerToken(request.headers);
    if (!presented) throw fail(ERRORS.ADMIN_TOKEN_MISSING);
    if (!timingSafeEqual(digest(presented), expected)) throw fail(ERRORS.ADMIN_TOKEN_INVALID);
  };
}

/**
 * Who the audit log says made a change: the operator token's fingerprint (never the token), and
 * the name an operator gives in X-Operator when several share a token.
 */
export function operatorOf(request: FastifyRequest): string {
  const token = readBearerToken(request.headers) ?? '';
  const fingerprint = digest(token).toString('hex').slice(0, 12);
  const named = request.headers['x-operator'];
  const name =
    typeof named === 'string'
      ? named
          .replace(/[^\p{L}\p{N} ._@-]/gu, '')
          .trim()
          .slice(0, 80)
      : '';
  return name ? `operator:${fingerprint} (${name})` : `operator:${fingerprint}`;
}
