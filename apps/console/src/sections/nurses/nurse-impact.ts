import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/nurses/:id/impact: the booked visits a change would uncover (nothing saved). */
export function useNurseImpact() {
  return useEndpointMutation(endpoints.consoleNurseImpact);
}
