/**
 * The console's money that needs a person (docs/decisions/console-money-queue.md): a queue of what
 * cannot settle itself and one action for each way out of it. Finance and admins only
 * (payments.read to read it, payments.settle to act).
 */
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointments.ts';

/**
 * Why an item waits for a person: a card payment still processing after its lease, a visit
 * confirmed 'Payment Pending' (to collect at the address), the part a patient's company owes, a
 * refund the gateway refused.
 */
export const MONEY_QUEUE_KINDS = [
  'processing',
  'payment_pending',
  'company_billed',
  'refund_failed',
] as const;
export type MoneyQueueKind = (typeof MONEY_QUEUE_KINDS)[number];

export const CONSOLE_MONEY_LIMIT_MAX = 200;

export const consoleMoneyQueueQuerySchema = z.object({
  kind: z.enum(MONEY_QUEUE_KINDS).optional(),
  client_id: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(CONSOLE_MONEY_LIMIT_MAX).default(100),
});

export const consoleMoneyItemSchema = z.object({
  kind: z.enum(MONEY_QUEUE_KINDS),
  appointment_id: z.uuid(),
  /** The short code patients read in their e-mails. */
  code: z.string(),
  appointment_status: z.enum(APPOINTMENT_STATUSES),
  /** The appointment's payment status ('Payment Pending', 'Company Billed', …). */
  payment_status: z.string().nullable(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  /** What is owed, charged or to give back. */
  amount: z.number(),
  currency: z.enum(['CLP', 'MXN']),
  /** Since when it waits (ISO instant): the payment's last change, the confirmation, the refusal. */
  since: z.string(),
  /** The payment row it is about; null for a confirmation with nothing recorded yet. */
  payment_id: z.uuid().nullable(),
  gateway_payment_id: z.string().nullable(),
  /** The first patient's first name and initial ('Valentina M.'). */
  patient_name: z.string().nullable(),
});
export type ConsoleMoneyItem = z.infer<typeof consoleMoneyItemSchema>;

export const consoleMoneyQueueAnswerSchema = z.object({
  /** Oldest first. */
  results: z.array(consoleMoneyItemSchema),
  /** More items match than `limit`. */
  more: z.boolean(),
});

/** POST /console/payments/:id/reconcile: what the gateway said the payment became. */
export const consoleReconcileAnswerSchema = z.object({
  /** approved (the visit confirmed), refunded (charged, but the visit could not be confirmed), rejected (nothing charged), pending (the gateway's review). */
  outcome: z.enum(['approved', 'refunded', 'rejected', 'pending']),
  payment_status: z.string(),
  appointment_status: z.enum(APPOINTMENT_STATUSES),
});

/** POST /console/payments/:id/refund: a refused refund asked again. */
export const consoleRefundAnswerSchema = z.object({
  status: z.literal('refunded'),
  amount: z.number(),
});

/** POST /console/payments/:id/settle: the company's part collected from the company. */
export const consoleSettleCompanyBodySchema = z.object({
  reference: z.string().trim().max(120).optional(),
});

/** POST /console/appointments/:id/write-off: what is owed given up, with the reason the history keeps. */
export const consoleWriteOffBodySchema = z.object({
  kind: z.enum(['payment_pending', 'company_billed']),
  reason: z.string().trim().min(3, 'Indica el motivo.').max(500),
});
export const consoleWriteOffAnswerSchema = z.object({
  status: z.literal('written_off'),
  amount: z.number(),
});
