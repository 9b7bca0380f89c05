import {
  AVAILABILITY_HORIZON_MONTHS,
  INITIAL_AVAILABILITY_SCAN_WEEKS,
  WEEK_STRIP_DAYS,
} from './constants.ts';
import type { AvailabilityEntry } from './contract/appointments.ts';

/** Calendar arithmetic on 'YYYY-MM-DD' strings, in UTC so no time zone can shift a day. */
function toUtc(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const date = toUtc(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** Adds calendar months, keeping the day or the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const date = toUtc(isoDate);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return toIso(date);
}

/** Weeks start on Monday, as Spanish calendars do. */
export function startOfWeek(isoDate: string): string {
  const weekday = toUtc(isoDate).getUTCDay();
  return addDays(isoDate, -((weekday + 6) % 7));
}

/** The 7 days of the strip starting at `weekStart`. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: WEEK_STRIP_DAYS }, (_, i) => addDays(weekStart, i));
}

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

/** 'DD de MMMM' in Spanish ('02 de diciembre'). */
export function dayAndMonth(isoDate: string): string {
  const [, month, day] = isoDate.split('-');
  return `${day} de ${MONTHS[Number(month) - 1]}`;
}

/** 'Semana del DD de MMMM al DD de MMMM'. */
export function weekLabel(weekStart: string): string {
  return `Semana del ${dayAndMonth(weekStart)} al ${dayAndMonth(addDays(weekStart, WEEK_STRIP_DAYS - 1))}`;
}

/** Availability horizon: today up to one month ahead. */
export function availabilityHorizon(today: string): { from: string; to: string } {
  return { from: today, to: addMonths(today, AVAILABILITY_HORIZON_MONTHS) };
}

export function isWithinHorizon(isoDate: string, today: string): boolean {
  const { from, to } = availabilityHorizon(today);
  return isoDate >= from && isoDate <= to;
}

export interface TimeRange {
  begin_time: string;
  end_time: string;
}

/** Entries grouped by date, each day's ranges in time order. */
export function groupAvailability(entries: readonly AvailabilityEntry[]): Record<string, TimeRange[]> {
  const byDate: Record<string, TimeRange[]> = {};
  for (const { date, begin_time, end_time } of entries) (byDate[date] ??= []).push({ begin_time, end_time });
  for (const ranges of Object.values(byDate)) ranges.sort((a, b) => a.begin_time.localeCompare(b.begin_time));
  return byDate;
}

/** Selecting a day picks its first time range. */
export function firstTimeRange(
  availability: Readonly<Record<string, readonly TimeRange[]>>,
  day: string,
): TimeRange | null {
  return availability[day]?.[0] ?? null;
}

/**
 * The next week loads when a day of the current week is selected, if it starts before the
 * one-month limit and is neither loaded nor loading.
 */
export function shouldLoadNextWeek(
  selectedDay: string,
  today: string,
  requestedWeeks: ReadonlySet<string>,
): string | null {
  const nextWeek = addDays(startOfWeek(selectedDay), WEEK_STRIP_DAYS);
  if (nextWeek > availabilityHorizon(today).to) return null;
  return requestedWeeks.has(nextWeek) ? null : nextWeek;
}

/** When the first weeks return nothing: up to 5 weekly windows from today (their from_date values). */
export function scanWindows(today: string): string[] {
  return Array.from({ length: INITIAL_AVAILABILITY_SCAN_WEEKS }, (_, i) =>
    addDays(today, i * WEEK_STRIP_DAYS),
  );
}

/** Continue is disabled without any availability or without a chosen time. */
export function canContinueDate(hasAvailability: boolean, selected: TimeRange | null): boolean {
  return hasAvailability && selected !== null;
}

function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** The block as the schedule call sends it: begin_date and end_date, each 'date time'. */
export function scheduleBlock(day: string, range: TimeRange): { begin_date: string; end_date: string } {
  return {
    begin_date: `${day} ${withSeconds(range.begin_time)}`,
    end_date: `${day} ${withSeconds(range.end_time)}`,
  };
}
