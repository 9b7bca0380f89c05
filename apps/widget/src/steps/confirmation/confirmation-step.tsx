import { addressLine } from '@visita/domain/addresses';
import { itemDisplayName } from '@visita/domain/cart-item';
import { hasFonasa, patientsWithoutFonasaTier } from '@visita/domain/cart';
import {
  FONASA_TIER_REQUIRED,
  type FonasaTier,
  INSURANCE_TOGGLE_LABELS,
  INSURANCES,
  type Insurance,
  isFonasaAvailableIn,
} from '@visita/domain/insurance';
import { UNEXPECTED_PAYMENT_ERROR_MESSAGE } from '@visita/domain/cards';
import { APPOINTMENT_ERROR_MESSAGE, APPOINTMENT_ID_NOT_FOUND_MESSAGE } from '@visita/domain/messages';
import { fastingText } from '@visita/domain/results';
import { createsAppointmentAt } from '@visita/domain/session';
import { useRef, useState } from 'react';
import { serverMessageOr } from '../../api/http.ts';
import { saveAppointmentInsurance } from '../../api/patients.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import { CONFIRMATION_COPY } from './copy.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { useCopy } from '../../copy/use-copy.ts';
import { confirmManually, toastStockout } from '../../flow/confirm-manually.ts';
import { missingPatientsStep, PATIENTS_MISSING_MESSAGE } from './patients-gate.ts';
import { useAppointment } from '../../flow/use-appointment.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { usePriceAnswer, usePriceQuote } from '../../flow/use-price-quote.ts';
import { confirmsWithoutPayment } from '@visita/domain/client';
import { useCart, useFlow, useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { Button } from '../../ui/button.tsx';
import { PriceTable } from '../../ui/price-table.tsx';
import { cartActions } from '../../stores/cart-actions.ts';
import { SplitSummary } from './split-summary.tsx';
import { FonasaTierField } from '../../ui/fonasa-tier-field.tsx';
import { postClose } from '../../host/frame.ts';
import { postPurchase, postSuccess, postSuccessful } from '../../host/bridge.ts';
import { purchaseOf, settledTotal } from './purchase.ts';
import { useStoredAppointment } from '../../components/booking-summary.tsx';
import { BOOKING_WHEN, BOOKING_WHO, visitWindowText } from '../../copy/booking-summary.ts';
import { useEntryFocus } from '../../ui/use-entry-focus.ts';
import { useStepCopy } from '../../copy/use-step-copy.ts';

/**
 * The address with 'Editar', the services with their fasting text, the details box, the
 * Particular/Fonasa toggle in Chile and the source's warning note. The appointment is created
 * here only if no earlier step did. Leaving forward records the purchase.
 */
export function ConfirmationStep() {
  const stores = useWidgetStores();
  const copy = useCopy();
  const { next, goTo } = useNavigation();
  const ensureAppointment = useAppointment();
  const context = useRequestContext();
  const cart = useCart((state) => state.cart);
  const address = useSession((state) => state.addressData);
  const countryCode = useSession((state) => state.countryCode);
  // Confirmed without a card (the partner collects): nothing of the total is charged online.
  const paidAtAddress = useSession((state) =>
    state.clientData ? confirmsWithoutPayment(state.clientData, state.origin) : false,
  );
  const profile = usePartnerProfile();
  const text = useStepCopy('confirmation', { title: CONFIRMATION_COPY.title, cta: copy.shell.continue });
  const stepList = useFlow((state) => state.stepList);
  const appointmentId = useSession((state) => state.appointmentId);
  const patientsSavedFor = useSession((state) => state.patientsSavedFor);
  const patientsStep = missingPatientsStep(stepList, appointmentId, patientsSavedFor);
  const { price, loading } = usePriceAnswer();
  const [submitting, setSubmitting] = useState(false);
  const [insuranceChanged, setInsuranceChanged] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePriceQuote();
  useEntryFocus(headingRef);
  // When the nurse comes and for whom, as the API stored them (the sector's local time).
  const stored = useStoredAppointment(
    useSession((state) => state.appointmentId),
    context,
  );

  // The toggle shows what the person said (a tier-A Fonasa patient is still 'Fonasa'), the
  // price table what each is priced at.
  const insurance: Insurance = cart.patients.some(hasFonasa) ? 'fonasa' : 'particular';
  const tier = cart.patients.find((patient) => patient.fonasaTier)?.fonasaTier ?? null;
  const [tierAsked, setTierAsked] = useState(false);
  const fonasaAvailable = isFonasaAvailableIn(address?.commune);
  const useDisplayName = profile.rules.confirmation_display_names;
  const warning = profile.copy.confirmation_warning;

  const setInsurance = (value: Insurance) => {
    const actions = cartActions(stores.cart);
    stores.cart
      .getState()
      .cart.patients.forEach((_, index) => actions.setInsurance(index, value, address?.commune));
    setInsuranceChanged(true);
  };

  const setTier = (value: FonasaTier) => {
    const actions = cartActions(stores.cart);
    stores.cart.getState().cart.patients.forEach((patient, index) => {
      if (hasFonasa(patient)) actions.setFonasaTier(index, value, address?.commune);
    });
    setInsuranceChanged(true);
  };

  const onContinue = async () => {
    if (patientsWithoutFonasaTier(stores.cart.getState().cart).length > 0) {
      setTierAsked(true);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('[data-field="fonasa-tier"] select')?.focus(),
      );
      return;
    }
    if (patientsStep) {
      goTo(patientsStep);
      return;
    }
    if (createsAppointmentAt('confirmation', stores.session.getState())) {
      setSubmitting(true);
      const ok = await ensureAppointment();
      setSubmitting(false);
      if (!ok) return;
    }
    const appointmentId = stores.session.getState().appointmentId;
    if (!appointmentId) {
      stores.toast.getState().show('error', APPOINTMENT_ID_NOT_FOUND_MESSAGE);
      return;
    }
    if (insuranceChanged) {
      setSubmitting(true);
      try {
        const priced = stores.cart.getState().cart.patients;
        await saveAppointmentInsurance(
          appointmentId,
          priced.some((patient) => patient.insurance === 'fonasa'),
          context,
          insurance === 'fonasa' ? tier : null,
        );
      } catch (error) {
        setSubmitting(false);
        stores.toast.getState().show('error', serverMessageOr(error, APPOINTMENT_ERROR_MESSAGE));
        return;
      }
      setSubmitting(false);
    }
    // Staff confirm manually: their flow has no payment step to do it; nor has a
    // partner whose profile skips payment (it collects itself, and closes the widget after).
    const session = stores.session.getState();
    const skipsPayment = profile.rules.skips_payment_and_closes;
    if ((session.origin === 'laas' && !stores.flow.getState().stepList.includes('payment')) || skipsPayment) {
      setSubmitting(true);
      try {
        await confirmManually(session.appointmentId ?? '', stores, context);
      } catch (failure) {
        if (!toastStockout(failure, stores))
          stores.toast.getState().show('error', serverMessageOr(failure, UNEXPECTED_PAYMENT_ERROR_MESSAGE));
        return;
      } finally {
        setSubmitting(false);
      }
    }
    // The purchase, for the partner's analytics (ids and amounts only), with the quote's total.
    setSubmitting(true);
    const total = await settledTotal(stores.price);
    setSubmitting(false);
    postPurchase(
      purchaseOf(appointmentId, stores.cart.getState().cart, total, stores.session.getState().countryCode),
    );
    // The cart and address stay until the booking succeeded (the success screen clears them on
    // leaving): 'Volver' from payment must find them, and the host's 'successful' needs the place id.
    // The partner's page takes over once the visit is confirmed: the host hears
    // 'successful' and the closing event; outside a frame the success screen shows as usual.
    if (skipsPayment) {
      const confirmed = stores.session.getState();
      if (confirmed.appointmentId) {
        postSuccess(confirmed.appointmentId);
        postSuccessful(confirmed.appointmentId, confirmed.addressData?.placeId ?? null);
      }
      if (postClose()) return;
    }
    next();
  };

  return (
    <section className="visita-step" aria-labelledby="visita-confirmation-title">
      <h1 id="visita-confirmation-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {text.title}
      </h1>
      {text.subtitle ? <p className="visita-step__subtitle">{text.subtitle}</p> : null}
      <div className="visita-box">
        <h2>{CONFIRMATION_COPY.address}</h2>
        {address ? (
          <p>
            {addressLine(address)}, {address.commune}
            {address.apartmentNumber ? `, ${CONFIRMATION_COPY.apartment} ${address.apartmentNumber}` : ''}
          </p>
        ) : null}
        <Button
          variant="link"
          onClick={() => {
            stores.session.getState().update({ skipAddressStep: false });
            goTo('address');
          }}
        >
          {CONFIRMATION_COPY.edit}
          <span className="visita-visually-hidden"> {CONFIRMATION_COPY.address}</span>
        </Button>
      </div>
      {stored?.local_begin_date ? (
        <div className="visita-box">
          <h2>{BOOKING_WHEN}</h2>
          <p data-testid="confirmation-when">
            {visitWindowText(stored.local_begin_date, stored.local_work_period_max_lateness)}
          </p>
        </div>
      ) : null}
      {stored && stored.patients.length > 0 ? (
        <div className="visita-box">
          <h2>{BOOKING_WHO}</h2>
          <ul data-testid="confirmation-patients">
            {stored.patients.map((patient, index) => (
              <li key={index}>
                {[patient.first_name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="visita-box">
        <h2>{CONFIRMATION_COPY.services}</h2>
        <ul className="visita-services-list">
          {cart.patients.flatMap((patient, index) =>
            patient.items.map((item) => {
              const fasting = fastingText(item.fast_hours);
              return (
                <li key={`${index}-${String(item.id)}`} className="visita-service">
                  <span>{itemDisplayName(item, useDisplayName)}</span>
                  {fasting ? <p className="visita-service__info">{fasting}</p> : null}
                </li>
              );
            }),
          )}
        </ul>
      </div>
      {countryCode === 'cl' ? (
        <fieldset className="visita-choice">
          <legend>{CONFIRMATION_COPY.insuranceLegend}</legend>
          {INSURANCES.map((value) => (
            <label key={value} className="visita-choice__option">
              <input
                type="radio"
                name="visita-confirmation-insurance"
                value={value}
                checked={insurance === value}
                disabled={value === 'fonasa' && !fonasaAvailable}
                onChange={() => setInsurance(value)}
              />
              {INSURANCE_TOGGLE_LABELS[value]}
            </label>
          ))}
        </fieldset>
      ) : null}
      {countryCode === 'cl' && insurance === 'fonasa' ? (
        <FonasaTierField
          value={tier}
          onChange={setTier}
          error={tierAsked && patientsWithoutFonasaTier(cart).length > 0 ? FONASA_TIER_REQUIRED : null}
        />
      ) : null}
      <div className="visita-box">
        <h2>{CONFIRMATION_COPY.details}</h2>
        <PriceTable
          price={price}
          countryCode={countryCode}
          insurances={cart.patients.map((patient) => patient.insurance)}
          loading={loading}
          examPriceAtHome={profile.rules.exam_price_at_home}
          paidAtAddress={paidAtAddress}
        />
        <SplitSummary context={context} />
      </div>
      {warning ? <p className="visita-note">{warning}</p> : null}
      {patientsStep ? (
        <p className="visita-field__error" role="alert">
          {PATIENTS_MISSING_MESSAGE}
        </p>
      ) : null}
      <div className="visita-step__actions">
        <Button onClick={() => void onContinue()} loading={submitting}>
          {text.cta}
        </Button>
      </div>
    </section>
  );
}
