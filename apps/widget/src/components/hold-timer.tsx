import { BLOCK_SELECTION_FAILED_MESSAGE } from '@visita/domain/messages';
import { useEffect, useState } from 'react';
import { scheduleAppointmentBlock } from '../api/scheduling.ts';
import { useRequestContext } from '../api/use-request-context.ts';
import { durationText, HOLD_EXTEND_BUTTON, HOLD_WARNING_SECONDS, HOLD_WARNING_TEXT } from '../copy/date.ts';
import { availabilityItems } from '../flow/availability-items.ts';
import { usePartnerProfile } from '../flow/use-partner-profile.ts';
import { useSession, useWidgetStores } from '../stores/widget-stores.tsx';
import { useToast } from './toaster.tsx';
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
 * How long the held block stays reserved (20 minutes from the schedule answer). Five minutes
 * before it lapses the person is told, on screen and once to a screen reader, and may extend it:
 * the same block is held again for 20 minutes when its nurse is still free. When it lapses, that
 * is said once too.
 */
export function HoldTimer({ text, expiredText }: { text: (time: string) => string; expiredText: string }) {
  const stores = useWidgetStores();
  const context = useRequestContext();
  const toast = useToast();
  const extraServiceIds = usePartnerProfile().rules.extra_service_ids;
  const expiresAt = useSession((state) => state.holdExpiresAt);
  const block = useSession((state) => state.selectedBlock);
  const appointmentId = useSession((state) => state.appointmentId);
  const [now, setNow] = useState(() => Date.now());
  const [extending, setExtending] = useState(false);
  const [extended, setExtended] = useState<string | null>(null);
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
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
    } catch {
      toast('error', BLOCK_SELECTION_FAILED_MESSAGE, 5000);
    } finally {
      setExtending(false);
    }
  };

  // Said once each: the warning when it starts, the new time when extended, the lapse.
  const notice = left === null ? expiredText : warning ? HOLD_WARNING_TEXT : (extended ?? '');
  return (
    <div className="visita-hold">
      {/* The count updates each second but is no live region: a screen reader reads it when the
          person reaches it, instead of announcing every second. */}
      <p data-testid="hold-timer" aria-live="off">
        {left !== null ? text(durationText(left)) : expiredText}
      </p>
      {warning ? (
        <p className="visita-hold__warning">
          <span aria-hidden="true">{HOLD_WARNING_TEXT}</span>{' '}
          {appointmentId && block ? (
            <button
              type="button"
              className="visita-button visita-button--link"
              disabled={extending}
              onClick={() => void extend()}
            >
              {HOLD_EXTEND_BUTTON}
            </button>
          ) : null}
        </p>
      ) : null}
      <p role="status" className="visita-visually-hidden">
        {notice}
      </p>
    </div>
  );
}
