import * as endpoints from '@visita/domain/contract/endpoints';
import type { GeocodeAnswer } from '@visita/domain/contract/places';
import type { CountryCode } from '@visita/domain/locale';
import { apiRequest, type RequestContext } from './http.ts';
import { reportFailure } from './report-error.ts';

/** GET /v2/places/geocode/: a suggestion's place, by place_id (or by the typed address). */
export async function geocodePlace(
  params: { placeId?: string | null; address?: string | null; country: CountryCode },
  context?: RequestContext,
  signal?: AbortSignal,
): Promise<GeocodeAnswer['results']> {
  const { path } = endpoints.placesGeocode;
  try {
    const answer = await apiRequest(endpoints.placesGeocode, {
      query: {
        place_id: params.placeId,
        address: params.placeId ? null : params.address,
        country: params.country,
      },
      context,
      signal,
    });
    return answer.results;
  } catch (error) {
    reportFailure('geocoding', path, error);
    throw error;
  }
}
