import type { CountryCode } from '@visita/domain/locale';
import { pathFor } from '@visita/domain/contract/endpoint';
import * as endpoints from '@visita/domain/contract/endpoints';

/**
 * GET /api/console/prices.csv: the prices that differ as a file, opened by a link (the session's
 * cookie goes with it; a GET needs no CSRF token).
 */
export function pricesCsvUrl(query: { country: CountryCode; sales_source?: string | undefined }): string {
  const search = new URLSearchParams({ country: query.country });
  if (query.sales_source) search.set('sales_source', query.sales_source);
  return `${pathFor(endpoints.consolePricesCsv)}?${search.toString()}`;
}
