import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { clientConfigQuerySchema, clientConfigSchema } from '@visita/domain/contract/client-config';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { createClientConfigReader, INVALID_CLIENT_MSG } from './service.ts';

const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readClientConfig = createClientConfigReader(app.db, undefined, app.changes);
  app.get(
    ENDPOINTS.sdkConfig.path,
    {
      schema: {
        tags: ['clients'],
        summary: 'Configuración del cliente (socio) para el widget',
        querystring: clientConfigQuerySchema,
        response: { 200: clientConfigSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const config = await readClientConfig(request.query.id);
      if (!config) throw notFound('client-not-found', INVALID_CLIENT_MSG);
      return config;
    },
  );
};

export default clientsRoutes;
