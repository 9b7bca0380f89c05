/**
 * The daily report per partner (GET /console/reports/daily and its CSV twin): for each partner
 * and day, the bookings confirmed, what was paid online, what is to be collected at the address,
 * the discounts, the refunds, what the patients' companies are billed and the cancellations.
 * Each figure counts on the day it happened in the visit's sector's time zone
 * (docs/decisions/console-daily-report.md). Money is in the partner's currency, in whole units;
 * pesos of Chile and of Mexico are never added together: the totals are per currency.
 */
import { z } from 'zod';
import { isoDateSchema } from './common.ts';

/** The longest range of days one report covers. */
export const CONSOLE_REPORT_MAX_DAYS = 31;

export const consoleDailyReportQuerySchema = z.object({
  /** The first and last day (inclusive), YYYY-MM-DD. */
  from: isoDateSchema,
  to: isoDateSchema,
  /** One partner; a `partner` operator may name only its own (or none: its own). */
  client_id: z.string().trim().min(1).max(100).optional(),
});

export const REPORT_CURRENCIES = ['CLP', 'MXN'] as const;

const figures = {
  /** Bookings confirmed that day. */
  bookings: z.number().int(),
  /** Card charges approved online that day (a charge refunded later still counts here). */
  paid_online: z.number().int(),
  /** What the bookings leave to be paid at the address (collected or not yet). */
  to_collect: z.number().int(),
  /** The coupons' discounts of the bookings confirmed that day. */
  discounts: z.number().int(),
  /** Card charges given back that day. */
  refunds: z.number().int(),
  /** What the patients' companies owe for the bookings confirmed that day. */
  company_billed: z.number().int(),
  /** Confirmed bookings cancelled that day. */
  cancelled: z.number().int(),
};

export const consoleDailyReportRowSchema = z.object({
  date: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  currency: z.enum(REPORT_CURRENCIES),
  ...figures,
});
export type ConsoleDailyReportRow = z.infer<typeof consoleDailyReportRowSchema>;

export const consoleDailyReportTotalSchema = z.object({ currency: z.enum(REPORT_CURRENCIES), ...figures });

export const consoleDailyReportAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One row per partner and day with anything to count, by day and then partner. */
  rows: z.array(consoleDailyReportRowSchema),
  /** One per currency present in the rows. */
  totals: z.array(consoleDailyReportTotalSchema),
});

/** The CSV export: the same rows as a text/csv attachment. */
export const consoleDailyReportCsvSchema = z.string();
