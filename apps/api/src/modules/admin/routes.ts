import * as SCHEMAS from '@visita/domain/contract/endpoint-schemas';
import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUndelivered } from '../outbox/queries.ts';
import { failureForOperators } from '../webhooks/deliver-webhook.ts';
import { requireAdmin } from './admin-auth.ts';

/** The operator's API (behind ADMIN_TOKEN). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.adminWebhookDeliveries.path,
    {
      preHandler: requireAdmin(app.config.ADMIN_TOKEN),
      schema: {
        ...SCHEMAS.adminWebhookDeliveries,
        tags: ['admin'],
        summary: 'Webhooks no entregados: los que se reintentan y los abandonados tras 24 horas',
        description:
          'Requiere Authorization: Bearer <ADMIN_TOKEN>. Sin ADMIN_TOKEN configurado responde 404.',
      },
    },
    async (request) => {
      const rows = await listUndelivered(app.db, 'webhook', 200);
      return {
        results: rows
          .filter((row) => !request.query.client_id || row.clientId === request.query.client_id)
          .map((row) => ({
            id: row.id,
            topic: row.topic,
            client_id: row.clientId,
            appointment_id: row.appointmentId,
            attempts: row.attempts,
            // Only our own kinds of failure: nothing a host answered or an error quoted.
            last_error: failureForOperators(row.lastError),
            created_at: row.createdAt.toISOString(),
            next_attempt_at: row.failedAt ? null : row.availableAt.toISOString(),
            failed_at: row.failedAt?.toISOString() ?? null,
          })),
      };
    },
  );
};

export default adminRoutes;
