import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import { operativeStatusAnswerSchema, operativeStatusParamsSchema } from '@visita/domain/contract/operative';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOperativeStatus } from './service.ts';

/** GET v2/operative/{salesSource}/status/: checked by the operative step wrapper. */
const operativeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.operativeStatus.path,
    {
      schema: {
        tags: ['operative'],
        summary: 'Si una fuente de venta está operativa (interruptor manual y stock)',
        params: operativeStatusParamsSchema,
        response: { 200: operativeStatusAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => getOperativeStatus(app.db, request.params.salesSource),
  );
};

export default operativeRoutes;
