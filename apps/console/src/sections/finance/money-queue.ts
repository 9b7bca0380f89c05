import type { MoneyQueueKind } from '@visita/domain/contract/console-money';
import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../../api/endpoint-query.ts';

/** GET /api/console/money/queue: what waits for a person, oldest first; of one kind when given. */
export function useMoneyQueue(kind: MoneyQueueKind | undefined) {
  return useEndpointQuery(endpoints.consoleMoneyQueue, { query: kind ? { kind } : {} }, { staleTime: 0 });
}
