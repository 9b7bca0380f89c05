import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail } from '../../errors.ts';
import { clientAddressKey } from '../../plugins/app/client-address.ts';
import {
  CONSOLE_IDLE_MS,
  CONSOLE_SESSION_COOKIE,
  clearConsoleSessionCookie,
  hashSessionToken,
  operatorOfRequest,
  startConsoleSession,
} from '../../plugins/app/console-session.ts';
import {
  changePassword,
  checkPassword,
  checkSessionTotp,
  confirmPasswordReset,
  confirmTotp,
  endOwnSession,
  enrolTotp,
  nextOfStage,
  requestPasswordReset,
} from './auth.ts';
import { listLiveSessions, revokeSessionByToken } from './auth-queries.ts';

const tags = ['console'];

/**
 * The console's sign-in and the operator's own account: the CSRF token, e-mail and password, the
 * TOTP code, the one-time password's change, the second factor's enrolment, the reset link, and
 * the sessions a person can list and end.
 */
const consoleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.consoleCsrf.path,
    {
      config: { console: { stage: 'public' } },
      schema: {
        ...SCHEMAS.consoleCsrf,
        tags,
        summary: 'Token CSRF de la consola: va en x-csrf-token en cada escritura',
      },
    },
    async (_request, reply) => ({ csrf_token: await reply.generateCsrf() }),
  );

  app.post(
    ENDPOINTS.consoleLogin.path,
    {
      config: { console: { stage: 'public' }, ipRateLimit: 'login' },
      schema: {
        ...SCHEMAS.consoleLogin,
        tags,
        summary: 'Iniciar sesión con correo y contraseña; dice qué paso sigue',
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { operatorId, stage } = await checkPassword(app.db, {
        email: request.body.email.toLowerCase(),
        password: request.body.password,
        address: clientAddressKey(request.ip),
        now,
      });
      // A browser signing in again leaves its previous session behind: it is ended, not kept.
      const previous = request.cookies[CONSOLE_SESSION_COOKIE];
      if (previous) await revokeSessionByToken(app.db, hashSessionToken(previous));
      await startConsoleSession(app.db, request, reply, operatorId, stage, now);
      return { next: nextOfStage(stage) };
    },
  );

  app.post(
    ENDPOINTS.consoleTotp.path,
    {
      config: { console: { stage: 'mfa' } },
      schema: { ...SCHEMAS.consoleTotp, tags, summary: 'Código de verificación (TOTP) tras la contraseña' },
    },
    async (request) => {
      const stage = await checkSessionTotp(app.db, app.consoleSecret, operatorOfRequest(request), {
        code: request.body.code,
        address: clientAddressKey(request.ip),
        now: new Date(),
      });
      return { next: nextOfStage(stage) };
    },
  );

  app.post(
    ENDPOINTS.consoleLogout.path,
    {
      config: { console: { stage: 'any' } },
      schema: { ...SCHEMAS.consoleLogout, tags, summary: 'Cerrar sesión' },
    },
    async (request, reply) => {
      const operator = operatorOfRequest(request);
      await endOwnSession(app.db, operator, operator.sessionId, 'sign_out');
      clearConsoleSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    ENDPOINTS.consolePasswordReset.path,
    {
      config: { console: { stage: 'public' }, ipRateLimit: 'login' },
      schema: {
        ...SCHEMAS.consolePasswordReset,
        tags,
        summary: 'Pedir un enlace para restablecer la contraseña (la respuesta es la misma para todo correo)',
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, request.body.email.toLowerCase(), new Date());
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    ENDPOINTS.consolePasswordResetConfirm.path,
    {
      config: { console: { stage: 'public' }, ipRateLimit: 'login' },
      schema: {
        ...SCHEMAS.consolePasswordResetConfirm,
        tags,
        summary: 'Elegir una contraseña nueva con el enlace recibido (una sola vez)',
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(app.db, {
        token: request.body.token,
        password: request.body.password,
        now: new Date(),
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    ENDPOINTS.consoleMe.path,
    {
      config: { console: { stage: 'any' } },
      schema: { ...SCHEMAS.consoleMe, tags, summary: 'El operador de la sesión y su siguiente paso' },
    },
    async (request) => {
      const operator = operatorOfRequest(request);
      return {
        id: operator.operatorId,
        email: operator.email,
        name: operator.name,
        role: operator.role,
        client_id: operator.clientId,
        next: nextOfStage(operator.stage),
        totp_enabled: operator.totpEnabled,
      };
    },
  );

  app.post(
    ENDPOINTS.consoleChangePassword.path,
    {
      config: { console: { stage: 'setup' } },
      schema: { ...SCHEMAS.consoleChangePassword, tags, summary: 'Cambiar la contraseña propia' },
    },
    async (request) => {
      const stage = await changePassword(app.db, operatorOfRequest(request), {
        current: request.body.current_password,
        next: request.body.new_password,
        address: clientAddressKey(request.ip),
        now: new Date(),
      });
      return { next: nextOfStage(stage) };
    },
  );

  app.post(
    ENDPOINTS.consoleTotpEnrol.path,
    {
      config: { console: { stage: 'setup' } },
      schema: {
        ...SCHEMAS.consoleTotpEnrol,
        tags,
        summary: 'Configurar el segundo factor: un secreto nuevo para la app de autenticación',
      },
    },
    async (request) => enrolTotp(app.db, app.consoleSecret, operatorOfRequest(request)),
  );

  app.post(
    ENDPOINTS.consoleTotpConfirm.path,
    {
      config: { console: { stage: 'setup' } },
      schema: {
        ...SCHEMAS.consoleTotpConfirm,
        tags,
        summary: 'Confirmar el segundo factor con su primer código',
      },
    },
    async (request) => {
      const stage = await confirmTotp(app.db, app.consoleSecret, operatorOfRequest(request), {
        code: request.body.code,
        now: new Date(),
      });
      return { next: nextOfStage(stage) };
    },
  );

  /** The operator's own sessions: only once the sign-in is complete. */
  const activeOperator = (request: Parameters<typeof operatorOfRequest>[0]) => {
    const operator = operatorOfRequest(request);
    if (operator.stage !== 'active') throw fail(ERRORS.CONSOLE_STEP_PENDING);
    return operator;
  };

  app.get(
    ENDPOINTS.consoleSessions.path,
    {
      config: { console: { stage: 'setup' } },
      schema: { ...SCHEMAS.consoleSessions, tags, summary: 'Mis sesiones abiertas' },
    },
    async (request) => {
      const operator = activeOperator(request);
      const rows = await listLiveSessions(app.db, operator.operatorId, new Date(), CONSOLE_IDLE_MS);
      return {
        results: rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          address: row.address,
          user_agent: row.userAgent,
          current: row.id === operator.sessionId,
        })),
      };
    },
  );

  app.delete(
    ENDPOINTS.consoleEndSession.path,
    {
      config: { console: { stage: 'setup' } },
      schema: { ...SCHEMAS.consoleEndSession, tags, summary: 'Cerrar una de mis sesiones' },
    },
    async (request, reply) => {
      const operator = activeOperator(request);
      if (!(await endOwnSession(app.db, operator, request.params.id, 'ended_from_account')))
        throw fail(ERRORS.CONSOLE_SESSION_NOT_FOUND);
      if (request.params.id === operator.sessionId) clearConsoleSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );
};

export default consoleAuthRoutes;
