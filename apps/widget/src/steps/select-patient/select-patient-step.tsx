import type { ClientPatient } from '@visita/domain/contract/patients';
import { selectPatientLabel } from '@visita/domain/patient-form';
import { normalizeName } from '@visita/domain/validators/name';
import { formatRut } from '@visita/domain/validators/rut';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as endpoints from '@visita/domain/contract/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoint-query.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import {
  CLEAR_PATIENT_LABEL,
  CLIENT_ID_NOT_FOUND_MESSAGE,
  CONTINUE_BUTTON,
  CREATE_PATIENT_LINK,
  NO_DATA_MESSAGE,
  PATIENT_LABEL,
  SEARCH_DEBOUNCE_MS,
  SEARCH_FAILED_MESSAGE,
  SELECT_PATIENT_PLACEHOLDER,
  SELECT_PATIENT_TITLE,
  SELECTED_PATIENT_NOT_FOUND_MESSAGE,
} from './copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useCart, useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { type ComboboxOption, Combobox } from '../../ui/combobox.tsx';
import { FormError, StepHeading } from '../../ui/form.tsx';
import { cartActions } from '../../stores/cart-actions.ts';
import { useWording } from '../../copy/use-wording.ts';

function fullName(entry: ClientPatient): string {
  const p = entry.patient;
  return [p.first_name, p.second_name, p.last_name, p.second_last_name]
    .filter(Boolean)
    .map((part) => normalizeName(String(part)))
    .join(' ');
}

function optionOf(entry: ClientPatient): ComboboxOption {
  return { value: String(entry.id), label: `${fullName(entry)} · ${entry.patient.document_number}` };
}

/** 'Seleccionar paciente' (staff): one searchable list per patient, or 'Crear nuevo paciente'. */
export function SelectPatientStep() {
  const wording = useWording();
  const stores = useWidgetStores();
  const context = useRequestContext();
  const { next } = useNavigation();
  const clientId = useSession((state) => state.configClientId);
  const patients = useCart((state) => state.cart.patients);
  const count = Math.max(patients.length, 1);
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<(ComboboxOption | null)[]>(() =>
    Array.from({ length: count }, () => null),
  );
  const [error, setError] = useState<string | null>(clientId ? null : CLIENT_ID_NOT_FOUND_MESSAGE);
  const known = useRef(new Map<string, ClientPatient>());

  // The client's patients matching what the staff typed; the previous list stays while the next loads.
  const found = useQuery({
    ...endpointQuery(endpoints.clientPatients, {
      params: { clientId: clientId ?? '' },
      query: { search: term },
      context,
    }),
    enabled: clientId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const results = useMemo(() => found.data?.results ?? [], [found.data]);
  useEffect(() => {
    for (const entry of results) known.current.set(String(entry.id), entry);
  }, [results]);
  const search = useCallback((text: string) => setTerm(text.trim()), []);

  const options = results.map(optionOf);

  const submit = () => {
    if (!clientId) {
      setError(CLIENT_ID_NOT_FOUND_MESSAGE);
      return;
    }
    for (const [index, option] of chosen.entries()) {
      if (!option) continue;
      const entry = known.current.get(option.value);
      if (!entry) {
        setError(SELECTED_PATIENT_NOT_FOUND_MESSAGE);
        return;
      }
      const p = entry.patient;
      cartActions(stores.cart).setPatientInfo(index, {
        id: entry.id,
        first_name: normalizeName(p.first_name),
        second_name: p.second_name ? normalizeName(p.second_name) : null,
        last_name: normalizeName(p.last_name),
        second_last_name: p.second_last_name ? normalizeName(p.second_last_name) : null,
        date_of_birth: p.date_of_birth,
        gender: p.gender,
        document_type: p.document_type,
        document_number: p.document_type === 'ci' ? formatRut(p.document_number) : p.document_number,
        email: entry.email ?? p.email ?? null,
        phone: entry.phone ?? p.phone ?? null,
        fullname: fullName(entry),
      });
    }
    next();
  };

  return (
    <section className="visita-step" aria-labelledby="visita-select-patient-title">
      <StepHeading id="visita-select-patient-title">{SELECT_PATIENT_TITLE}</StepHeading>
      {Array.from({ length: count }, (_, index) => (
        <Combobox
          key={index}
          label={selectPatientLabel(index, count) ?? PATIENT_LABEL}
          placeholder={SELECT_PATIENT_PLACEHOLDER}
          options={options}
          value={chosen[index] ?? null}
          onSelect={(option) => {
            setError(null);
            setChosen((current) => current.map((value, i) => (i === index ? option : value)));
          }}
          onSearch={search}
          filterLocally={false}
          debounceMs={SEARCH_DEBOUNCE_MS}
          clearLabel={CLEAR_PATIENT_LABEL}
          emptyText={NO_DATA_MESSAGE}
        />
      ))}
      <p>
        <button type="button" className="visita-link" onClick={next}>
          {CREATE_PATIENT_LINK}
        </button>
      </p>
      <FormError message={wording(error ?? (found.isError ? SEARCH_FAILED_MESSAGE : null))} />
      <div className="visita-step__actions">
        <button
          type="button"
          className="visita-button"
          disabled={chosen.every((option) => !option)}
          onClick={submit}
        >
          {CONTINUE_BUTTON}
        </button>
      </div>
    </section>
  );
}
