import { BLOCK_SELECTION_FAILED_MESSAGE } from '@visita/domain/messages';
import type { Step } from '@visita/domain/steps';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { scheduleAppointmentBlock } from '../api/scheduling.ts';
import { useRequestContext } from '../api/use-request-context.ts';
import {
  durationText,
  HOLD_CHOOSE_AGAIN_BUTTON,
  HOLD_EXPIRED_TEXT,
  HOLD_EXTEND_BUTTON,
  HOLD_WARNING_SECONDS,
  HOLD_WARNING_TEXT,
  holdText,
} from '../copy/date.ts';
import { availabilityItems } from '../flow/availability-items.ts';
import { useNavigation } from '../flow/use-navigation.ts';
import { usePartnerProfile } from '../flow/use-partner-profile.ts';
import { useSession, useWidgetStores } from '../stores/widget-stores.tsx';
import { useToast } from './toaster.tsx';
import { Button } from '../ui/button.tsx';
import '../ui/form.css';

/** The seconds left on the block's hold, or null when there is none or it is over. */
function secondsLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const left = Math.floor((Date.parse(expiresAt) - now) / 1000);
  return Number.isFinite(left) && left > 0 ? left : null;
}

/** The time left on the block's hold in words ('19 minutos y 59 segundos'), or null when none or over. */
export function holdRemaining(expiresAt: string | null, now: number): string | null {
  const left = secondsLeft(expiresAt, now);
  return left === null ? null : durationText(left);
}

/**
 * Steps that show no hold even while one is running: the date step chooses a new one, and the
 * visit is booked once success (or a receipt, or 'Tu reserva') shows.
 */
const WITHOUT_HOLD: ReadonlySet<Step> = new Set(['date', 'success', 'receipt', 'manage-booking']);

/** Whether `step` shows the running hold (its countdown, warning and extension). */
export function showsHold(step: Step): boolean {
  return !WITHOUT_HOLD.has(step);
}

/**
 * How long the held block stays reserved (20 minutes from the schedule answer), around a step:
 * the countdown above it and, five minutes before the hold lapses, a bar below it that stays at
 * the bottom of the visible area (where 'Continuar' is), says so, once to a screen reader too,
 * and may extend it: the same block is held again for 20 minutes when its nurse is still free.
 * When it lapses, that is said once too and the bar offers the date step for another time.
 */
export function HoldTimer({
  text = holdText,
  expiredText = HOLD_EXPIRED_TEXT,
  children,
}: {
  text?: (time: string) => string;
  expiredText?: string;
  children?: ReactNode;
}) {
  const stores = useWidgetStores();
  const context = useRequestContext();
  const toast = useToast();
  const { goTo } = useNavigation();
  const extraServiceIds = usePartnerProfile().rules.extra_service_ids;
  const expiresAt = useSession((state) => state.holdExpiresAt);
  const block = useSession((state) => state.selectedBlock);
  const appointmentId = useSession((state) => state.appointmentId);
  const [now, setNow] = useState(() => Date.now());
  const [extending, setExtending] = useState(false);
  const [extended, setExtended] = useState<string | null>(null);
  const countdownRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  const left = secondsLeft(expiresAt, now);
  const warning = left !== null && left <= HOLD_WARNING_SECONDS;

  const extend = async () => {
    if (!appointmentId || !block) return;
    setExtending(true);
    try {
      const held = await scheduleAppointmentBlock(
        appointmentId,
        { ...block, items: availabilityItems(stores.cart.getState().cart, extraServiceIds) },
        context,
      );
      stores.session.getState().update({ holdExpiresAt: held.expires_at });
      setNow(Date.now());
      setExtended(text(holdRemaining(held.expires_at, Date.now()) ?? ''));
      // The button goes with the warning: focus moves to the countdown, not to the page.
      countdownRef.current?.focus();
    } catch {
      toast('error', BLOCK_SELECTION_FAILED_MESSAGE, 5000);
    } finally {
      setExtending(false);
    }
  };

  const chooseAgain = () => {
    // The lapsed hold is gone; the cart, address and patients stay for the new time.
    stores.session.getState().update({ holdExpiresAt: null, selectedBlock: null });
    goTo('date');
  };

  const running = expiresAt !== null;
  const lapsed = running && left === null;
  // Said once each: the warning when it starts, the new time when extended, the lapse.
  const notice = lapsed ? expiredText : warning ? HOLD_WARNING_TEXT : (extended ?? '');
  // Every slot keeps its place, so the step between them is never drawn anew.
  return (
    <>
      {/* The count updates each second but is no live region: a screen reader reads it when the
          person reaches it, instead of announcing every second. */}
      {running ? (
        <p data-testid="hold-timer" className="visita-hold" aria-live="off" tabIndex={-1} ref={countdownRef}>
          {left !== null ? text(durationText(left)) : expiredText}
        </p>
      ) : null}
      {children}
      {warning || lapsed ? (
        <div className="visita-hold__bar" data-testid="hold-warning">
          <span aria-hidden="true">{warning ? HOLD_WARNING_TEXT : expiredText}</span>{' '}
          {warning && appointmentId && block ? (
            <Button variant="link" loading={extending} onClick={() => void extend()}>
              {HOLD_EXTEND_BUTTON}
            </Button>
          ) : null}
          {lapsed ? (
            <button type="button" className="visita-button visita-button--link" onClick={chooseAgain}>
              {HOLD_CHOOSE_AGAIN_BUTTON}
            </button>
          ) : null}
        </div>
      ) : null}
      {running ? (
        <p role="status" className="visita-visually-hidden">
          {notice}
        </p>
      ) : null}
    </>
  );
}
