import { SCHEDULE_TYPES, type ScheduleType } from '@visita/domain/navigation';
import { useRef } from 'react';
import { SCHEDULE_TYPE_COPY } from './copy.ts';
import { useCopy } from '../../copy/use-copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { Button } from '../../ui/button.tsx';
import { useEntryFocus } from '../../ui/use-entry-focus.ts';

const TITLES: Record<ScheduleType, string> = {
  normal: SCHEDULE_TYPE_COPY.normal,
  medical_order: SCHEDULE_TYPE_COPY.medicalOrder,
};
const HINTS: Record<ScheduleType, string> = {
  normal: SCHEDULE_TYPE_COPY.normalHint,
  medical_order: SCHEDULE_TYPE_COPY.medicalOrderHint,
};

/** '¿Cómo quieres agendar?': normal (default) goes to address, medical_order to upload-order. */
export function ScheduleTypeStep() {
  const copy = useCopy();
  const { next } = useNavigation();
  const scheduleType = useSession((state) => state.scheduleType);
  const setScheduleType = useSession((state) => state.setScheduleType);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEntryFocus(headingRef);
  return (
    <section className="visita-step" aria-labelledby="visita-schedule-type-title">
      <h1 id="visita-schedule-type-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {SCHEDULE_TYPE_COPY.title}
      </h1>
      <fieldset className="visita-choice visita-choice--stacked" aria-labelledby="visita-schedule-type-title">
        {SCHEDULE_TYPES.map((type) => (
          <label key={type} className="visita-choice__option">
            <input
              type="radio"
              name="visita-schedule-type"
              value={type}
              checked={scheduleType === type}
              onChange={() => setScheduleType(type)}
            />
            <span>
              <strong>{TITLES[type]}</strong>
              <br />
              <span className="visita-field__hint">{HINTS[type]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="visita-step__actions">
        <Button onClick={next}>{copy.shell.continue}</Button>
      </div>
    </section>
  );
}
