import { z } from 'zod';

/** The operator's view of the webhooks not delivered yet, or given up on after a day. */
export const webhookDeliveriesQuerySchema = z.object({
  client_id: z.string().trim().min(1).max(100).optional(),
});
const webhookDeliverySchema = z.object({
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
export const webhookDeliveriesAnswerSchema = z.object({ results: z.array(webhookDeliverySchema) });

/** The service's health: up, and which database engine answers. */
export const healthAnswerSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /health/live: the process answers (nothing else is asked). */
export const healthLiveAnswerSchema = z.object({ status: z.literal('ok') });

/**
 * GET /health/ready: whether this instance should get requests: its database answers, has every
 * migration, its outbox worker is passing (when it runs one), and it is not stopping. 503 when not.
 */
export const healthReadyAnswerSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['current', 'pending', 'unknown']),
    pending_migrations: z.array(z.string()),
    outbox: z.enum(['alive', 'stalled', 'not_running']),
    shutting_down: z.boolean(),
  }),
});
