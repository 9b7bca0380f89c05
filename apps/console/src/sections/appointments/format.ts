import { COUNTRY_TIME_ZONES } from '@visita/domain/constants';
import { type CountryCode, parseCountry } from '@visita/domain/locale';
import { formatCurrency } from '@visita/domain/money';

export interface Formats {
  date: (iso: string | null) => string;
  time: (iso: string | null) => string;
  dateTime: (iso: string | null) => string;
  money: (amount: number) => string;
}

const cache = new Map<CountryCode, Formats>();

/**
 * Dates in Chilean Spanish at the partner's country's time (where its visits happen: the search
 * and the page carry no time zone of their own), money in its currency; Chile when unknown.
 */
export function formatsFor(country: string | null | undefined): Formats {
  const code = parseCountry(country) ?? 'cl';
  const cached = cache.get(code);
  if (cached) return cached;
  const timeZone = COUNTRY_TIME_ZONES[code];
  const date = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeZone });
  const time = new Intl.DateTimeFormat('es-CL', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const dateTime = new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone,
  });
  const formats: Formats = {
    date: (iso) => (iso ? date.format(new Date(iso)) : '—'),
    time: (iso) => (iso ? time.format(new Date(iso)) : '—'),
    dateTime: (iso) => (iso ? dateTime.format(new Date(iso)) : '—'),
    money: (amount) => formatCurrency(amount, code),
  };
  cache.set(code, formats);
  return formats;
}
