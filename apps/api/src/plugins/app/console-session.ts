import * as ERRORS from '@visita/domain/contract/api-errors';
import { can, type ConsolePermission, type ConsoleRole } from '@visita/domain/console-permissions';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { consoleKeys, operators, operatorSessions, operatorTotp } from '../../db/schema.ts';
import { fail } from '../../errors.ts';
import { clientAddressKey } from './client-address.ts';

/**
 * How far along the sign-in a route may be called:
 * - public: without a session (the CSRF token, sign-in, password reset);
 * - mfa: a session waiting for its TOTP code;
 * - setup: a session changing its one-time password or enrolling its TOTP, or a full one;
 * - any: any session (who am I, sign out).
 * A route that names a permission needs a full session whose role holds it.
 */
type ConsoleStage = 'public' | 'mfa' | 'setup' | 'any';

export type ConsoleRouteRule = { stage: ConsoleStage } | { permission: ConsolePermission };

/** The operator of the session asking, as the routes read it. */
export interface ConsoleOperator {
  sessionId: string;
  operatorId: string;
  email: string;
  name: string;
  role: ConsoleRole;
  /** The partner a `partner` operator belongs to. */
  clientId: string | null;
  stage: 'mfa_pending' | 'password_change' | 'totp_enrol' | 'active';
  totpEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api/console route says who may call it (the app refuses to start otherwise). */
    console?: ConsoleRouteRule;
  }
  interface FastifyRequest {
    /** The console session's operator; null without one (set on /api/console routes). */
    consoleOperator: ConsoleOperator | null;
  }
  interface FastifyInstance {
    /** Signs the CSRF cookie; the auth module derives the TOTP secrets' key from it. */
    consoleSecret: string;
  }
}

/** The session cookie: only over HTTPS (browsers take it on localhost too), never read by scripts. */
export const CONSOLE_SESSION_COOKIE = '__Secure-visita-console';
const CSRF_COOKIE = '__Secure-visita-console-csrf';
/** Both cookies go only to the console's API, never to the widget's calls on the same origin. */
const CONSOLE_COOKIE_PATH = '/api/console';
/** A session ends 12 hours after sign-in, or after 2 hours without use. */
export const CONSOLE_SESSION_MS = 12 * 60 * 60 * 1000;
export const CONSOLE_IDLE_MS = 2 * 60 * 60 * 1000;
/** last_seen_at is written at most this often: a page of calls costs one write, not one each. */
const SEEN_WRITE_MS = 60 * 1000;

const cookieOptions = {
  path: CONSOLE_COOKIE_PATH,
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
} as const;

export const hashSessionToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Opens a session for an operator and sets its cookie; the token itself is stored nowhere. */
export async function startConsoleSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  operatorId: string,
  stage: ConsoleOperator['stage'],
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(operatorSessions)
    .values({
      tokenHash: hashSessionToken(token),
      operatorId,
      stage,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + CONSOLE_SESSION_MS),
      address: clientAddressKey(request.ip),
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 200) || null,
    })
    .returning({ id: operatorSessions.id });
  void reply.setCookie(CONSOLE_SESSION_COOKIE, token, {
    ...cookieOptions,
    maxAge: CONSOLE_SESSION_MS / 1000,
  });
  return row?.id ?? '';
}

/** Removes the session cookie from the browser (the session row is revoked by the caller). */
export function clearConsoleSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(CONSOLE_SESSION_COOKIE, cookieOptions);
}

