import { z } from 'zod';
import { CARD_BRANDS } from '../constants.ts';
import { boundedExamsToPaySchema, manualConfirmAnswerSchema } from './appointments.ts';
import { amountSchema, countryCodeSchema } from './common.ts';

/** POST /payments/appointments/{id}/cash_payment/: pay at home; the product shows no body (none, null or {}). */
export const cashPaymentBodySchema = z.preprocess((value) => value ?? {}, z.object({}));
export type CashPaymentBody = z.infer<typeof cashPaymentBodySchema>;
/** The confirmation, as manual_confirm answers it: payment_method 'In address', gateway 'Partner'. */
export const cashPaymentAnswerSchema = manualConfirmAnswerSchema;
export type CashPaymentAnswer = z.infer<typeof cashPaymentAnswerSchema>;

/**
 * The header a client may send to name one payment attempt (retries with the same key charge
 * once); without it the card token names the attempt.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const cardPaymentHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, 'debe tener entre 1 y 128 caracteres visibles sin espacios')
    .optional(),
});

/** POST /v2/mercado-pago/{id}/card/ with a Bearer header. Errors read msg or err. */
export const cardPaymentBodySchema = z.object({
  token: z.string().trim().min(1).max(200),
  payment_method_id: z.enum([...CARD_BRANDS, 'webpay']),
  amount: amountSchema.positive(),
  customer_id: z.string().trim().max(100).nullish(),
  /**
   * Split payment, for clients whose steps include it: the exams the company pays,
   * per patient. The card then pays the rest: the quote of the cart without them.
   */
  client_exams_to_pay: boundedExamsToPaySchema.optional(),
});
export type CardPaymentBody = z.infer<typeof cardPaymentBodySchema>;

/**
 * 200 answers: approved (the appointment is confirmed) or in_process (pending review: the
 * appointment stays scheduled and cannot be paid again meanwhile). A rejection is a 402 {err, msg}.
 */
export const cardPaymentAnswerSchema = z.object({
  status: z.enum(['approved', 'in_process']),
  status_detail: z.string(),
});
export type CardPaymentAnswer = z.infer<typeof cardPaymentAnswerSchema>;

/**
 * POST /v2/sandbox/card-tokens/ (sandbox gateway only). The full number is sent to make the token
 * and never stored: the answer carries only what a real tokeniser returns.
 */
export const sandboxCardTokenBodySchema = z.object({
  card_number: z.string().regex(/^\d{13,19}$/),
  cardholder_name: z.string().trim().min(1).max(100),
  expiration_month: z.number().int().min(1).max(12),
  expiration_year: z.number().int().min(2000).max(2100),
  security_code: z.string().regex(/^\d{0,4}$/),
});
export type SandboxCardTokenBody = z.infer<typeof sandboxCardTokenBodySchema>;
export const sandboxCardTokenAnswerSchema = z.object({
  id: z.string(),
  payment_method_id: z.enum(CARD_BRANDS),
  first_six_digits: z.string().length(6),
  last_four_digits: z.string().length(4),
});
export type SandboxCardTokenAnswer = z.infer<typeof sandboxCardTokenAnswerSchema>;

/** GET /v2/payments/config/?country=: which gateway the API uses and the key the browser tokenises with. */
export const paymentsConfigQuerySchema = z.object({ country: countryCodeSchema });
export type PaymentsConfigQuery = z.infer<typeof paymentsConfigQuerySchema>;
export const paymentsConfigAnswerSchema = z.object({
  gateway: z.enum(['sandbox', 'mercadopago']),
  /** MercadoPago's public key for the country; null with the sandbox (cards go to POST /v2/sandbox/card-tokens/). */
  public_key: z.string().nullable(),
});
export type PaymentsConfigAnswer = z.infer<typeof paymentsConfigAnswerSchema>;

/**
 * POST /v2/mercado-pago/notifications/: MercadoPago's payment notification (webhook). Only the
 * payment's id is read (from `data.id` in the query, else the body); the payment itself is read
 * again from MercadoPago, never taken from the notification.
 */
export const gatewayNotificationQuerySchema = z.looseObject({
  'data.id': z.string().max(64).optional(),
  type: z.string().max(64).optional(),
  topic: z.string().max(64).optional(),
  id: z.string().max(64).optional(),
});
export const gatewayNotificationHeadersSchema = z.looseObject({
  'x-signature': z.string().max(512).optional(),
  'x-request-id': z.string().max(128).optional(),
});
export const gatewayNotificationBodySchema = z
  .looseObject({
    type: z.string().max(64).optional(),
    action: z.string().max(64).optional(),
    data: z.looseObject({ id: z.union([z.string().max(64), z.number()]).optional() }).optional(),
  })
  .nullish();
export const gatewayNotificationAnswerSchema = z.object({ received: z.literal(true) });
