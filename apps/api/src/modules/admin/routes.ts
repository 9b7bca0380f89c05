import * as ENDPOINTS from '@visita/domain/contract/endpoints';
import { apiErrorSchema } from '@visita/domain/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listUndelivered } from '../outbox/queries.ts';
import { requireAdmin } from './admin-auth.ts';

const deliverySchema = z.object({
  id: z.string(),
  topic: z.string(),
  client_id: z.string().nullable(),
  appointment_id: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});

/** The operator's API (behind ADMIN_TOKEN). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ENDPOINTS.adminWebhookDeliveries.path,
    {
      preHandler: requireAdmin(app.config.ADMIN_TOKEN),
      schema: {
        tags: ['admin'],
        summary: 'Webhooks no entregados: los que se reintentan y los abandonados tras 24 horas',
        description:
          'Requiere Authorization: Bearer <ADMIN_TOKEN>. Sin ADMIN_TOKEN configurado responde 404.',
        querystring: z.object({ client_id: z.string().trim().min(1).max(100).optional() }),
        response: {
          200: z.object({ results: z.array(deliverySchema) }),
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
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
            last_error: row.lastError,
            created_at: row.createdAt.toISOString(),
            next_attempt_at: row.failedAt ? null : row.availableAt.toISOString(),
            failed_at: row.failedAt?.toISOString() ?? null,
          })),
      };
    },
  );
};

export default adminRoutes;
