import { formatCurrency } from '@visita/domain/money';
import { parseCountry } from '@visita/domain/locale';

const dateFormat = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('es-CL', { hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant's day, in Chilean Spanish (the browser's time zone: the operators' own). */
export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : '—';
}

export function formatTime(iso: string | null): string {
  return iso ? timeFormat.format(new Date(iso)) : '—';
}

export function formatDateTime(iso: string | null): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '—';
}

/** An amount in the currency of the partner's country (Chile when unknown). */
export function formatMoney(amount: number, country: string | null | undefined): string {
  return formatCurrency(amount, parseCountry(country) ?? 'cl');
}
