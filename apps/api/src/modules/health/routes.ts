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

  app.get(
    ENDPOINTS.healthLive.path,
    {
      schema: {
        ...SCHEMAS.healthLive,
        tags: ['health'],
        summary: 'El proceso responde (liveness): nada más se consulta',
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    ENDPOINTS.healthReady.path,
    {
      schema: {
        ...SCHEMAS.healthReady,
        tags: ['health'],
        summary: 'La instancia puede recibir tráfico (readiness): base, migraciones, outbox, sin detenerse',
      },
    },
    async (_request, reply) => {
      const { readiness } = app;
      let database: 'ok' | 'unreachable' = 'ok';
      let pending: string[] | null = null;
      try {
        await app.db.execute(sql`select 1`);
        pending = await readiness.pendingMigrations();
      } catch (error) {
        database = 'unreachable';
        app.log.error({ err: error }, 'readiness: database unreachable');
      }
      const outbox =
        readiness.outbox === null ? 'not_running' : readiness.outbox.alive() ? 'alive' : 'stalled';
      const checks = {
        database,
        migrations:
          pending === null
            ? ('unknown' as const)
            : pending.length === 0
              ? ('current' as const)
              : ('pending' as const),
        pending_migrations: pending ?? [],
        outbox: outbox as 'alive' | 'stalled' | 'not_running',
        shutting_down: readiness.shuttingDown,
      };
      // A process without a worker (an API test) is not less ready for it; a stalled one is.
      const ready =
        database === 'ok' &&
        checks.migrations === 'current' &&
        outbox !== 'stalled' &&
        !readiness.shuttingDown;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
};

export default healthRoutes;
