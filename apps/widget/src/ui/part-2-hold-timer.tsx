import { useEffect, useState } from 'react';
import { useSession } from '../stores/widget-stores.tsx';
import './part-2.css';

/** Minutes and seconds left on the block's hold ('mm:ss'), or null when none or over. */
export function holdRemaining(expiresAt: string | null, now: number): string | null {
  if (!expiresAt) return null;
  const left = Math.floor((Date.parse(expiresAt) - now) / 1000);
  if (!Number.isFinite(left) || left <= 0) return null;
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
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
  // The visible count updates each second; the label read by screen readers is the static one.
  return (
    <p className="p2-hold" data-testid="hold-timer">
      {left ? text(left) : expiredText}
    </p>
  );
}
