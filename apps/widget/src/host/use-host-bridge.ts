import { useSession } from '../stores/widget-stores.tsx';
import { postError, postFullscreen, postSuccess, postSuccessful } from './bridge.ts';
import { postClose } from './frame.ts';

const actions = { postSuccess, postSuccessful, postClose, postError, postFullscreen };

/**
 * What steps use to tell the embedding page: postSuccess(appointmentId),
 * postSuccessful(appointmentId, placeId), postClose(errorSlug?), postError(message),
 * postFullscreen(on). Each is a no-op (returns false) when no verified host is listening, so a
 * step calls them unconditionally. `parentDomain` is the host's origin, null when not embedded.
 */
export function useHostBridge() {
  const parentDomain = useSession((state) => state.parentDomain);
  return { ...actions, parentDomain };
}
