import { weekdayOf } from './results.ts';

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** 'YYYY-MM-DD HH:mm:ss' (the API's wall-clock times) split into its date and 'HH:mm'. */
function split(localDateTime: string): { date: string; time: string } {
  const [date = '', time = ''] = localDateTime.split(' ');
  return { date, time: time.slice(0, 5) };
}

/** 'martes 1 de diciembre de 2032', from 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'. */
export function longDate(localDateTime: string): string {
  const { date } = split(localDateTime);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[weekdayOf(date)]} ${day} de ${MONTHS[month - 1]} de ${year}`;
}

/** 'entre 09:00 y 10:00': the arrival window between two wall-clock times. */
export function arrivalWindow(begin: string, end: string): string {
  return `entre ${split(begin).time} y ${split(end).time}`;
}

/** 'martes 1 de diciembre de 2032 a las 09:00'. */
export function longDateTime(localDateTime: string): string {
  return `${longDate(localDateTime)} a las ${split(localDateTime).time}`;
}
