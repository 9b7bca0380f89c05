import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail } from '../../errors.ts';
import { createClientConfigReader } from './service.ts';

const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readClientConfig = createClientConfigReader(app.db, undefined, app.changes);
  app.get(
    ENDPOINTS.sdkConfig.path,
    {
      schema: {
        ...SCHEMAS.sdkConfig,
        tags: ['clients'],
        summary: 'Configuración del cliente (socio) para el widget',
      },
    },
    async (request) => {
      const config = await readClientConfig(request.query.id);
      if (!config) throw fail(ERRORS.CLIENT_NOT_FOUND);
      return config;
    },
  );
};

export default clientsRoutes;
