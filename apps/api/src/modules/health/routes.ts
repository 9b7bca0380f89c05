import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.health.path,
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio y de su base de datos',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ err: z.string(), msg: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ err: 'database-unavailable', msg: 'La base de datos no responde.' });
      }
      return { status: 'ok' as const, database: app.dbKind };
    },
  );
};

export default healthRoutes;
