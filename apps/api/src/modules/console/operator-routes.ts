import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleActor, operatorOfRequest } from '../../plugins/app/console-session.ts';
import { listOperators, listPartnerOptions } from './operator-queries.ts';
import {
  type ChangeAuthor,
  createOperator,
  endOperatorSessions,
  resetOperatorTotp,
  toOperatorAnswer,
  unlockOperator,
  updateOperator,
} from './operators.ts';

const manage = { console: { permission: 'operators.manage' } } as const;

const authorOf = (request: FastifyRequest): ChangeAuthor => {
  const operator = operatorOfRequest(request);
  return { actor: consoleActor(operator), operatorId: operator.operatorId };
};

/** The console's operators (admins only) and the partners its filters offer. */
const consoleOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.consoleOperators.path,
    {
      config: manage,
      schema: { ...SCHEMAS.consoleOperators, tags: ['console'], summary: 'Operadores de la consola' },
    },
    async () => ({ results: (await listOperators(app.db)).map(toOperatorAnswer) }),
  );

  app.post(
    ENDPOINTS.consoleCreateOperator.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleCreateOperator,
        tags: ['console'],
        summary: 'Crea un operador con una contraseña de un solo uso (se muestra una vez)',
      },
    },
    async (request, reply) => {
      const { email, name, role, client_id } = request.body;
      const created = await createOperator(
        app.db,
        { email, name, role, clientId: client_id ?? null },
        authorOf(request),
      );
      return reply.code(201).send({ operator: created.operator, one_time_password: created.oneTimePassword });
    },
  );

  app.patch(
    ENDPOINTS.consoleUpdateOperator.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleUpdateOperator,
        tags: ['console'],
        summary:
          'Cambia nombre, rol, socio o si un operador está activo (cierra sus sesiones al cambiar su acceso)',
      },
    },
    async (request) => {
      const { name, role, client_id, active } = request.body;
      return updateOperator(
        app.db,
        request.params.id,
        { name, role, clientId: client_id, active },
        authorOf(request),
      );
    },
  );

  app.post(
    ENDPOINTS.consoleUnlockOperator.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleUnlockOperator,
        tags: ['console'],
        summary: 'Desbloquea a un operador tras intentos fallidos',
      },
    },
    async (request) => unlockOperator(app.db, request.params.id, authorOf(request)),
  );

  app.post(
    ENDPOINTS.consoleResetOperatorTotp.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleResetOperatorTotp,
        tags: ['console'],
        summary: 'Borra el segundo factor de un operador y cierra sus sesiones',
      },
    },
    async (request) => resetOperatorTotp(app.db, request.params.id, authorOf(request)),
  );

  app.post(
    ENDPOINTS.consoleEndOperatorSessions.path,
    {
      config: manage,
      schema: {
        ...SCHEMAS.consoleEndOperatorSessions,
        tags: ['console'],
        summary: 'Cierra todas las sesiones de un operador',
      },
    },
    async (request, reply) => {
      await endOperatorSessions(app.db, request.params.id, authorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    ENDPOINTS.consolePartners.path,
    {
      config: { console: { permission: 'partners.list' } },
      schema: {
        ...SCHEMAS.consolePartners,
        tags: ['console'],
        summary: 'Socios para los filtros (un operador socio ve solo el suyo)',
      },
    },
    async (request) => {
      const operator = operatorOfRequest(request);
      // A partner operator always has its partner (the table's check); never let null mean "all".
      const only = operator.role === 'partner' ? (operator.clientId ?? '') : null;
      return { results: await listPartnerOptions(app.db, only) };
    },
  );
};

export default consoleOperatorRoutes;
