import { formatCurrency } from '@visita/domain/money';
import { useEffect, useRef } from 'react';
import { RESUME_COPY } from '../../copy/part-1.ts';
import { useCopy } from '../../copy/use-copy.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useCart, useSession } from '../../stores/widget-stores.tsx';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';

/**
 * The resume screen of a services/packs link or a prebuilt cart (spec part 1 §2, §4): waits for
 * the query's cart to load, lists its services, and continues to the address step.
 */
export function FromCartMakerResumeStep() {
  const copy = useCopy();
  const { next } = useNavigation();
  const loaded = useSession((state) => state.startLoaded);
  const countryCode = useSession((state) => state.countryCode);
  const coupon = useSession((state) => state.coupon.code);
  const items = Object.values(useCart((state) => state.cart.items));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  if (!loaded) return <Loader label={RESUME_COPY.loading} showImage={false} />;
  return (
    <section className="visita-step" aria-labelledby="visita-resume-title">
      <h1 id="visita-resume-title" className="visita-step__title" tabIndex={-1} ref={headingRef}>
        {RESUME_COPY.title}
      </h1>
      <p className="visita-step__subtitle">{items.length > 0 ? RESUME_COPY.subtitle : RESUME_COPY.empty}</p>
      <ul className="visita-services-list">
        {items.map((item) => (
          <li key={String(item.id)} className="visita-service">
            <span>{item.name}</span>
            <span>
              {formatCurrency(
                item.is_promotion && typeof item.promotion_price === 'number'
                  ? item.promotion_price
                  : (item.price ?? 0),
                countryCode,
              )}
            </span>
          </li>
        ))}
      </ul>
      {coupon ? <p>{coupon}</p> : null}
      <div className="visita-step__actions">
        <Button onClick={next}>{copy.shell.continue}</Button>
      </div>
    </section>
  );
}
