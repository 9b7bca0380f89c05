import * as endpoints from '@visita/domain/contract/endpoints';
import type { SectorAnswer } from '@visita/domain/contract/places';
import type { CountryCode } from '@visita/domain/locale';
import { apiRequest, type RequestContext } from './http.ts';
import { reportFailure } from './report-error.ts';

/** GET /v2/sector/sector-from-coordinates/: the coverage sector, or null (also on error). */
export async function getSectorFromCoordinates(
  params: { lng: number; lat: number; country: CountryCode; salesSource: string },
  context?: RequestContext,
  signal?: AbortSignal,
): Promise<SectorAnswer> {
  const { path } = endpoints.sectorFromCoordinates;
  try {
    return await apiRequest(endpoints.sectorFromCoordinates, {
      query: { lng: params.lng, lat: params.lat, country: params.country, sales_source: params.salesSource },
      context,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    reportFailure('sector-lookup', path, error);
    return null;
  }
}
