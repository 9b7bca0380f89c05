import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientTokenGuard, requireClientToken } from '../../plugins/app/client-auth.ts';
import { AppError, fail } from '../../errors.ts';
import { createClientPatient, listClientPatients } from './service.ts';

const security =
  'Requiere el token de API del cliente como Authorization: Bearer (401 sin él, 403 si es de otro cliente).';

/**
 * The client-side patient save: the widget asks for it only with the client's API token (its
 * staff) and ignores a 403 from it ('403 ignored'). A caller without a token, or with a token
 * nobody has, is answered 403 here (not 401): not allowed to keep patients for this client.
 */
async function saveGuard(request: Parameters<ReturnType<typeof clientTokenGuard>>[0]): Promise<void> {
  try {
    await clientTokenGuard('clientId')(request);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) throw fail(ERRORS.CLIENT_TOKEN_FORBIDDEN);
    throw error;
  }
}

/** The staff patients calls: a client's own patients, behind its API token. */
const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.clientPatients.path,
    {
      // onRequest: strangers get 401/403 before anything about their input is checked.
      onRequest: clientTokenGuard('clientId'),
      schema: {
        ...SCHEMAS.clientPatients,
        tags: ['patients'],
        summary: 'Busca pacientes del cliente por nombre, documento o correo',
        description: security,
      },
    },
    async (request) => ({
      results: await listClientPatients(app.db, request.params.clientId, request.query.search),
    }),
  );

  app.post(
    ENDPOINTS.createClientPatient.path,
    {
      onRequest: saveGuard,
      schema: {
        ...SCHEMAS.createClientPatient,
        tags: ['patients'],
        summary: 'Crea un paciente del cliente',
        description: security,
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
