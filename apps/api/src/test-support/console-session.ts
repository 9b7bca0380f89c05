import type { ConsoleRole } from '@visita/domain/console-permissions';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { operators, operatorSessions, operatorTotp } from '../db/schema.ts';
import {
  CONSOLE_SESSION_COOKIE,
  CONSOLE_SESSION_MS,
  type ConsoleOperator,
  hashSessionToken,
} from '../plugins/app/console-session.ts';

/** What a console call carries: the session and CSRF cookies, and the CSRF token for writes. */
export interface ConsoleCredentials {
  operatorId: string;
  email: string;
  /** Spread into `inject`'s headers. */
  headers: { cookie: string; 'x-csrf-token': string };
}

/** A CSRF cookie and its token, as the console gets them before signing in. */
export async function consoleCsrf(app: FastifyInstance): Promise<{ cookie: string; token: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/console/auth/csrf' });
  const setCookie = response.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, token: (response.json() as { csrf_token: string }).csrf_token };
}

/**
 * An operator and a session of theirs, written straight to the database: route tests need a
 * signed-in role, not the cost of argon2 and a TOTP code (the auth tests sign in for real).
 */
export async function consoleSessionFor(
  app: FastifyInstance,
  {
    role,
    clientId = null,
    stage = 'active',
    totp = role === 'admin',
  }: { role: ConsoleRole; clientId?: string | null; stage?: ConsoleOperator['stage']; totp?: boolean },
): Promise<ConsoleCredentials> {
  const email = `${role}-${randomUUID().slice(0, 8)}@operadores.test`;
  const [operator] = await app.db
    .insert(operators)
    .values({
      email,
      name: `Operador ${role}`,
      role,
      clientId,
      // Never a hash argon2 verifies: this operator signs in only through the session below.
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$none$none',
      mustChangePassword: false,
    })
    .returning({ id: operators.id });
  if (!operator) throw new Error('operator not inserted');
  if (totp)
    await app.db
      .insert(operatorTotp)
      .values({ operatorId: operator.id, secretEnc: 'none', confirmedAt: new Date() });
  const token = randomUUID() + randomUUID();
  await app.db.insert(operatorSessions).values({
    tokenHash: hashSessionToken(token),
    operatorId: operator.id,
    stage,
    expiresAt: new Date(Date.now() + CONSOLE_SESSION_MS),
  });
  const csrf = await consoleCsrf(app);
  return {
    operatorId: operator.id,
    email,
    headers: { cookie: `${CONSOLE_SESSION_COOKIE}=${token}; ${csrf.cookie}`, 'x-csrf-token': csrf.token },
  };
}

/**
 * A session for each console role, made one after another as `consoleSessionFor` makes them: the
 * partner's operator belongs to `partnerClientId` (the demo partner unless given), the others to no
 * client.
 */
export async function consoleSessionsByRole(
  app: FastifyInstance,
  { partnerClientId = 'demo' }: { partnerClientId?: string } = {},
): Promise<Record<ConsoleRole, ConsoleCredentials>> {
  return {
    admin: await consoleSessionFor(app, { role: 'admin' }),
    coordinator: await consoleSessionFor(app, { role: 'coordinator' }),
    finance: await consoleSessionFor(app, { role: 'finance' }),
    partner: await consoleSessionFor(app, { role: 'partner', clientId: partnerClientId }),
  };
}

/** A console call as an operator (their session cookie and CSRF token), the payload sent only when given. */
export const consoleCall = (
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  { headers }: { headers: Record<string, string> },
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
