import { CLOSE_BUTTON, ORDER_RECEIVED_HOURS, ORDER_RECEIVED_TEXT, ORDER_RECEIVED_TITLE } from './copy.ts';
import { keepsFrameOnClose } from '../../host/close-session.ts';
import { startOver } from '../../host/start-over.ts';
import { postClose } from '../../host/frame.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { StepHeading } from '../../ui/form.tsx';
import { cartActions } from '../../stores/cart-actions.ts';

/** The order was received: the team calls back with the quotation; 'Cerrar' closes. */
export function OrderReceivedStep() {
  const stores = useWidgetStores();
  const countryCode = useSession((state) => state.countryCode);
  const { goToFirst } = useNavigation();

  const close = () => {
    // Closing resets the address, patient and cart and returns to the first step; staff keep the
    // frame for the next patient.
    if (keepsFrameOnClose(stores.session.getState())) {
      startOver(stores);
      return;
    }
    cartActions(stores.cart).clear();
    stores.session.getState().update({ addressData: null, contactData: null, fileArray: [] });
    postClose();
    goToFirst();
  };

  return (
    <section
      className="visita-step"
      aria-labelledby="visita-order-received-title"
      style={{ textAlign: 'center' }}
    >
      <svg className="visita-success-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M7 12.5l3.2 3.2L17 9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </svg>
      <StepHeading id="visita-order-received-title">{ORDER_RECEIVED_TITLE[countryCode]}</StepHeading>
      <p className="visita-step__subtitle">{ORDER_RECEIVED_TEXT}</p>
      <p className="visita-step__subtitle">{ORDER_RECEIVED_HOURS}</p>
      <div className="visita-step__actions">
        <button type="button" className="visita-button" onClick={close}>
          {CLOSE_BUTTON}
        </button>
      </div>
    </section>
  );
}
