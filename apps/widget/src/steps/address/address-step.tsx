import {
  ADDITIONAL_INFO_EXAMPLE,
  ADDRESS_REQUIRED_MESSAGE,
  ADDRESS_OUT_OF_RANGE_ERROR,
  ADDRESS_SEARCH_PLACEHOLDER,
  ADDRESS_SERVICES_SUBTITLE,
  type Address,
  APARTMENT_NUMBER_EXAMPLE,
  LAB_PARTNER_OUT_OF_COVERAGE_MESSAGE,
  OUT_OF_COVERAGE_MESSAGE,
  OUT_OF_COVERAGE_TITLE,
  RESIDENCE_TYPE_LABELS,
  RESIDENCE_TYPES,
  type ResidenceType,
  validateAddressForm,
} from '@visita/domain/addresses';
import { modeConfigFor } from '@visita/domain/client';
import { resolveInsurance } from '@visita/domain/insurance';
import { createsAppointmentAt } from '@visita/domain/session';
import { useEffect, useRef, useState } from 'react';
import { useRequestContext } from '../../api/use-request-context.ts';
import { ADDRESS_COPY } from './copy.ts';
import { useCopy } from '../../copy/use-copy.ts';
import { useAppointment } from '../../flow/use-appointment.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { postTracking } from '../../host/bridge.ts';
import { postClose } from '../../host/frame.ts';
import { useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { AddressSearch } from '../../components/address-search.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { cartActions } from '../../stores/cart-actions.ts';
import { useEntryFocus } from '../../ui/use-entry-focus.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { useStepCopy } from '../../copy/use-step-copy.ts';

/** Address search, place type, apartment and additional information, folio. */
export function AddressStep() {
  const stores = useWidgetStores();
  const copy = useCopy();
  const { next } = useNavigation();
  const ensureAppointment = useAppointment();
  const context = useRequestContext();
  const countryCode = useSession((state) => state.countryCode);
  const salesSource = useSession((state) => state.salesSource);
  const origin = useSession((state) => state.origin);
  const isLastMile = useSession((state) => state.clientData?.is_last_mile === true);
  const saved = useSession((state) => state.addressData);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [address, setAddress] = useState<Address | null>(saved);
  const [type, setType] = useState<ResidenceType>(saved?.type ?? 'house');
  const [apartmentNumber, setApartmentNumber] = useState(saved?.apartmentNumber ?? '');
  const [additionalInfo, setAdditionalInfo] = useState(saved?.additionalInfo ?? '');
  // The folio the host passed to Visita.open() fills the field until the person types another.
  const hostFolio = useSession((state) => state.folioId);
  const [folio, setFolio] = useState(saved?.lastMileFolio ?? hostFolio ?? '');
  const [outOfCoverage, setOutOfCoverage] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // After a first try (the field left without choosing), a missing address is named.
  const [attempted, setAttempted] = useState(false);

  useEntryFocus(headingRef);
  // The cart maker's address arrives after the step shows.
  useEffect(() => {
    // Syncing from the store once, when the cart maker's address lands: not a render cascade.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saved && !address) setAddress(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  // A partner that reports 'address-out-of-range' to its host and closes.
  const labPartner = usePartnerProfile().rules.out_of_coverage_closes;
  const outOfCoverageText = labPartner ? LAB_PARTNER_OUT_OF_COVERAGE_MESSAGE : OUT_OF_COVERAGE_MESSAGE;
  const errors = validateAddressForm({ address, type, apartmentNumber, additionalInfo });
  const canContinue = Object.keys(errors).length === 0 && !submitting;
  const hasServicesQuery = new URLSearchParams(window.location.search).has('services');
  const text = useStepCopy('address', {
    title: ADDRESS_COPY.title,
    subtitle: hasServicesQuery ? ADDRESS_SERVICES_SUBTITLE : null,
    cta: copy.shell.continue,
  });
  const showFolio = origin === 'laas' && isLastMile;

  const tracking = useSession((state) =>
    state.clientData ? modeConfigFor(state.clientData, state.origin).tracking_events === true : false,
  );
  const onOutOfCoverage = (searched: string) => {
    setAddress(null);
    setOutOfCoverage(true);
    setDialogOpen(true);
    // Partners with tracking events count the addresses they do not reach yet.
    if (tracking) postTracking({ event: 'out-of-coverage', address: searched, salesSource });
    if (labPartner) postClose(ADDRESS_OUT_OF_RANGE_ERROR);
  };

  const onContinue = async () => {
    if (!address || !canContinue) return;
    const chosen: Address = {
      ...address,
      type,
      apartmentNumber: apartmentNumber.trim() || null,
      additionalInfo: additionalInfo.trim() || null,
      lastMileFolio: showFolio ? folio.trim() || null : null,
    };
    const session = stores.session.getState();
    session.update({ addressData: chosen });
    // Fonasa is forced back to particular in the communes without it.
    const actions = cartActions(stores.cart);
    stores.cart.getState().cart.patients.forEach((patient, index) => {
      if (resolveInsurance(patient.insurance, chosen.commune) !== patient.insurance) {
        actions.setInsurance(index, 'particular', chosen.commune);
      }
    });
    // The cart maker's flow creates the appointment here; an existing one gets the new address.
    const needsSave = createsAppointmentAt('address', session) || Boolean(session.appointmentId);
    if (needsSave) {
      setSubmitting(true);
      const ok = await ensureAppointment({ update: true });
      setSubmitting(false);
      if (!ok) return;
    }
    next();
  };

  return (
    <section className="visita-step" aria-labelledby="visita-address-title">
      <h1 id="visita-address-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {text.title}
      </h1>
      {text.subtitle ? <p className="visita-step__subtitle">{text.subtitle}</p> : null}
      <AddressSearch
        countryCode={countryCode}
        salesSource={salesSource}
        value={address}
        onChange={(next) => {
          setAddress(next);
          setOutOfCoverage(false);
          // Typing again starts over: 'Ingresa una dirección' waits for the next time the field is left.
          if (!next) setAttempted(false);
        }}
        onOutOfCoverage={onOutOfCoverage}
        label={ADDRESS_COPY.searchLabel}
        placeholder={ADDRESS_SEARCH_PLACEHOLDER}
        error={outOfCoverage ? outOfCoverageText : attempted && !address ? ADDRESS_REQUIRED_MESSAGE : null}
        onBlur={() => setAttempted(true)}
        context={context}
        searchingText={ADDRESS_COPY.searching}
        noResultsText={ADDRESS_COPY.noSuggestions}
      />
      <fieldset className="visita-choice">
        <legend>{ADDRESS_COPY.typeLabel}</legend>
        {RESIDENCE_TYPES.map((residence) => (
          <label key={residence} className="visita-choice__option">
            <input
              type="radio"
              name="visita-residence-type"
              value={residence}
              checked={type === residence}
              onChange={() => setType(residence)}
            />
            {RESIDENCE_TYPE_LABELS[residence]}
          </label>
        ))}
      </fieldset>
      <Field
        label={ADDRESS_COPY.apartmentLabel}
        placeholder={APARTMENT_NUMBER_EXAMPLE}
        value={apartmentNumber}
        onChange={(event) => setApartmentNumber(event.target.value)}
        error={errors.apartmentNumber ?? null}
        required={type === 'apartment'}
      />
      <Field
        label={ADDRESS_COPY.additionalInfoLabel}
        placeholder={ADDITIONAL_INFO_EXAMPLE}
        value={additionalInfo}
        onChange={(event) => setAdditionalInfo(event.target.value)}
        error={errors.additionalInfo ?? null}
      />
      {showFolio ? (
        <Field
          label={ADDRESS_COPY.lastMileFolioLabel}
          value={folio}
          maxLength={100}
          onChange={(event) => setFolio(event.target.value)}
        />
      ) : null}
      <div className="visita-step__actions">
        <Button onClick={() => void onContinue()} disabled={!canContinue} loading={submitting}>
          {text.cta}
        </Button>
      </div>
      <Dialog
        open={dialogOpen}
        title={OUT_OF_COVERAGE_TITLE}
        icon="error"
        onClose={() => setDialogOpen(false)}
        actions={<Button onClick={() => setDialogOpen(false)}>{ADDRESS_COPY.dialogClose}</Button>}
      >
        <p>{outOfCoverageText}</p>
      </Dialog>
    </section>
  );
}
