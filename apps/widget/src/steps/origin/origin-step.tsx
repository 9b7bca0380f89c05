import { ORIGIN_SEARCH_DEBOUNCE_MS } from '@visita/domain/constants';
import { canContinueOrigin, originOptions, resolveOrigin } from '@visita/domain/validators/origin';
import { useState } from 'react';
import {
  CLEAR_LABEL,
  CONTINUE_BUTTON,
  NO_DATA_MESSAGE,
  ORIGIN_LABEL,
  ORIGIN_TITLE,
  OTHER_ORIGIN,
  OTHER_ORIGIN_LABEL,
  OTHER_ORIGIN_PLACEHOLDER,
  SEARCH_PLACEHOLDER,
} from '../../copy/origin.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { type ComboboxOption, Combobox } from '../../ui/part-2-combobox.tsx';
import { StepHeading, TextField } from '../../ui/part-2-form.tsx';

/** The one sales source without 'Otro' (part 2 §2): not named by the spec; none here. */
const SOURCES_WITHOUT_OTHER: ReadonlySet<string> = new Set();

/** 'Selecciona el origen de la cita': receivers sorted, 'Otro' with free text, 800 ms search. */
export function OriginStep() {
  const { next } = useNavigation();
  const receivers = useSession((state) => state.clientReceivers);
  const salesSource = useSession((state) => state.salesSource);
  const update = useSession((state) => state.update);
  const options: ComboboxOption[] = originOptions(receivers, {
    includeOther: !SOURCES_WITHOUT_OTHER.has(salesSource),
  }).map((option) => ({ value: String(option.id), label: option.name }));
  const [choice, setChoice] = useState<ComboboxOption | null>(null);
  const [otherValue, setOtherValue] = useState('');
  const state = { choice: choice?.label ?? null, otherValue };

  return (
    <section className="visita-step" aria-labelledby="visita-origin-title">
      <StepHeading id="visita-origin-title">{ORIGIN_TITLE}</StepHeading>
      <Combobox
        label={ORIGIN_LABEL}
        placeholder={SEARCH_PLACEHOLDER}
        options={options}
        value={choice}
        onSelect={setChoice}
        debounceMs={ORIGIN_SEARCH_DEBOUNCE_MS}
        clearLabel={CLEAR_LABEL}
        emptyText={NO_DATA_MESSAGE}
      />
      {choice?.label === OTHER_ORIGIN ? (
        <TextField
          label={OTHER_ORIGIN_LABEL}
          placeholder={OTHER_ORIGIN_PLACEHOLDER}
          maxLength={100}
          value={otherValue}
          onValue={setOtherValue}
        />
      ) : null}
      <div className="visita-step__actions">
        <button
          type="button"
          className="visita-button"
          disabled={!canContinueOrigin(state)}
          onClick={() => {
            const origin = resolveOrigin(state);
            if (!origin) return;
            // The chosen origin travels with the appointment (part 2 §3 selectedClientOrigin).
            update({ selectedClientOrigin: origin });
            next();
          }}
        >
          {CONTINUE_BUTTON}
        </button>
      </div>
    </section>
  );
}
