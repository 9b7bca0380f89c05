import { FONASA_TIER_REQUIRED } from '@visita/domain/insurance';
import {
  canAddPatient,
  PATIENTS_WITHOUT_SERVICES_MESSAGE,
  patientsWithoutFonasaTier,
  patientsWithoutServices,
} from '@visita/domain/cart';
import { TOAST_DURATION_MS } from '@visita/domain/constants';
import { createsAppointmentAt } from '@visita/domain/session';
import { useEffect, useRef, useState } from 'react';
import { cartRefusalMessage } from './cart-refusals.ts';
import { SERVICES_COPY } from './copy.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { useCopy } from '../../copy/use-copy.ts';
import { useAppointment } from '../../flow/use-appointment.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { usePriceAnswer, usePriceQuote } from '../../flow/use-price-quote.ts';
import { confirmsWithoutPayment } from '@visita/domain/client';
import { useCart, useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { Button } from '../../ui/button.tsx';
import { PriceTable } from '../../ui/price-table.tsx';
import { CouponBox } from './coupon-box.tsx';
import { PatientPanel } from './patient-panel.tsx';
import { cartActions } from '../../stores/cart-actions.ts';
import { useEntryFocus } from '../../ui/use-entry-focus.ts';
import { useStepCopy } from '../../copy/use-step-copy.ts';

/** A panel per patient, each with its services, 'Agregar paciente', the coupon box and the price table. */
export function ServicesStep() {
  const stores = useWidgetStores();
  const copy = useCopy();
  const { next } = useNavigation();
  const ensureAppointment = useAppointment();
  const cart = useCart((state) => state.cart);
  const countryCode = useSession((state) => state.countryCode);
  // Confirmed without a card (the partner collects): nothing of the total is charged online.
  const paidAtAddress = useSession((state) =>
    state.clientData ? confirmsWithoutPayment(state.clientData, state.origin) : false,
  );
  const profile = usePartnerProfile();
  const text = useStepCopy('services', { title: SERVICES_COPY.title, cta: copy.shell.continue });
  const commune = useSession((state) => state.addressData?.commune ?? null);
  const maxPatients = useSession((state) => state.clientData?.max_patients_per_appointment ?? null);
  const [openPanels, setOpenPanels] = useState<boolean[]>(() => cart.patients.map(() => true));
  const [submitting, setSubmitting] = useState(false);
  const [tierAsked, setTierAsked] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { price, loading } = usePriceAnswer();
  usePriceQuote();

  useEntryFocus(headingRef);
  // A cart always has a patient to add services to.
  useEffect(() => {
    if (cart.patients.length === 0) cartActions(stores.cart).addPatient();
  }, [cart.patients.length, stores]);

  const isOpen = (index: number) => openPanels[index] ?? true;
  const disclaimer = profile.copy.price_disclaimer;
  const firstOpen = cart.patients.findIndex((_, index) => isOpen(index));

  const onContinue = async () => {
    if (patientsWithoutServices(stores.cart.getState().cart).length > 0) {
      stores.toast.getState().show('error', PATIENTS_WITHOUT_SERVICES_MESSAGE, TOAST_DURATION_MS);
      return;
    }
    // A Fonasa patient's price depends on the tier: it is asked before going on.
    const [untiered] = patientsWithoutFonasaTier(stores.cart.getState().cart);
    if (untiered !== undefined) {
      setTierAsked(true);
      setOpenPanels((panels) => panels.map((open, i) => (i === untiered ? true : open)));
      requestAnimationFrame(() =>
        document.querySelectorAll<HTMLElement>('[data-field="fonasa-tier"] select')[0]?.focus(),
      );
      return;
    }
    // The date step schedules a block on the appointment: it must exist before moving on.
    const session = stores.session.getState();
    if (!createsAppointmentAt('services', session)) {
      next();
      return;
    }
    setSubmitting(true);
    const ok = await ensureAppointment();
    setSubmitting(false);
    if (ok) next();
  };

  return (
    <section className="visita-step" aria-labelledby="visita-services-title">
      <h1 id="visita-services-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {text.title}
      </h1>
      {text.subtitle ? <p className="visita-step__subtitle">{text.subtitle}</p> : null}
      {cart.patients.map((patient, index) => (
        <PatientPanel
          // Patients have no id of their own before the patient step.
          key={index}
          index={index}
          patient={patient}
          countryCode={countryCode}
          commune={commune}
          open={isOpen(index)}
          onToggle={(open) =>
            setOpenPanels((panels) => {
              const copy = cart.patients.map((_, i) => panels[i] ?? true);
              copy[index] = open;
              return copy;
            })
          }
          onDelete={
            cart.patients.length > 1
              ? () => {
                  cartActions(stores.cart).removePatient(index);
                  setOpenPanels((panels) => panels.filter((_, i) => i !== index));
                }
              : null
          }
          onAdd={(item) => {
            const change = cartActions(stores.cart).addItem(item, { patientIndex: index });
            if (!change.ok)
              stores.toast
                .getState()
                .show('error', cartRefusalMessage(change.reason, item, Object.values(change.cart.items)));
          }}
          onRemove={(item) => cartActions(stores.cart).removeItem(item.id, index)}
          onInsurance={(fonasa) =>
            cartActions(stores.cart).setInsurance(index, fonasa ? 'fonasa' : 'particular', commune)
          }
          onFonasaTier={(tier) => cartActions(stores.cart).setFonasaTier(index, tier, commune)}
          tierError={tierAsked && !patient.fonasaTier ? FONASA_TIER_REQUIRED : null}
          footer={
            <>
              {canAddPatient(cart, maxPatients) ? (
                <Button
                  variant="link"
                  onClick={() => {
                    cartActions(stores.cart).addPatient();
                    setOpenPanels((panels) => [...cart.patients.map((_, i) => panels[i] ?? true), true]);
                  }}
                >
                  {SERVICES_COPY.addPatient}
                </Button>
              ) : null}
              {profile.copy.company_events ? (
                <p className="visita-note">{profile.copy.company_events}</p>
              ) : null}
              {/* The coupon and the quote are the booking's: the first panel's box applies codes by
                  itself and the first open panel's table announces a new total, so nothing is said twice. */}
              <CouponBox leader={index === 0} />
              <PriceTable
                price={price}
                countryCode={countryCode}
                insurances={cart.patients.map((p) => p.insurance)}
                loading={loading}
                examPriceAtHome={profile.rules.exam_price_at_home}
                paidAtAddress={paidAtAddress}
                announce={index === firstOpen}
              />
              {disclaimer ? <p className="visita-note">{disclaimer}</p> : null}
            </>
          }
        />
      ))}
      <div className="visita-step__actions">
        <Button onClick={() => void onContinue()} loading={submitting}>
          {text.cta}
        </Button>
      </div>
    </section>
  );
}
