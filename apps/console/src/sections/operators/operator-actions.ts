import * as endpoints from '@visita/domain/contract/endpoints';
import { useEndpointMutation } from '../../api/endpoint-query.ts';

/** POST /api/console/operators: a new account and its one-time password. */
export function useCreateOperator() {
  return useEndpointMutation(endpoints.consoleCreateOperator);
}

/** POST …/unlock, POST …/reset-totp, POST …/end-sessions and PATCH (active) on one operator. */
export function useOperatorActions() {
  return {
    unlock: useEndpointMutation(endpoints.consoleUnlockOperator),
    resetTotp: useEndpointMutation(endpoints.consoleResetOperatorTotp),
    endSessions: useEndpointMutation(endpoints.consoleEndOperatorSessions),
    update: useEndpointMutation(endpoints.consoleUpdateOperator),
  };
}
