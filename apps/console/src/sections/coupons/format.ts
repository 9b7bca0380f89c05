import type { ConsoleCoupon } from '@visita/domain/contract/console-coupons';
import { formatCurrency } from '@visita/domain/money';
import { COPY } from './copy.ts';

const day = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium' });
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

/** The validity window in days of this browser. */
export function validityText(coupon: ConsoleCoupon): string {
  const from = coupon.valid_from ? day.format(new Date(coupon.valid_from)) : null;
  const until = coupon.valid_until ? day.format(new Date(coupon.valid_until)) : null;
  if (from && until) return COPY.between(from, until);
  if (from) return COPY.from(from);
  if (until) return COPY.until(until);
  return COPY.always;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a date field (YYYY-MM-DD in this browser's time zone). */
export function dateInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date field's day as an instant: its first moment, or its last when it ends a window. */
export function instantOfDay(value: string, end: boolean): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
