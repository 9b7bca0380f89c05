import type { ConsoleCoupon } from '@visita/domain/contract/console-coupons';
import { COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import { formatCurrency } from '@visita/domain/money';
import { COPY } from './copy.ts';

export const dateTime = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
});

/** The discount as the list shows it: '15 %' or '$5.000 (CL)'. */
export function discountText(coupon: ConsoleCoupon): string {
  if (coupon.discount_amount !== null) {
    const country = coupon.country ?? 'cl';
    return COPY.amount(formatCurrency(coupon.discount_amount, country), country.toUpperCase());
  }
  return COPY.percent(coupon.discount_percent ?? 0);
}

/**
 * The zone a coupon's validity days are read in: its country's (a coupon for both countries,
 * Chile's). A day means the same for the operator and the patient, wherever the console runs.
 */
export const validityZone = (country: ConsoleCoupon['country']) => COUNTRY_TIME_ZONES[country ?? 'cl'];

/** The validity window in days of the coupon's country. */
export function validityText(coupon: ConsoleCoupon): string {
  const day = new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'medium',
    timeZone: validityZone(coupon.country),
  });
  const from = coupon.valid_from ? day.format(new Date(coupon.valid_from)) : null;
  const until = coupon.valid_until ? day.format(new Date(coupon.valid_until)) : null;
  if (from && until) return COPY.between(from, until);
  if (from) return COPY.from(from);
  if (until) return COPY.until(until);
  return COPY.always;
}

/** An instant as the value of a date field: its day (YYYY-MM-DD) in `zone`. */
export function dateInputValue(iso: string | null, zone: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** A date field's day in `zone` as an instant: its first moment, or its last when it ends a window. */
export function instantOfDay(value: string, end: boolean, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const wall = Date.parse(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  if (Number.isNaN(wall)) return null;
  // The offset at the wall clock read as UTC, then at the instant that gives: one of the two is
  // the day's (a daylight-saving change may skip its midnight); the first of the day when it
  // starts a window, the last when it ends one.
  const first = wall - offsetAt(wall, zone);
  const candidates = [first, wall - offsetAt(first, zone)].filter(
    (instant) => dateInputValue(new Date(instant).toISOString(), zone) === value,
  );
  const chosen = end ? Math.max(...candidates) : Math.min(...candidates);
  return Number.isFinite(chosen) ? new Date(chosen).toISOString() : null;
}
