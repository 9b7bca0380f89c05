import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail } from '../../errors.ts';
import { createClientDomainsReader, embedHostFor } from './service.ts';

const embedRoutes: FastifyPluginAsyncZod = async (app) => {
  const readClientDomains = createClientDomainsReader(app.db, undefined, app.changes);
  app.get(
    ENDPOINTS.embedHost.path,
    {
      schema: {
        ...SCHEMAS.embedHost,
        tags: ['clients'],
        summary:
          'Si la página que enmarca el widget es un dominio registrado del cliente, y su origen (sdk o laas)',
      },
    },
    async (request) => {
      const domains = await readClientDomains(request.query.client_id);
      if (!domains) throw fail(ERRORS.CLIENT_NOT_FOUND);
      return embedHostFor(domains, request.query.parent_origin, app.config.LAAS_HOSTS);
    },
  );
};

export default embedRoutes;
