import { z } from 'zod';

/** Every error answer of the API: a stable slug and a Spanish text a person can act on. */
export const apiErrorSchema = z.object({
  err: z.string(),
  msg: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
