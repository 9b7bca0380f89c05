import * as endpoints from '@visita/domain/contract/endpoints';
import { keepNumberedSuggestions } from '@visita/domain/addresses';
import type { AutocompleteAnswer } from '@visita/domain/contract/places';
import type { CountryCode } from '@visita/domain/locale';
import { apiRequest, type RequestContext } from './http.ts';
import { reportFailure } from './report-error.ts';

/** GET /v2/places/autocomplete/: suggestions for the typed text, only those with a street number. */
export async function getAddressSuggestions(
  input: string,
  country: CountryCode,
  context?: RequestContext,
  signal?: AbortSignal,
): Promise<AutocompleteAnswer['results']> {
  const { path } = endpoints.placesAutocomplete;
  try {
    const answer = await apiRequest(endpoints.placesAutocomplete, {
      query: { input, country },
      context,
      signal,
    });
    return keepNumberedSuggestions(answer.results);
  } catch (error) {
    reportFailure('geocoding', path, error);
    throw error;
  }
}
