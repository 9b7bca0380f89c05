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
