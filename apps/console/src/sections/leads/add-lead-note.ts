import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/leads/:id/notes: an internal note. */
export function useAddLeadNote() {
  return useEndpointMutation(endpoints.consoleLeadNote);
}
