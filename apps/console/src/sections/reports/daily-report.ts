import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** The days (YYYY-MM-DD, inclusive) and, optionally, one partner. */
export interface DailyReportQuery {
  from: string;
  to: string;
  client_id?: string;
}

/** GET /api/console/reports/daily: the rows per partner and day, and the totals per currency. */
export function useDailyReport(query: DailyReportQuery | null) {
  return useEndpointQuery(
    endpoints.consoleDailyReport,
    { query: query ?? { from: '', to: '' } },
    { enabled: query !== null, retry: false },
  );
}
