import { apiErrorSchema } from '@visita/domain/contract/errors';
import {
  findByIdentifierAnswerSchema,
  findByIdentifierQuerySchema,
  notFoundAnswerSchema,
  registerAnswerSchema,
  registerBodySchema,
} from '@visita/domain/contract/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccount, PATIENT_NOT_FOUND, registerAccount } from './service.ts';

/** Patient accounts: find by identifier, register without password (spec part 2 §7). */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/find_by_identifier/',
    {
      config: { ipRateLimit: 'find-by-identifier' },
      schema: {
        tags: ['users'],
        summary: 'Busca la cuenta de un paciente por su identificador',
        description:
          'Chile: el RUT (con o sin puntos); México: el documento o el identificador generado. ' +
          'Un identificador desconocido responde 404 con error, err y msg.',
        querystring: findByIdentifierQuerySchema,
        response: { 200: findByIdentifierAnswerSchema, 400: apiErrorSchema, 404: notFoundAnswerSchema },
      },
    },
    async (request, reply) => {
      const account = await findAccount(app.db, request.query.identifier);
      if (!account) return reply.code(404).send(PATIENT_NOT_FOUND);
      return account;
    },
  );

  app.post(
    '/users/register_wo_password/',
    {
      schema: {
        tags: ['users'],
        summary: 'Registra al paciente sin contraseña',
        description:
          'Valida con las reglas de registro (parte 2 §5) y responde el access_token de la cuenta. ' +
          '409 email-already-used o patient-already-has-account.',
        body: registerBodySchema,
        response: { 201: registerAnswerSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await registerAccount(app.db, request.body)),
  );
};

export default usersRoutes;
