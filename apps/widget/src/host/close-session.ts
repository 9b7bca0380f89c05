import type { SessionState } from '../stores/session-store.ts';
import type { WidgetStores } from '../stores/widget-stores.tsx';
import { postClose } from './frame.ts';

/**
 * Staff book patient after patient in one console: closing their session keeps the frame and
 * starts over for the next patient, where a patient's close hands the frame back to the host.
 */
export function keepsFrameOnClose(session: Pick<SessionState, 'origin'>): boolean {
  return session.origin === 'laas';
}

/** Closing: staff start over in the same frame; anyone else's frame is closed by the host. */
export function closeSession(stores: WidgetStores): void {
  // The cart's operations load with the steps, not with the shell's close button.
  if (keepsFrameOnClose(stores.session.getState()))
    void import('./start-over.ts').then(({ startOver }) => startOver(stores));
  else postClose();
}
