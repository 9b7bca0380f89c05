import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/appointments/:id/payments: a payment collected at the address (the appointment's own action). */
export function useRecordPayment() {
  return useEndpointMutation(endpoints.consoleRecordPayment);
}
