import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOperativeStatus } from './service.ts';

/** GET v2/operative/{salesSource}/status/: checked by the operative step wrapper. */
const operativeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.operativeStatus.path,
    {
      schema: {
        ...SCHEMAS.operativeStatus,
        tags: ['operative'],
        summary: 'Si una fuente de venta está operativa (interruptor manual y stock)',
      },
    },
    async (request) => getOperativeStatus(app.db, request.params.salesSource),
  );
};

export default operativeRoutes;
