import * as ERRORS from '@visita/domain/contract/api-errors';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { type ClientRow, clients } from '../../db/schema.ts';
import { hashApiToken } from '../../modules/clients/api-token.ts';
import { fail } from '../../errors.ts';

/** Real tokens are short; anything longer is not one and is not worth hashing. */
const MAX_TOKEN_LENGTH = 512;

/**
 * The token of `Authorization: Bearer <token>` (scheme case-insensitive, as RFC 6750 allows),
 * or null when the header is missing, repeated or of another scheme.
 */
export function readBearerToken(headers: FastifyRequest['headers']): string | null {
  const value = headers.authorization;
  if (typeof value !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(value);
  const token = match?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/**
 * The client whose API token this is. Only the token's SHA-256 is stored, so the lookup is by
 * hash; the token has enough entropy that an index lookup leaks nothing useful by its timing.
 */
export async function findClientByApiToken(db: Db, token: string): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(eq(clients.apiTokenHash, hashApiToken(token)))
    .limit(1);
  return row ?? null;
}

/** The client that the request's Bearer token belongs to, or null (no token, unknown token). */
export async function authenticatedClient(db: Db, request: FastifyRequest): Promise<ClientRow | null> {
  const token = readBearerToken(request.headers);
  return token ? findClientByApiToken(db, token) : null;
}

/**
 * Staff calls on a client's resources (the client's API token as Bearer): 401 without a
 * token or with one nobody has, 403 when the token is another client's. Answers the client.
 */
export async function requireClientToken(
  db: Db,
  request: FastifyRequest,
  clientId: string,
): Promise<ClientRow> {
  const token = readBearerToken(request.headers);
  if (!token) throw fail(ERRORS.CLIENT_TOKEN_MISSING);
  const client = await findClientByApiToken(db, token);
  if (!client) throw fail(ERRORS.CLIENT_TOKEN_INVALID);
  if (client.id !== clientId) throw fail(ERRORS.CLIENT_TOKEN_FORBIDDEN);
  return client;
}

/**
 * A hook (onRequest or preHandler) guarding routes whose path names the client, e.g.
 * `/alliances/clients/:clientId/...`. Used as onRequest it answers 401/403 before any input is
 * validated, so strangers learn nothing about what the call would accept.
 */
export function clientTokenGuard(param = 'clientId') {
  return async function guardClientToken(request: FastifyRequest): Promise<void> {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const clientId = typeof params[param] === 'string' ? params[param] : '';
    await requireClientToken(request.server.db, request, clientId);
  };
}
