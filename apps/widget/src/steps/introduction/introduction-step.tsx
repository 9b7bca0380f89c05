import { modeConfigFor } from '@visita/domain/client';
import { DEFAULT_FEATURES } from '@visita/domain/features';
import { canContinueTerms, TERMS_CHECKBOX_LABEL, TERMS_REQUIRED_MESSAGE } from '@visita/domain/terms';
import { useRef, useState } from 'react';
import { useCopy } from '../../copy/use-copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession, useWidgetStores, type WidgetStores } from '../../stores/widget-stores.tsx';
import { useEntryFocus } from '../../ui/use-entry-focus.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';

/** The terms tick survives a visit to the terms step and back, per widget instance. */
const acceptedTerms = new WeakMap<WidgetStores, boolean>();
const TERMS_LINK = 'Ver términos y condiciones';

/**
 * Title, subtitle and the numbered points; the third left out where the copy says.
 * With show_tyc, the terms checkbox blocks 'Continuar' until ticked.
 */
export function IntroductionStep() {
  const { introduction } = useCopy();
  const { next, goTo } = useNavigation();
  const stores = useWidgetStores();
  const showTerms = useSession((state) => state.clientData?.show_tyc === true);
  // A partner's own terms are always one link away; accepting them is asked only with show_tyc.
  const hasPartnerTerms = usePartnerProfile().terms !== null;
  const [accepted, setAccepted] = useState(() => acceptedTerms.get(stores) ?? false);
  const [blocked, setBlocked] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const features = useSession((state) =>
    state.clientData ? modeConfigFor(state.clientData, state.origin).availableFeatures : undefined,
  );
  // Only a client that takes medical orders may promise booking with one.
  const takesOrders = (features ?? DEFAULT_FEATURES).includes('medical-order');
  const allPoints = [
    takesOrders ? introduction.points[0] : introduction.onlinePoint,
    ...introduction.points.slice(1),
  ];
  const points = introduction.omitThirdPoint ? allPoints.slice(0, 2) : allPoints;

  // Screen readers start each step at its title.
  useEntryFocus(headingRef);

  const onContinue = () => {
    if (!canContinueTerms(showTerms, accepted)) {
      setBlocked(true);
      return;
    }
    next();
  };

  return (
    <section className="visita-step" aria-labelledby="visita-introduction-title">
      <h1 id="visita-introduction-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {introduction.title}
      </h1>
      <p className="visita-step__subtitle">{introduction.subtitle}</p>
      <ol className="visita-points">
        {points.map((point, index) => (
          <li key={point} className="visita-points__item">
            <span className="visita-points__number" aria-hidden="true">
              {index + 1}
            </span>
            <span>{point}</span>
          </li>
        ))}
      </ol>
      {showTerms ? (
        <div className="visita-terms">
          <label className="visita-checkbox">
            <input
              type="checkbox"
              checked={accepted}
              aria-invalid={blocked && !accepted ? true : undefined}
              aria-describedby={blocked && !accepted ? 'visita-terms-error' : undefined}
              onChange={(event) => {
                acceptedTerms.set(stores, event.target.checked);
                setAccepted(event.target.checked);
                if (event.target.checked) setBlocked(false);
              }}
            />
            <span>{TERMS_CHECKBOX_LABEL}</span>
          </label>
          <button
            type="button"
            className="visita-button visita-button--link"
            onClick={() => goTo('terms-and-conditions')}
          >
            {TERMS_LINK}
          </button>
          {blocked && !accepted ? (
            <p id="visita-terms-error" className="visita-field__error" role="alert">
              {TERMS_REQUIRED_MESSAGE}
            </p>
          ) : null}
        </div>
      ) : hasPartnerTerms ? (
        <div className="visita-terms">
          <button
            type="button"
            className="visita-button visita-button--link"
            onClick={() => goTo('terms-and-conditions')}
          >
            {TERMS_LINK}
          </button>
        </div>
      ) : null}
      <div className="visita-step__actions">
        <button type="button" className="visita-button" onClick={onContinue}>
          {introduction.cta}
        </button>
      </div>
    </section>
  );
}
