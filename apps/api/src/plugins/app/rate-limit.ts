import rateLimit from '@fastify/rate-limit';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

/** The calls a stranger could abuse, each with its per-minute limit in the configuration. */
export const RATE_LIMITS = {
  search: 'RATE_LIMIT_SEARCH_PER_MINUTE',
  coupons: 'RATE_LIMIT_COUPONS_PER_MINUTE',
  'find-by-identifier': 'RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE',
} as const satisfies Record<string, keyof Config>;

export type RateLimitName = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts this route's calls per client address against the named limit (rate-limit.ts). */
    ipRateLimit?: RateLimitName;
  }
}

export const RATE_LIMITED = {
  err: 'rate-limited',
  msg: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
} as const;

const WINDOW_MS = 60_000;

/**
 * Per-address limits on the routes that say `config: { ipRateLimit: '<name>' }`. The limiter is
 * registered in a child context and only its `rateLimit` factory is used: registered here at the
 * root it would also act on `config.rateLimit` of other modules (orders has its own, with its own
 * answer). Each route gets its own counter; a limit of 0 adds nothing to the route.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    let limiter: FastifyInstance['rateLimit'] | undefined;
    await app.register(async (child) => {
      await child.register(rateLimit, {
        global: false,
        // Retry-After (and the X-RateLimit-* headers) are set before this error is thrown.
        errorResponseBuilder: () => new AppError(429, RATE_LIMITED.err, RATE_LIMITED.msg),
      });
      limiter = child.rateLimit;
    });
    const factory = limiter;
    if (!factory) throw new Error('rate-limit: the limiter was not created');

    app.addHook('onRoute', (route: RouteOptions) => {
      const name = route.config?.ipRateLimit;
      if (!name) return;
      const max = app.config[RATE_LIMITS[name]];
      if (max <= 0) return;
      const hook = factory({ max, timeWindow: WINDOW_MS }) as onRequestHookHandler;
      const existing = route.onRequest;
      route.onRequest = [hook, ...(existing === undefined ? [] : [existing].flat())];
      // The 429 is part of the route's contract, so the OpenAPI document shows it.
      const response = route.schema?.response as Record<number, unknown> | undefined;
      if (response && !(429 in response)) response[429] = apiErrorSchema;
    });
  },
  { name: 'rate-limit', dependencies: ['error-handler'] },
);
