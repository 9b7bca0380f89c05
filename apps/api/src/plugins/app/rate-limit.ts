import * as ERRORS from '@visita/domain/contract/api-errors';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import { APPOINTMENT_ID_HEADER } from '@visita/domain/contract/appointments';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { fail } from '../../errors.ts';
import { browserKeyOf } from './browser-key.ts';
import { clientAddressKey } from './client-address.ts';
import { createRateLimitCounters } from './rate-limit-store.ts';

/** The calls a stranger could abuse, each with its per-minute limit in the configuration. */
const RATE_LIMITS = {
  search: 'RATE_LIMIT_SEARCH_PER_MINUTE',
  coupons: 'RATE_LIMIT_COUPONS_PER_MINUTE',
  'find-by-identifier': 'RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE',
  register: 'RATE_LIMIT_REGISTER_PER_MINUTE',
  'fund-checks': 'RATE_LIMIT_FUND_CHECKS_PER_MINUTE',
  'appointments-created': 'RATE_LIMIT_APPOINTMENTS_PER_MINUTE',
  holds: 'RATE_LIMIT_HOLDS_PER_MINUTE',
  'error-reports': 'RATE_LIMIT_ERROR_REPORTS_PER_MINUTE',
  login: 'RATE_LIMIT_LOGIN_PER_MINUTE',
} as const satisfies Record<string, keyof Config>;

/** The same, counted per appointment (the path's `:id`, else the x-appointment-id header). */
const APPOINTMENT_RATE_LIMITS = {
  'person-lookups': 'RATE_LIMIT_PERSON_LOOKUPS_PER_APPOINTMENT',
  holds: 'RATE_LIMIT_HOLDS_PER_APPOINTMENT',
} as const satisfies Record<string, keyof Config>;

type AppointmentRateLimitName = keyof typeof APPOINTMENT_RATE_LIMITS;

/**
 * The limits a person meets when booking, counted per browser (the widget's key) at an address
 * at their configured value, and per address at this many times it: behind a carrier's shared
 * address (carrier-grade NAT) many people book at once, and one inventing keys stops at the
 * ceiling (docs/decisions/free-confirmations.md).
 */
const PER_BROWSER: ReadonlySet<RateLimitName> = new Set(['appointments-created', 'holds']);
const ADDRESS_CEILING = 10;

type RateLimitName = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The database-backed store for any other registration of @fastify/rate-limit (orders'
     * uploads), so its counts are shared by every instance too (rate-limit-store.ts).
     */
    rateLimitStore: FastifyRateLimitStoreCtor;
  }
  interface FastifyContextConfig {
    /** Counts this route's calls per client address against the named limit (rate-limit.ts). */
    ipRateLimit?: RateLimitName;
    /** Counts this route's calls per appointment against the named limit (rate-limit.ts). */
    appointmentRateLimit?: AppointmentRateLimitName;
  }
}

const WINDOW_MS = 60_000;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The appointment a request is about: its path's `:id`, else the APPOINTMENT_ID_HEADER; null for none. */
function appointmentKeyOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const header = request.headers[APPOINTMENT_ID_HEADER];
  const id = typeof params.id === 'string' ? params.id : typeof header === 'string' ? header : null;
  return id && UUID_PATTERN.test(id) ? id.toLowerCase() : null;
}

/**
 * Per-address limits on the routes that say `config: { ipRateLimit: '<name>' }`. The limiter is
 * registered in a child context and only its `rateLimit` factory is used: registered here at the
 * root it would also act on `config.rateLimit` of other modules (orders has its own, with its own
 * answer). Each route gets its own counter; a limit of 0 adds nothing to the route.
 *
 * The counters are kept in the database (rate-limit-store.ts), so several instances on one
 * PostgreSQL count together. A counter's key is what it counts (`address` or `appointment`), the
 * route (method and URL) and the client: its address, an IPv6 one by its /64
 * (client-address.ts), or the appointment's id.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    const counters = createRateLimitCounters(app.db, app.log);
    app.addHook('onClose', () => counters.close());
    app.decorate('rateLimitStore', counters.Store);
    const createFactory = async () => {
      let limiter: FastifyInstance['rateLimit'] | undefined;
      await app.register(async (child) => {
        await child.register(rateLimit, {
          global: false,
          store: counters.Store,
          // A count the database could not make lets the request through (rate-limit-store.ts).
          skipOnError: true,
          // Retry-After (and the X-RateLimit-* headers) are set before this error is thrown.
          errorResponseBuilder: () => fail(ERRORS.RATE_LIMITED),
        });
        limiter = child.rateLimit;
      });
      if (!limiter) throw new Error('rate-limit: the limiter was not created');
      return limiter;
    };
    const factory = await createFactory();
    // A registration's hooks mark the request as counted and let only the first run: the
    // per-appointment counts need a registration of their own to run after the per-address one.
    const appointmentFactory = await createFactory();
    const browserFactory = await createFactory();

    app.addHook('onRoute', (route: RouteOptions) => {
      const hooks: onRequestHookHandler[] = [];
      const routeKey = `${[route.method].flat().join(',')} ${route.url}`;
      const name = route.config?.ipRateLimit;
      const max = name ? app.config[RATE_LIMITS[name]] : 0;
      if (max > 0) {
        const perBrowser = name !== undefined && PER_BROWSER.has(name);
        const limit = factory({
          max: perBrowser ? max * ADDRESS_CEILING : max,
          timeWindow: WINDOW_MS,
          keyGenerator: (request) => `address ${routeKey} ${clientAddressKey(request.ip)}`,
        });
        hooks.push(limit as onRequestHookHandler);
        if (perBrowser)
          hooks.push(
            browserFactory({
              max,
              timeWindow: WINDOW_MS,
              keyGenerator: (request) =>
                `browser ${routeKey} ${clientAddressKey(request.ip)} ${browserKeyOf(request)}`,
            }) as onRequestHookHandler,
          );
      }
      const perAppointment = route.config?.appointmentRateLimit;
      const appointmentMax = perAppointment ? app.config[APPOINTMENT_RATE_LIMITS[perAppointment]] : 0;
      if (appointmentMax > 0) {
        const limit = appointmentFactory({
          max: appointmentMax,
          timeWindow: WINDOW_MS,
          keyGenerator: (request) => `appointment ${routeKey} ${appointmentKeyOf(request) ?? ''}`,
        }) as (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
        // A request naming no appointment is not counted here (the per-address limit still is):
        // one shared bucket for all of them would let one caller lock out everyone else.
        hooks.push(async function appointmentRateLimit(request, reply) {
          if (appointmentKeyOf(request)) await limit(request, reply);
        });
      }
      if (hooks.length === 0) return;
      const existing = route.onRequest;
      route.onRequest = [...hooks, ...(existing === undefined ? [] : [existing].flat())];
      // The 429 is part of the route's contract, so the OpenAPI document shows it.
      const response = route.schema?.response as Record<number, unknown> | undefined;
      if (response && !(429 in response)) response[429] = apiErrorSchema;
    });
  },
  { name: 'rate-limit', dependencies: ['error-handler'] },
);
