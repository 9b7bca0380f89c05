import { pathFor } from '@visita/domain/contract/endpoint';
import * as endpoints from '@visita/domain/contract/endpoints';
import type { DailyReportQuery } from './daily-report.ts';

/**
 * GET /api/console/reports/daily.csv: the same report as a file, opened by a link (the session's
 * cookie goes with it; a GET needs no CSRF token).
 */
export function dailyReportCsvUrl(query: DailyReportQuery): string {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.client_id) search.set('client_id', query.client_id);
  return `${pathFor(endpoints.consoleDailyReportCsv)}?${search.toString()}`;
}
