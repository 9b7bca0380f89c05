import { useRef } from 'react';
import { TERMS_COPY } from '../../copy/part-1.ts';
import { useCopy } from '../../copy/use-copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { Button } from '../../ui/button.tsx';
import { useEntryFocus } from '../../ui/use-entry-focus.ts';

/** The partner's terms (spec part 2 §2); 'Volver' goes back to the introduction. */
export function TermsAndConditionsStep() {
  const copy = useCopy();
  const { back } = useNavigation();
  const countryCode = useSession((state) => state.countryCode);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEntryFocus(headingRef);
  return (
    <section className="visita-step" aria-labelledby="visita-terms-title">
      <h1 id="visita-terms-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {TERMS_COPY.title}
      </h1>
      <ul>
        {TERMS_COPY.byCountry[countryCode].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="visita-step__actions">
        <Button variant="secondary" onClick={() => back?.()}>
          {copy.shell.back}
        </Button>
      </div>
    </section>
  );
}
