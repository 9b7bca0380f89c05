import { partnerProfileOf } from '../flow/use-partner-profile.ts';
import type { SessionState } from '../stores/session-store.ts';
import type { WidgetStores } from '../stores/widget-stores.tsx';
import { postClose } from './frame.ts';

/**
 * Staff book patient after patient in one console: closing their session keeps the frame and
 * starts over for the next patient, where a patient's close hands the frame back to the host. A
 * partner's profile may ask for the same (a front desk that books for one person after another).
 */
export function keepsFrameOnClose(session: Pick<SessionState, 'origin' | 'clientData'>): boolean {
  return session.origin === 'laas' || partnerProfileOf(session.clientData).rules.close_restarts;
}

/** Closing: staff start over in the same frame; anyone else's frame is closed by the host. */
export function closeSession(stores: WidgetStores): void {
  // The cart's operations load with the steps, not with the shell's close button.
  if (keepsFrameOnClose(stores.session.getState()))
    void import('./start-over.ts').then(({ startOver }) => startOver(stores));
  else postClose();
}
