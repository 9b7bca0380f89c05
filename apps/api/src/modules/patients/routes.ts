import { apiErrorSchema } from '@visita/domain/contract/errors';
import {
  clientPatientsAnswerSchema,
  clientPatientsParamsSchema,
  clientPatientsQuerySchema,
  createClientPatientAnswerSchema,
  createClientPatientBodySchema,
} from '@visita/domain/contract/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientTokenGuard, requireClientToken } from '../../plugins/app/client-auth.ts';
import { refineSafeText } from '../../text-guards.ts';
import { createClientPatient, listClientPatients } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security =
  'Requiere el token de API del cliente como Authorization: Bearer (401 sin él, 403 si es de otro cliente).';

/** The staff patients calls (spec part 1 §7): a client's own patients, behind its API token. */
const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alliances/clients/:clientId/patients/',
    {
      // onRequest: strangers get 401/403 before anything about their input is checked.
      onRequest: clientTokenGuard('clientId'),
      schema: {
        tags: ['patients'],
        summary: 'Busca pacientes del cliente por nombre, documento o correo',
        description: security,
        params: clientPatientsParamsSchema,
        querystring: refineSafeText(clientPatientsQuerySchema),
        response: { 200: clientPatientsAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      results: await listClientPatients(app.db, request.params.clientId, request.query.search),
    }),
  );

  app.post(
    '/alliances/clients/:clientId/patients/',
    {
      onRequest: clientTokenGuard('clientId'),
      schema: {
        tags: ['patients'],
        summary: 'Crea un paciente del cliente',
        description: security,
        params: clientPatientsParamsSchema,
        body: refineSafeText(createClientPatientBodySchema),
        response: { 201: createClientPatientAnswerSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The guard already ran; this read answers the client row the rules need (its country).
      const client = await requireClientToken(app.db, request, request.params.clientId);
      return reply.code(201).send(await createClientPatient(app.db, client, request.body.patient));
    },
  );
};

export default patientsRoutes;
