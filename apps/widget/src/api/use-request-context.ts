import { useMemo } from 'react';
import { useSession } from '../stores/widget-stores.tsx';
import type { RequestContext } from './http.ts';

/** What every call of this session carries: the staff token, the appointment's token, the address. */
export function useRequestContext(): RequestContext {
  const apiToken = useSession((state) => state.apiToken);
  const appointmentToken = useSession((state) => state.appointmentToken);
  const appointmentId = useSession((state) => state.appointmentId);
  const latitude = useSession((state) => state.addressData?.latitude);
  const longitude = useSession((state) => state.addressData?.longitude);
  return useMemo(
    () => ({
      apiToken,
      appointmentToken,
      appointmentId,
      address: typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null,
    }),
    [apiToken, appointmentToken, appointmentId, latitude, longitude],
  );
}
