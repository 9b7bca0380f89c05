import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { embedHostQuerySchema, embedHostSchema } from '@visita/domain/contract/embed';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { INVALID_CLIENT_MSG } from '../clients/service.ts';
import { createClientDomainsReader, embedHostFor } from './service.ts';

const embedRoutes: FastifyPluginAsyncZod = async (app) => {
  const readClientDomains = createClientDomainsReader(app.db, undefined, app.changes);
  app.get(
    ENDPOINTS.embedHost.path,
    {
      schema: {
        tags: ['clients'],
        summary:
          'Si la página que enmarca el widget es un dominio registrado del cliente, y su origen (sdk o laas)',
        querystring: embedHostQuerySchema,
        response: { 200: embedHostSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const domains = await readClientDomains(request.query.client_id);
      if (!domains) throw notFound('client-not-found', INVALID_CLIENT_MSG);
      return embedHostFor(domains, request.query.parent_origin, app.config.LAAS_HOSTS);
    },
  );
};

export default embedRoutes;
