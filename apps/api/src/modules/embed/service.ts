import type { EmbedHost } from '@visita/domain/contract/embed';
import { webOrigin } from '@visita/domain/web-origin';
import { originForHost } from '@visita/domain/session';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import type { ChangeBus } from '../changes/change-bus.ts';
import { isStorableText } from '@visita/domain/contract/safe-text';
import { findClientById } from '../clients/queries.ts';
import { CONFIG_TTL_MS } from '../clients/service.ts';

/**
 * A registered domain as a CSP source and as a postMessage origin: exactly scheme://host[:port].
 * Anything else an operator typed (a path, a wildcard, a stray ';') is dropped rather than let
 * into a header, where it could widen or break the policy.
 */
function canonicalOrigin(domain: string): string | null {
  const trimmed = domain.trim();
  // An origin, not a page: 'https://partner.cl/path' is a typo to drop, not a wider grant.
  return /^https?:\/\/[^/?#]+\/?$/i.test(trimmed) ? webOrigin(trimmed) : null;
}

export function registeredOrigins(domains: readonly string[] | null | undefined): string[] {
  return [...new Set((domains ?? []).map(canonicalOrigin).filter((origin) => origin !== null))];
}

/**
 * The widget page's Content-Security-Policy: only Visita itself and the client's registered
 * domains may frame it; an unknown client, only Visita.
 */
export function frameAncestorsPolicy(domains: readonly string[] | null | undefined): string {
  return ["frame-ancestors 'self'", ...registeredOrigins(domains)].join(' ');
}

/** Whether a framing page may talk to the widget, and whether its sessions are staff (laas) ones. */
export function embedHostFor(
  domains: readonly string[] | null | undefined,
  parentOrigin: string,
  laasHosts: readonly string[],
): EmbedHost {
  const origin = canonicalOrigin(parentOrigin);
  const allowed = origin !== null && registeredOrigins(domains).includes(origin);
  // Only a registered page can open a staff session: LAAS_HOSTS alone does not let anyone in.
  const laas =
    allowed && origin !== null && originForHost(origin.replace(/^https?:\/\//, ''), laasHosts) === 'laas';
  return { allowed, origin: laas ? 'laas' : 'sdk' };
}

/**
 * Every widget page load reads its client's domains (for the CSP header), and every framed load
 * asks once more from the widget: keep each answer a few seconds per instance, like the config.
 * null: no such client.
 */
export function createClientDomainsReader(db: Db, ttlMs = CONFIG_TTL_MS, changes?: ChangeBus) {
  const cache = new LRUCache<string, { domains: string[] | null }>({ max: 2000, ttl: ttlMs });
  // An edit on any instance reaches this one at once, not after the TTL.
  changes?.subscribe((change) => {
    if (change.topic === 'client') cache.delete(change.clientId);
    else if (change.topic === 'everything') cache.clear();
  });
  return async function readClientDomains(clientId: string): Promise<string[] | null> {
    const cached = cache.get(clientId);
    if (cached) return cached.domains;
    // An id PostgreSQL cannot store (NUL, a lone surrogate) names no client; asking would be a 500.
    if (!isStorableText(clientId)) return null;
    const row = await findClientById(db, clientId);
    const domains = row ? registeredOrigins(row.domains) : null;
    cache.set(clientId, { domains });
    return domains;
  };
}
