import { z } from 'zod';
import { pathIdSchema } from './common.ts';

/** GET v2/operative/{salesSource}/status/. */
export const operativeStatusAnswerSchema = z.object({
  active: z.boolean(),
  reason: z.string().nullable(),
});
export type OperativeStatusAnswer = z.infer<typeof operativeStatusAnswerSchema>;

/** The path parameter: the sales source whose status is asked for. */
export const operativeStatusParamsSchema = z.object({ salesSource: pathIdSchema });
export type OperativeStatusParams = z.infer<typeof operativeStatusParamsSchema>;
