import { resultsDeliveryText } from '@visita/domain/partner-copy';
import { useEffect, useRef } from 'react';
import { EXIT_BUTTON_DEFAULT, emailSentText, SUCCESS_SUBTITLE, SUCCESS_TITLE } from './copy.ts';
import { keepsFrameOnClose } from '../../host/close-session.ts';
import { startOver } from '../../host/start-over.ts';
import { postClose } from '../../host/frame.ts';
import { postSuccess, postSuccessful } from '../../host/bridge.ts';
import { useCart, useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { StepHeading } from '../../ui/form.tsx';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { cartActions } from '../../stores/cart-actions.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import { BookingSummary, useStoredAppointment } from '../../components/booking-summary.tsx';
import { useStepCopy } from '../../copy/use-step-copy.ts';

/**
 * The success screen: icon, title, what was booked (read back from the API) with its reference,
 * 'Salir'; the host hears success, then successful and close. The cart and address are kept
 * until the person leaves here, so 'successful' carries the chosen address's place id.
 */
export function SuccessStep() {
  const stores = useWidgetStores();
  const appointmentId = useSession((state) => state.appointmentId);
  const context = useRequestContext();
  const summary = useStoredAppointment(appointmentId, context);
  const text = useStepCopy('success', { title: SUCCESS_TITLE, subtitle: SUCCESS_SUBTITLE });
  const { goToFirst } = useNavigation();
  const sent = useRef(false);
  const profile = usePartnerProfile();
  const resultsTemplate = profile.copy.results_delivery;
  const patients = useCart((state) => state.cart.patients);
  const contactEmail = useSession((state) => state.contactData?.email ?? null);
  // The addresses the confirmation wrote e-mails to: the contact's and each patient's.
  const emailed = profile.booking_emails
    ? [
        ...new Set(
          [contactEmail, ...patients.map((patient) => patient.patient?.email)]
            .map((email) => email?.trim().toLowerCase())
            .filter((email): email is string => Boolean(email)),
        ),
      ]
    : [];
  const items = useCart((state) => state.cart.items);
  const visitDate = useSession((state) => state.selectedBlock?.begin_date.slice(0, 10) ?? null);
  const resultsText = resultsDeliveryText(resultsTemplate, Object.values(items), visitDate);

  useEffect(() => {
    if (sent.current || !appointmentId) return;
    sent.current = true;
    postSuccess(appointmentId);
  }, [appointmentId]);

  const exit = () => {
    const session = stores.session.getState();
    if (session.appointmentId) postSuccessful(session.appointmentId, session.addressData?.placeId ?? null);
    // On leaving: the cart, its items and the address are cleared; staff stay in the
    // frame, at the first step, for the next patient.
    if (keepsFrameOnClose(session)) {
      startOver(stores);
      return;
    }
    cartActions(stores.cart).clear();
    stores.price.getState().reset();
    session.update({
      addressData: null,
      selectedBlock: null,
      holdExpiresAt: null,
      accessToken: null,
    });
    session.setAppointment(null);
    postClose();
    goToFirst();
  };

  return (
    <section className="visita-step" aria-labelledby="visita-success-title" style={{ textAlign: 'center' }}>
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
      <StepHeading id="visita-success-title">{text.title}</StepHeading>
      {text.subtitle ? <p className="visita-step__subtitle">{text.subtitle}</p> : null}
      {emailed.length > 0 ? <p className="visita-step__subtitle">{emailSentText(emailed)}</p> : null}
      {resultsText ? <p className="visita-step__subtitle">{resultsText}</p> : null}
      {appointmentId ? <BookingSummary appointmentId={appointmentId} summary={summary} /> : null}
      <div className="visita-step__actions">
        <button type="button" className="visita-button" onClick={exit}>
          {EXIT_BUTTON_DEFAULT}
        </button>
      </div>
    </section>
  );
}
