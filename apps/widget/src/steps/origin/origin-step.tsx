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
} from './copy.ts';
import { APPOINTMENT_ERROR_MESSAGE } from '@visita/domain/messages';
import { saveAppointmentOrigin } from './set-origin.ts';
import { serverMessageOr } from '../../api/http.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { type ComboboxOption, Combobox } from '../../ui/combobox.tsx';
import { Button } from '../../ui/button.tsx';
import { StepHeading, TextField } from '../../ui/form.tsx';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';

/** 'Selecciona el origen de la cita': receivers sorted, 'Otro' with free text, 800 ms search. */
export function OriginStep() {
  const { next } = useNavigation();
  const receivers = useSession((state) => state.clientReceivers);
  // A partner may leave 'Otro' out: its profile says so.
  const offersOther = usePartnerProfile().rules.origin_other;
  const update = useSession((state) => state.update);
  const appointmentId = useSession((state) => state.appointmentId);
  const stores = useWidgetStores();
  const context = useRequestContext();
  const [saving, setSaving] = useState(false);
  const options: ComboboxOption[] = originOptions(receivers, {
    includeOther: offersOther,
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
        <Button
          disabled={!canContinueOrigin(state)}
          loading={saving}
          onClick={() => {
            const origin = resolveOrigin(state);
            if (!origin) return;
            update({ selectedClientOrigin: origin });
            // Stored on the appointment so the client's staff can read it back; without an
            // appointment yet there is nothing to record it on.
            if (!appointmentId) {
              next();
              return;
            }
            setSaving(true);
            saveAppointmentOrigin(appointmentId, origin, context)
              .then(() => next())
              .catch((error: unknown) =>
                stores.toast.getState().show('error', serverMessageOr(error, APPOINTMENT_ERROR_MESSAGE)),
              )
              .finally(() => setSaving(false));
          }}
        >
          {CONTINUE_BUTTON}
        </Button>
      </div>
    </section>
  );
}
