import { useInfiniteQuery } from '@tanstack/react-query';
import * as endpoints from '@visita/domain/contract/endpoints';
import type { QueryOf } from '@visita/domain/contract/endpoint-types';
import { apiRequest } from '../../api/http.ts';

export type AppointmentSearch = Omit<QueryOf<typeof endpoints.consoleSearchAppointments>, 'cursor' | 'limit'>;

/** GET /api/console/appointments: the search, a keyset page at a time (`fetchNextPage` follows `next_cursor`). */
export function useAppointmentSearch(search: AppointmentSearch) {
  return useInfiniteQuery({
    queryKey: [endpoints.consoleSearchAppointments.path, search],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(endpoints.consoleSearchAppointments, {
        query: { ...search, cursor: pageParam ?? null, limit: 25 },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
