import type { SessionState } from '../stores/session-store.ts';
import type { WidgetStores } from '../stores/widget-stores.tsx';
import { cartActions } from '../stores/cart-actions.ts';
import { postClose } from './frame.ts';

/**
 * Staff book patient after patient in one console: closing their session keeps the frame and
 * starts over for the next patient, where a patient's close hands the frame back to the host.
 */
export function keepsFrameOnClose(session: Pick<SessionState, 'origin'>): boolean {
  return session.origin === 'laas';
}

/** Forgets the address, the patients, the cart and the booking, and shows the first step. */
export function startOver(stores: WidgetStores): void {
  cartActions(stores.cart).clear();
  stores.price.getState().reset();
  const session = stores.session.getState();
  session.setAppointment(null);
  session.update({
    addressData: null,
    selectedBlock: null,
    holdExpiresAt: null,
    accessToken: null,
    contactData: null,
    selectedClientOrigin: null,
    fileArray: [],
    insuranceSelected: 'particular',
    cartMakerAppointment: null,
    skipAddressStep: false,
    patientsSavedFor: null,
  });
  stores.flow.getState().restart();
}

/** Closing: staff start over in the same frame; anyone else's frame is closed by the host. */
export function closeSession(stores: WidgetStores): void {
  if (keepsFrameOnClose(stores.session.getState())) startOver(stores);
  else postClose();
}
