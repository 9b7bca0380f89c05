import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A year, with subdomains: a browser that once reached Visita over HTTPS never falls back to HTTP. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The widget page's Content-Security-Policy: scripts, styles, fonts and calls only from Visita
 * itself (the card gateway's SDK, frames and API too when payments go through MercadoPago), no
 * plugins, no <base> rewriting, forms only to Visita; `frameAncestors` says who may frame it.
 * Style attributes are allowed: partner colours are applied as inline CSS variables.
 * Images may come from any https origin (partners' logos are theirs) or data: URLs.
 */
export function widgetPagePolicy(frameAncestors: string, payments: 'sandbox' | 'mercadopago'): string {
  const mercadopago = payments === 'mercadopago';
  const directives = [
    "default-src 'self'",
    `script-src 'self'${mercadopago ? ' https://sdk.mercadopago.com' : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${mercadopago ? ' https://api.mercadopago.com https://*.mercadopago.com' : ''}`,
    `frame-src ${mercadopago ? 'https://*.mercadopago.com' : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    frameAncestors,
  ];
  return directives.join('; ');
}

/**
 * The operations console's page: everything from Visita itself, styles inline too (Mantine sets
 * style attributes and variables), images from Visita or data: URLs, calls to Visita's own API,
 * frames of Visita's own (a lead's PDF), the map's tiles when CONSOLE_MAP_TILE_URL names them; no page may frame it, no plugins, no <base> rewriting, forms only to Visita.
 */
export function consolePagePolicy(tileUrl?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${tileUrl ? ` ${tileOrigin(tileUrl)}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    // A medical order's PDF is shown inline in a frame of Visita's own (sandboxed by its answer).
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origin a tile URL template loads from ('https://{s}.tile.example' → 'https://*.tile.example'). */
function tileOrigin(tileUrl: string): string {
  const host = /^https:\/\/([^/]+)/i.exec(tileUrl)?.[1] ?? '';
  return `https://${host.replace('{s}', '*')}`;
}

/** Headers every answer carries; HSTS only on a request that came over HTTPS (as the proxy says, when trusted). */
function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  // The partner page learns Visita's origin, never its paths (a client id, an appointment).
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

export default fp(
  async function securityHeaders(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      applySecurityHeaders(request, reply);
    });
  },
  { name: 'security-headers' },
);
