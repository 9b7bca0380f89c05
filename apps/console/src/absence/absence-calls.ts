import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../api/endpoint-query.ts';

/** POST /api/console/nurses/:id/sick-days/proposal: what an absence would do (nothing changes). */
export function useSickDaysProposal() {
  return useEndpointMutation(endpoints.consoleSickDaysProposal, { invalidate: false });
}

/** POST /api/console/nurses/:id/sick-days: the absence written and her visits moved. */
export function useApplySickDays() {
  return useEndpointMutation(endpoints.consoleApplySickDays);
}
