import { useEffect, useState } from 'react';
import { durationText } from '../copy/date.ts';
import { useSession } from '../stores/widget-stores.tsx';
import '../ui/form.css';

/** The time left on the block's hold in words ('19 minutos y 59 segundos'), or null when none or over. */
export function holdRemaining(expiresAt: string | null, now: number): string | null {
  if (!expiresAt) return null;
  const left = Math.floor((Date.parse(expiresAt) - now) / 1000);
  if (!Number.isFinite(left) || left <= 0) return null;
  return durationText(left);
}

/** How long the held block stays reserved (20 minutes from the schedule answer). */
export function HoldTimer({ text, expiredText }: { text: (time: string) => string; expiredText: string }) {
  const expiresAt = useSession((state) => state.holdExpiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  const left = holdRemaining(expiresAt, now);
  // The visible count updates each second but is no live region: a screen reader reads it when
  // the person reaches it, instead of announcing every second.
  return (
    <p className="visita-hold" data-testid="hold-timer" aria-live="off">
      {left ? text(left) : expiredText}
    </p>
  );
}
