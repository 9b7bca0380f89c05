import { z } from 'zod';

/**
 * Where in the widget a reported failure happened: the calls whose failures are reported rather
 * than shown (exam search, geocoding, the address's sector, availability) and the ones that are
 * shown and reported too (holding or moving a block, creating the appointment, paying) when they
 * are not a refusal people meet in normal use.
 */
export const ERROR_REPORT_ORIGINS = [
  'exam-search',
  'geocoding',
  'sector-lookup',
  'availability',
  'block-hold',
  'appointment-creation',
  'payment',
  'other',
] as const;
export type ErrorReportOrigin = (typeof ERROR_REPORT_ORIGINS)[number];

const shortText = (max: number) => z.string().trim().max(max);

/**
 * The context keys a report keeps: the ones the widget sends (apps/widget/src/api/report-error.ts,
 * the API path that failed, without its query). Any other key is dropped, whatever its name: a
 * list of names to hide always misses one ('apellido', 'calle', 'cvv'…).
 */
export const ERROR_REPORT_CONTEXT_KEYS = ['path'] as const;

/** POST /v2/errors/: one failure the widget saw. Personal data in it is masked before it is kept. */
export const errorReportBodySchema = z.object({
  origin: z.enum(ERROR_REPORT_ORIGINS),
  /** What failed, in the widget's words or the error's message. */
  message: shortText(500).min(1),
  /** The HTTP status of the failed call, when it answered (0: it never did). */
  status: z.number().int().min(0).max(599).nullish(),
  /** The error slug of the failed call's {err, msg} answer, when it had one. */
  err: shortText(100).nullish(),
  client_id: shortText(100).nullish(),
  sales_source: shortText(100).nullish(),
  /** A few more facts, flat values only; only ERROR_REPORT_CONTEXT_KEYS are kept. */
  context: z
    .record(z.string().max(40), z.union([shortText(300), z.number().finite(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 20, 'a lo más 20 datos')
    .optional(),
});
export type ErrorReportBody = z.infer<typeof errorReportBodySchema>;

/** 202: the report was taken (logged, and forwarded when a tracker is configured). */
export const errorReportAnswerSchema = z.object({ received: z.literal(true) });
export type ErrorReportAnswer = z.infer<typeof errorReportAnswerSchema>;
