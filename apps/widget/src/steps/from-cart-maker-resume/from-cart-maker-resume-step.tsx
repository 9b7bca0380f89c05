import { patientItemPrice } from '@visita/domain/cart';
import { formatCurrency } from '@visita/domain/money';
import { subitemMessageFor } from '@visita/domain/results';
import { useRef } from 'react';
import { RESUME_COPY, resumeCouponText } from './copy.ts';
import { useCopy } from '../../copy/use-copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { usePriceAnswer, usePriceQuote } from '../../flow/use-price-quote.ts';
import { useCart, useSession } from '../../stores/widget-stores.tsx';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { useEntryFocus } from '../../ui/use-entry-focus.ts';

/**
 * The resume screen of a services/packs link or a prebuilt cart: waits for
 * the query's cart to load, lists its services at what each patient pays for them (an exam a pack
 * already includes at $0, with the note saying so), the coupon with its state and discount, and
 * continues to the address step (or, for a prebuilt cart whose appointment brought its address,
 * to the date step). An appointment's link is titled with the scheduled-appointment wording.
 */
export function FromCartMakerResumeStep() {
  const copy = useCopy();
  const { next } = useNavigation();
  const loaded = useSession((state) => state.startLoaded);
  const countryCode = useSession((state) => state.countryCode);
  const coupon = useSession((state) => state.coupon);
  // An appointment's link opens that appointment: the scheduled-appointment wording, not a cart.
  const appointmentLink = useSession((state) => state.appointmentLink);
  const patients = useCart((state) => state.cart.patients);
  const { price, loading: priceLoading } = usePriceAnswer();
  usePriceQuote();
  const hasItems = patients.some((patient) => patient.items.length > 0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEntryFocus(headingRef, loaded);

  if (!loaded) return <Loader label={RESUME_COPY.loading} showImage={false} />;
  return (
    <section className="visita-step" aria-labelledby="visita-resume-title">
      <h1 id="visita-resume-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {appointmentLink ? copy.introduction.title : RESUME_COPY.title}
      </h1>
      {appointmentLink ? <p className="visita-step__subtitle">{copy.introduction.subtitle}</p> : null}
      {appointmentLink && hasItems ? null : (
        <p className="visita-step__subtitle">{hasItems ? RESUME_COPY.subtitle : RESUME_COPY.empty}</p>
      )}
      <ul className="visita-services-list">
        {patients.flatMap((patient, index) =>
          patient.items.map((item) => {
            const subitem = subitemMessageFor(item, patient.items);
            return (
              <li key={`${index}-${String(item.id)}`} className="visita-service">
                <span>{item.name}</span>
                <span>{formatCurrency(patientItemPrice(patient, item), countryCode)}</span>
                {subitem ? <p className="visita-service__info">{subitem}</p> : null}
              </li>
            );
          }),
        )}
      </ul>
      {coupon.code ? (
        <p data-testid="resume-coupon">
          {RESUME_COPY.coupon} <strong>{coupon.code}</strong>
          {': '}
          {resumeCouponText(
            coupon.loading
              ? 'loading'
              : coupon.valid === null
                ? 'pending'
                : coupon.valid
                  ? 'valid'
                  : 'invalid',
            coupon.valid && !priceLoading && price.discount > 0
              ? formatCurrency(price.discount, countryCode)
              : null,
          )}
        </p>
      ) : null}
      <div className="visita-step__actions">
        <Button onClick={next}>{copy.shell.continue}</Button>
      </div>
    </section>
  );
}
