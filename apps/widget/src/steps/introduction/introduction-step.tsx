import { useEffect, useRef } from 'react';
import { useCopy } from '../../copy/use-copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';

/** Title, subtitle and the numbered points of spec part 1 §2; the third left out where the copy says. */
export function IntroductionStep() {
  const { introduction } = useCopy();
  const { next } = useNavigation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const points = introduction.omitThirdPoint ? introduction.points.slice(0, 2) : introduction.points;

  // Screen readers start each step at its title.
  useEffect(() => headingRef.current?.focus(), []);

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
      <div className="visita-step__actions">
        <button type="button" className="visita-button" onClick={next}>
          {introduction.cta}
        </button>
      </div>
    </section>
  );
}
