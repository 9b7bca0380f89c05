import * as ERRORS from '@visita/domain/contract/api-errors';
import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.health.path,
    {
      schema: {
        ...SCHEMAS.health,
        tags: ['health'],
        summary: 'Estado del servicio y de su base de datos',
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .code(503)
          .send({ err: ERRORS.DATABASE_UNAVAILABLE.err, msg: ERRORS.DATABASE_UNAVAILABLE.msg });
      }
      return { status: 'ok' as const, database: app.dbKind };
    },
  );
};

export default healthRoutes;
