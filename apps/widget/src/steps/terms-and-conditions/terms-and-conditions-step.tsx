import { useRef } from 'react';
import { TERMS_COPY } from './copy.ts';
import { useCopy } from '../../copy/use-copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';
import { useSession } from '../../stores/widget-stores.tsx';
import { Button } from '../../ui/button.tsx';
import { useEntryFocus } from '../../ui/use-entry-focus.ts';

/**
 * The partner's terms (its profile's document: title, introduction, sections of paragraphs and
 * lists), or the product's short terms for the country when it has none. 'Volver' goes back to
 * the introduction.
 */
export function TermsAndConditionsStep() {
  const copy = useCopy();
  const { back } = useNavigation();
  const countryCode = useSession((state) => state.countryCode);
  const terms = usePartnerProfile().terms;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEntryFocus(headingRef);
  return (
    <section className="visita-step visita-terms-document" aria-labelledby="visita-terms-title">
      <h1 id="visita-terms-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {terms?.title ?? TERMS_COPY.title}
      </h1>
      {terms ? (
        <>
          {terms.intro ? <p className="visita-step__subtitle">{terms.intro}</p> : null}
          {terms.sections.map((section) => (
            <section key={section.heading} aria-label={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.items.length > 0 ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </>
      ) : (
        <ul>
          {TERMS_COPY.byCountry[countryCode].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <div className="visita-step__actions">
        <Button variant="secondary" onClick={() => back?.()}>
          {copy.shell.back}
        </Button>
      </div>
    </section>
  );
}
