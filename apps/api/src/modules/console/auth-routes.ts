import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The console's sign-in: the CSRF token every write carries (more routes join this file). */
const consoleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.consoleCsrf.path,
    {
      config: { console: { stage: 'public' } },
      schema: {
        ...SCHEMAS.consoleCsrf,
        tags: ['console'],
        summary: 'Token CSRF de la consola: va en x-csrf-token en cada escritura',
      },
    },
    async (_request, reply) => ({ csrf_token: await reply.generateCsrf() }),
  );
};

export default consoleAuthRoutes;
