import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/payments/:id/settle: the company's part collected from the company. */
export function useSettleCompanyPayment() {
  return useEndpointMutation(endpoints.consoleSettleCompanyPayment);
}
