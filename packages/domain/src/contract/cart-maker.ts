import { z } from 'zod';
import { itemIdSchema } from './catalogue.ts';

/** GET /v2/cart-maker/{id}/: the appointment, the coupon and the patients' items and packs. */
export const cartMakerAnswerSchema = z.object({
  appointment: z.object({ id: z.string(), status: z.string() }).nullable(),
  discount_code: z.string().nullable(),
  patients: z.array(
    z.object({
      items: z.array(z.object({ id: itemIdSchema })),
      packs: z.array(z.object({ id: itemIdSchema })),
    }),
  ),
});
export type CartMakerAnswer = z.infer<typeof cartMakerAnswerSchema>;

/**
 * GET /v2/cart-maker/{id}/ as the API answers it: the product's shape, plus the appointment's token
 * (APPOINTMENT_TOKEN_HEADER) so the widget can continue that appointment. Whoever holds the
 * cart-maker id holds that appointment; null when the token no longer belongs to the cart.
 */
export const cartMakerWithTokenAnswerSchema = cartMakerAnswerSchema.extend({
  appointment: z.object({ id: z.string(), status: z.string(), token: z.string().nullable() }).nullable(),
});
export type CartMakerWithTokenAnswer = z.infer<typeof cartMakerWithTokenAnswerSchema>;
