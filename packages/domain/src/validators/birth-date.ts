import { BIRTH_YEAR_CHOICES, VACCINE_MIN_AGE_YEARS } from '../constants.ts';

// Spelled correctly: the source text's 'nacimineto' is a typo (docs/decisions/birth-date-message-spelling.md).
export const BIRTH_DATE_REQUIRED_MESSAGE = 'completar fecha de nacimiento';
export const BIRTH_DATE_FUTURE_MESSAGE = 'La fecha de nacimiento no puede ser superior a hoy';
export const VACCINE_AGE_ERROR = 'vaccine-age';
export const VACCINE_AGE_MESSAGE = 'Pacientes menores a 3 años no pueden ser vacunados.';

/** A calendar date without time or zone: what a birth date is. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1-12) of a year: February has 29 in leap years. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Day choices of the date dropdowns: 1..days of that month and year. */
export function dayChoices(year: number, month: number): number[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1);
}

/** Year choices: the current year down, 110 years in all. */
export function yearChoices(today: CalendarDate): number[] {
  return Array.from({ length: BIRTH_YEAR_CHOICES }, (_, i) => today.year - i);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** 'YYYY-MM-DD'. */
export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** The patient form keeps the date of birth as 'YYYY-MM-DD HH:mm:ss'. */
export function toFormDateTime(date: CalendarDate): string {
  return `${toIsoDate(date)} 00:00:00`;
}

/**
 * Dropdowns to a date: a day the month does not have (31 of April, 29 of February in a common
 * year) falls back to the 1st of that month.
 */
export function composeBirthDate(year: number, month: number, day: number): CalendarDate {
  const valid = day >= 1 && day <= daysInMonth(year, month);
  return { year, month, day: valid ? day : 1 };
}

/**
 * Reads 'YYYY-MM-DD', optionally followed by ' HH:mm:ss' (the form's value), and only when it is
 * a real calendar date.
 */
export function parseCalendarDate(value: string | null | undefined): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: \d{2}:\d{2}:\d{2})?$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const date = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
  };
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) {
    return null;
  }
  return date;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Required and not after today. */
export function validateBirthDate(value: string | null | undefined, today: CalendarDate): string | null {
  const date = parseCalendarDate(value);
  if (!date) return BIRTH_DATE_REQUIRED_MESSAGE;
  return compareDates(date, today) > 0 ? BIRTH_DATE_FUTURE_MESSAGE : null;
}

/** Whole years lived on `today` (a birthday counts from that day on). */
export function ageInYears(birthDate: CalendarDate, today: CalendarDate): number {
  const hadBirthday =
    today.month > birthDate.month || (today.month === birthDate.month && today.day >= birthDate.day);
  return today.year - birthDate.year - (hadBirthday ? 0 : 1);
}

/** Patients with a vaccine item must be at least 3 years old. */
export function meetsVaccineMinimumAge(birthDate: CalendarDate, today: CalendarDate): boolean {
  return ageInYears(birthDate, today) >= VACCINE_MIN_AGE_YEARS;
}

/** The vaccine-age check over a patient's services: null when fine, else the slug. */
export function vaccineAgeError(
  birthDate: CalendarDate,
  services: readonly { category?: string | null }[],
  today: CalendarDate,
): typeof VACCINE_AGE_ERROR | null {
  const hasVaccine = services.some((service) => service.category === 'vaccine');
  return hasVaccine && !meetsVaccineMinimumAge(birthDate, today) ? VACCINE_AGE_ERROR : null;
}

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it
 * (it was the largest single cost of finalizing a booking).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today as a calendar date in a time zone (the caller passes `now`, so tests stay deterministic). */
export function calendarDateIn(now: Date, timeZone: string): CalendarDate {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}
