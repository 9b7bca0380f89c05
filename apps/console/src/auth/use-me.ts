import { type ConsolePermission, can } from '@visita/domain/console-permissions';
import { consoleMe } from '@visita/domain/contract/endpoints';
import { useEndpointQuery } from '../api/endpoint-query.ts';

/** GET /api/console/me: the signed-in operator (an HttpError 401 when nobody is). */
export function useMe() {
  return useEndpointQuery(consoleMe, {}, { staleTime: 60_000, retry: false });
}

/** Whether the signed-in operator's role holds a permission (false while unknown). */
export function usePermission(permission: ConsolePermission): boolean {
  const me = useMe();
  return me.data ? can(me.data.role, permission) : false;
}
