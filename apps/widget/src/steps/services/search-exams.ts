import * as endpoints from '@visita/domain/contract/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CartItem, toCartItems } from '@visita/domain/cart-item';
import type { SearchAnswer } from '@visita/domain/contract/catalogue';
import type { CountryCode } from '@visita/domain/locale';
import { apiRequest, type RequestContext } from '../../api/http.ts';
import { reportFailure } from '../../api/report-error.ts';

export interface ExamSearchParams {
  query: string;
  commune: string | null;
  country: CountryCode;
  source: string;
  displayedServicesIds: readonly string[];
  /** A category code, or 'all' (the services step's search). */
  category?: string;
}

/** 'all' goes out as a null category (left out of the query), as the search expects. */
function categoryParam(category: string | undefined): string | null {
  return !category || category === 'all' ? null : category;
}

/** GET /v2/search/client/: priced results only, as cart items. */
async function searchExams(
  params: ExamSearchParams,
  context?: RequestContext,
  signal?: AbortSignal,
): Promise<CartItem[]> {
  const { path } = endpoints.searchCatalogue;
  let answer: SearchAnswer;
  try {
    answer = await apiRequest(endpoints.searchCatalogue, {
      query: {
        query: params.query,
        commune: params.commune,
        country: params.country === 'cl' ? 'Chile' : 'México',
        category: categoryParam(params.category ?? 'all'),
        source: params.source,
        show_all: true,
        item_ids: params.displayedServicesIds.length > 0 ? params.displayedServicesIds.join(',') : null,
      },
      context,
      signal,
    });
  } catch (error) {
    reportFailure('exam-search', path, error);
    throw error;
  }
  return toCartItems(answer.data);
}

export function useExamSearch(params: ExamSearchParams, context: RequestContext, enabled: boolean) {
  return useQuery({
    queryKey: ['exam-search', params],
    queryFn: ({ signal }) => searchExams(params, context, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
