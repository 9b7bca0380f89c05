import { referralAmountText } from '@visita/domain/partner-copy';
import { quoteKey, cartItemIds } from '@visita/domain/quote';
import {
  COUPON_NOT_VALID_MESSAGE,
  COUPON_STATUS_MESSAGES,
  type CouponButtonState,
  couponAppliedMessage,
  couponButtonLabel,
  isCouponInputEnabled,
  normalizeCoupon,
  validateCouponInput,
} from '@visita/domain/validators/coupon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useReferralCode } from './referrals.ts';
import { useRequestContext } from '../../api/use-request-context.ts';
import { validateCoupon } from '../../api/validate-coupon.ts';
import { SERVICES_COPY } from './copy.ts';
import { useCart, useSession, useWidgetStores } from '../../stores/widget-stores.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { usePartnerProfile } from '../../flow/use-partner-profile.ts';

/**
 * The coupon box: a non-empty code, upper-cased, disabled while the cart
 * is empty; Aplicar, then Aplicado / Inválido / Expirado with the status's toast; the query's
 * coupon or the source's referral code is applied by itself once the cart has items.
 */
export function CouponBox({ leader = true }: { leader?: boolean } = {}) {
  const stores = useWidgetStores();
  const context = useRequestContext();
  const itemsAmount = useCart((state) => state.cart.itemsAmount);
  const patients = useCart((state) => state.cart.patients);
  const salesSource = useSession((state) => state.salesSource);
  const sessionCoupon = useSession((state) => state.coupon);
  const countryCode = useSession((state) => state.countryCode);
  const referralText = referralAmountText(usePartnerProfile().copy.referral_amount, countryCode);
  const referral = useReferralCode(salesSource, context);
  const [text, setText] = useState(sessionCoupon.code);
  const [state, setState] = useState<CouponButtonState>(sessionCoupon.valid ? 'valid' : 'idle');
  const [error, setError] = useState<string | null>(null);
  // A refusal the toast already says is not said again by the field's message.
  const [saidByToast, setSaidByToast] = useState(false);
  const autoApplied = useRef(false);
  const enabled = isCouponInputEnabled(itemsAmount);

  const apply = useCallback(
    async (raw: string, quiet = false) => {
      const empty = validateCouponInput(raw);
      if (empty) {
        setError(empty);
        setSaidByToast(false);
        return;
      }
      // Any apply (typed or automatic) ends the automatic one.
      autoApplied.current = true;
      const code = normalizeCoupon(raw);
      const toast = stores.toast.getState().show;
      const session = stores.session.getState();
      session.update({ coupon: { code, loading: true, valid: null } });
      try {
        const { status } = await validateCoupon(
          {
            items: cartItemIds(stores.cart.getState().cart.patients),
            coupon: code,
            source: session.salesSource,
            country: session.countryCode,
          },
          context,
        );
        setState(status);
        const valid = status === 'valid';
        stores.session.getState().update({ coupon: { code, loading: false, valid } });
        if (valid) {
          setError(null);
          toast('success', couponAppliedMessage(code));
        } else {
          setError(COUPON_NOT_VALID_MESSAGE);
          setSaidByToast(!quiet);
          if (!quiet) toast('error', COUPON_STATUS_MESSAGES[status]);
        }
      } catch {
        setState('error');
        setError(COUPON_NOT_VALID_MESSAGE);
        setSaidByToast(!quiet);
        stores.session.getState().update({ coupon: { code, loading: false, valid: false } });
        if (!quiet) toast('error', COUPON_STATUS_MESSAGES.invalid);
      }
    },
    [stores, context],
  );

  // The query's or cart maker's coupon, else the referral code, applies once the cart has items.
  useEffect(() => {
    // Each patient's panel has a box: only the first applies a code by itself.
    if (!leader || autoApplied.current || !enabled) return;
    const pending = sessionCoupon.valid === null && sessionCoupon.code ? sessionCoupon.code : null;
    const code = pending ?? (sessionCoupon.code ? null : (referral.data ?? null));
    if (!code) return;
    autoApplied.current = true;
    // The automatic code shows in the box once, as if typed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setText(code);
    void apply(code);
  }, [leader, enabled, sessionCoupon, referral.data, apply]);

  // The coupon is the booking's: another panel's box applying or clearing it shows here too.
  useEffect(() => {
    if (sessionCoupon.loading) return;
    // Following the shared coupon, not deriving from this box's own typing.
    /* eslint-disable react-hooks/set-state-in-effect */
    if (sessionCoupon.valid === true) {
      setText(sessionCoupon.code);
      setState('valid');
      setError(null);
    } else if (sessionCoupon.valid === null && sessionCoupon.code === '') {
      setState('idle');
    }
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [sessionCoupon.code, sessionCoupon.valid, sessionCoupon.loading]);

  // A valid coupon is checked again for the new items when the cart changes.
  const itemsKey = quoteKey(patients, null);
  const lastKey = useRef(itemsKey);
  useEffect(() => {
    if (!leader || lastKey.current === itemsKey) return;
    lastKey.current = itemsKey;
    const { coupon } = stores.session.getState();
    // Re-validation is a request; its answer (not this effect) sets state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (coupon.valid && coupon.code && enabled) void apply(coupon.code, true);
  }, [leader, itemsKey, enabled, apply, stores]);

  const onChange = (value: string) => {
    setText(value.toUpperCase());
    setError(null);
    if (state !== 'idle') {
      setState('idle');
      stores.session.getState().update({ coupon: { code: '', loading: false, valid: null } });
    }
  };

  return (
    <>
      <form
        className="visita-coupon"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void apply(text);
        }}
      >
        <Field
          label={SERVICES_COPY.couponLabel}
          placeholder={SERVICES_COPY.couponPlaceholder}
          value={text}
          maxLength={100}
          disabled={!enabled}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          quietError={saidByToast}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!enabled || state === 'valid'}
          loading={sessionCoupon.loading}
        >
          {couponButtonLabel(state)}
        </Button>
      </form>
      {referralText ? <p className="visita-note">{referralText}</p> : null}
    </>
  );
}
