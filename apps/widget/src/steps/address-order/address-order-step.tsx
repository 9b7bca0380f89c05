import type { Address } from '@visita/domain/addresses';
import { validateAddressForm } from '@visita/domain/addresses';
import { useState } from 'react';
import { useRequestContext } from '../../api/use-request-context.ts';
import {
  ADDITIONAL_INFO_EXAMPLE,
  ADDRESS_ORDER_LABELS,
  ADDRESS_ORDER_TITLE,
  ADDRESS_SEARCH_PLACEHOLDER,
  APARTMENT_NUMBER_EXAMPLE,
  CONTINUE_BUTTON,
  NO_ADDRESS_SELECTED_MESSAGE,
  OUT_OF_COVERAGE_MESSAGE,
} from './copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { AddressSearch } from '../../components/address-search.tsx';
import { FormError, StepHeading, TextField } from '../../ui/form.tsx';

/** The medical order's address: the shared address search, apartment and details. */
export function AddressOrderStep() {
  const { next } = useNavigation();
  const context = useRequestContext();
  const countryCode = useSession((state) => state.countryCode);
  const salesSource = useSession((state) => state.salesSource);
  const saved = useSession((state) => state.addressData);
  const update = useSession((state) => state.update);
  const [address, setAddress] = useState<Address | null>(saved);
  const [apartmentNumber, setApartmentNumber] = useState(saved?.apartmentNumber ?? '');
  const [additionalInfo, setAdditionalInfo] = useState(saved?.additionalInfo ?? '');
  const [outOfCoverage, setOutOfCoverage] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const input = {
    address,
    type: apartmentNumber.trim() ? ('apartment' as const) : ('house' as const),
    apartmentNumber,
    additionalInfo,
  };
  const errors = attempted ? validateAddressForm(input) : {};

  return (
    <section className="visita-step" aria-labelledby="visita-address-order-title">
      <StepHeading id="visita-address-order-title">{ADDRESS_ORDER_TITLE}</StepHeading>
      <form
        className="visita-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          if (!address || Object.keys(validateAddressForm(input)).length > 0) return;
          update({
            addressData: {
              ...address,
              type: input.type,
              apartmentNumber: apartmentNumber.trim() || null,
              additionalInfo: additionalInfo.trim() || null,
            },
          });
          next();
        }}
      >
        <AddressSearch
          countryCode={countryCode}
          salesSource={salesSource}
          value={address}
          onChange={(value) => {
            setAddress(value);
            setOutOfCoverage(false);
          }}
          onOutOfCoverage={() => setOutOfCoverage(true)}
          label={ADDRESS_ORDER_LABELS.search}
          placeholder={ADDRESS_SEARCH_PLACEHOLDER}
          error={
            outOfCoverage
              ? OUT_OF_COVERAGE_MESSAGE
              : attempted && !address
                ? NO_ADDRESS_SELECTED_MESSAGE
                : null
          }
          context={context}
          searchingText={ADDRESS_ORDER_LABELS.searching}
          noResultsText={ADDRESS_ORDER_LABELS.noResults}
        />
        <TextField
          label={ADDRESS_ORDER_LABELS.apartment}
          placeholder={APARTMENT_NUMBER_EXAMPLE}
          maxLength={100}
          value={apartmentNumber}
          onValue={setApartmentNumber}
          error={errors.apartmentNumber}
        />
        <TextField
          label={ADDRESS_ORDER_LABELS.additionalInfo}
          placeholder={ADDITIONAL_INFO_EXAMPLE}
          maxLength={500}
          value={additionalInfo}
          onValue={setAdditionalInfo}
          error={errors.additionalInfo}
        />
        <FormError message={null} />
        <div className="visita-step__actions">
          <button type="submit" className="visita-button">
            {CONTINUE_BUTTON}
          </button>
        </div>
      </form>
    </section>
  );
}