/** The session a cookie names, if it is still good: not revoked, not expired, not idle too long. */
async function findConsoleSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<(ConsoleOperator & { lastSeenAt: Date }) | null> {
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      operatorId: operators.id,
      email: operators.email,
      name: operators.name,
      role: operators.role,
      clientId: operators.clientId,
      stage: operatorSessions.stage,
      lastSeenAt: operatorSessions.lastSeenAt,
      totpConfirmedAt: operatorTotp.confirmedAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .leftJoin(operatorTotp, eq(operatorTotp.operatorId, operators.id))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashSessionToken(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, new Date(now.getTime() - CONSOLE_IDLE_MS)),
        eq(operators.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { totpConfirmedAt, ...rest } = row;
  return { ...rest, totpEnabled: totpConfirmedAt !== null };
}

/** The console's secret: the configured one, else one made once and kept in the database. */
export async function consoleSecretOf(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(consoleKeys)
    .values({ name: 'console-secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(consoleKeys).where(eq(consoleKeys.name, 'console-secret'));
  if (!row) throw new Error('console secret missing');
  return row.value;
}

const STAGES_ALLOWED: Record<ConsoleStage, ReadonlySet<ConsoleOperator['stage']> | null> = {
  public: null,
  mfa: new Set(['mfa_pending']),
  setup: new Set(['password_change', 'totp_enrol', 'active']),
  any: new Set(['mfa_pending', 'password_change', 'totp_enrol', 'active']),
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Each app's console routes and their rules, by 'METHOD /api/console/…'. */
const ROUTE_RULES = new WeakMap<FastifyInstance, ReadonlyMap<string, ConsoleRouteRule>>();

/** The rule of a console route of the app (what the permission tests check the answers against). */
export function consoleRouteRule(
  app: FastifyInstance,
  method: string,
  url: string,
): ConsoleRouteRule | undefined {
  return ROUTE_RULES.get(app)?.get(`${method} ${url}`);
}

/**
 * The console's sessions and what each route lets them do, checked before the route runs: the
 * CSRF token on every write, then the session, then how far its sign-in went, then the role's
 * permission. A route under /api/console without a rule stops the app at start.
 */
export default fp(
  async function consoleSession(app: FastifyInstance) {
    const secret = await consoleSecretOf(app.db, app.config.CONSOLE_SECRET);
    app.decorate('consoleSecret', secret);
    await app.register(fastifyCookie, { secret });
    await app.register(fastifyCsrf, {
      cookieKey: CSRF_COOKIE,
      cookieOpts: { ...cookieOptions, signed: true },
      getToken: (request) => {
        const value = request.headers['x-csrf-token'];
        return typeof value === 'string' ? value : undefined;
      },
    });
    app.decorateRequest('consoleOperator', null);

    const rules = new Map<string, ConsoleRouteRule>();
    ROUTE_RULES.set(app, rules);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/console/')) return;
      const rule = route.config?.console;
      if (!rule)
        throw new Error(`${route.method} ${route.url}: a console route must name its stage or permission`);
      for (const method of [route.method].flat()) rules.set(`${method} ${route.url}`, rule);
    });

    // Before the input's validation: a caller without the token, a session or the permission is
    // refused as such, and learns nothing of what the route takes.
    app.addHook('preValidation', async (request, reply) => {
      const rule = request.routeOptions.config.console;
      if (!rule) return;
      if (WRITES.has(request.method)) {
        const valid = await new Promise<boolean>((resolve) => {
          // The CSRF plugin refuses by sending its own error on the reply, never calling back:
          // catch that send, so the answer is the console's csrf-invalid and this hook ends.
          const refusing = Object.create(reply, {
            send: {
              value: () => {
                resolve(false);
                return reply;
              },
            },
          }) as FastifyReply;
          app.csrfProtection(request, refusing, () => resolve(true));
        });
        if (!valid) throw fail(ERRORS.CONSOLE_CSRF_INVALID);
      }
      if ('stage' in rule && rule.stage === 'public') return;
      const token = request.cookies[CONSOLE_SESSION_COOKIE];
      const now = new Date();
      const session = token ? await findConsoleSession(app.db, token, now) : null;
      if (!session) throw fail(token ? ERRORS.CONSOLE_SESSION_EXPIRED : ERRORS.CONSOLE_NOT_SIGNED_IN);
      const { lastSeenAt, ...operator } = session;
      request.consoleOperator = operator;
      if (now.getTime() - lastSeenAt.getTime() > SEEN_WRITE_MS) {
        await app.db
          .update(operatorSessions)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(operatorSessions.id, operator.sessionId));
      }
      if ('stage' in rule) {
        if (!STAGES_ALLOWED[rule.stage]?.has(operator.stage)) throw fail(ERRORS.CONSOLE_STEP_PENDING);
        return;
      }
      if (operator.stage !== 'active') throw fail(ERRORS.CONSOLE_STEP_PENDING);
      if (!can(operator.role, rule.permission)) throw fail(ERRORS.CONSOLE_FORBIDDEN);
    });
  },
  { name: 'console-session', dependencies: ['error-handler'] },
);

/** The signed-in operator of a route that required a session (never null there). */
export function operatorOfRequest(request: FastifyRequest): ConsoleOperator {
  if (!request.consoleOperator) throw fail(ERRORS.CONSOLE_NOT_SIGNED_IN);
  return request.consoleOperator;
}

/** Who the audit log names for a console change. */
export const consoleActor = (operator: ConsoleOperator) =>
  `console:${operator.operatorId} (${operator.email})`;
