import type { WidgetStores } from '../stores/widget-stores.tsx';
import { cartActions } from '../stores/cart-actions.ts';

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
    appointmentLink: false,
    patientsSavedFor: null,
  });
  stores.flow.getState().restart();
}
