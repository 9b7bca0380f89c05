import { dayAndMonth } from '@visita/domain/availability';
import { WEEKDAYS_LONG } from './date.ts';

// Our wording. for what was booked.
export const BOOKING_WHEN = 'Fecha de la visita';
export const BOOKING_WHERE = 'Dirección';
export const BOOKING_WHO = 'Pacientes';
export const BOOKING_WHAT = 'Servicios';
export const BOOKING_REFERENCE = 'Código de reserva';
export const BOOKING_LOADING = 'Cargando los datos de tu cita…';
export const BOOKING_APARTMENT = 'Depto.';

/** The first characters of the appointment id, upper-cased: what a person reads out on the phone. */
export const bookingReference = (appointmentId: string): string => appointmentId.slice(0, 8).toUpperCase();

/**
 * 'Martes 24 de noviembre, llegada entre 09:00 y 11:00' from the API's local 'YYYY-MM-DD HH:mm'
 * dates: they are already in the sector's time zone, so they are read as written, never
 * converted by the browser's zone.
 */
export function visitWindowText(localBegin: string, localLatest: string | null): string {
  const [date = '', time = ''] = localBegin.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const index = (new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay() + 6) % 7;
  const weekday = WEEKDAYS_LONG[index] ?? '';
  const begin = time.slice(0, 5);
  const latest = localLatest?.split(' ')[1]?.slice(0, 5);
  const head = `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${dayAndMonth(date)}`;
  return latest ? `${head}, llegada entre ${begin} y ${latest}` : `${head}, llegada desde las ${begin}`;
}
export const RECEIPT_TITLE = 'Comprobante de tu cita';
export const RECEIPT_NO_APPOINTMENT = 'Aún no hay una cita agendada en esta sesión.';
