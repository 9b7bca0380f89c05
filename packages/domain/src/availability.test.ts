import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  availabilityHorizon,
  canContinueDate,
  dayAndMonth,
  firstTimeRange,
  groupAvailability,
  isWithinHorizon,
  scanWindows,
  scheduleBlock,
  shouldLoadNextWeek,
  startOfWeek,
  weekDays,
  weekLabel,
} from './availability.ts';

describe('calendar arithmetic', () => {
  it.each([
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-11-22', -7, '2026-11-15'],
  ])('%s + %d days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11-22', '2026-12-22'],
    ['2027-01-31', '2027-02-28'],
    ['2028-01-31', '2028-02-29'],
    ['2026-12-15', '2027-01-15'],
  ])('%s + 1 month = %s', (date, expected) => {
    expect(addMonths(date, 1)).toBe(expected);
  });

  it.each([
    ['2026-11-22', '2026-11-16'],
    ['2026-11-23', '2026-11-23'],
    ['2026-11-28', '2026-11-23'],
  ])('the week of %s starts on Monday %s', (date, monday) => {
    expect(startOfWeek(date)).toBe(monday);
  });
});

describe('week strip', () => {
  it('has 7 days and a Spanish label', () => {
    expect(weekDays('2026-11-23')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(weekLabel('2026-11-30')).toBe('Semana del 30 de noviembre al 06 de diciembre');
    expect(dayAndMonth('2027-01-02')).toBe('02 de enero');
  });
});

describe('availability: today up to one month ahead', () => {
  it('spans one month', () => {
    expect(availabilityHorizon('2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-12-22' });
  });

  it.each([
    ['2026-11-21', false],
    ['2026-11-22', true],
    ['2026-12-22', true],
    ['2026-12-23', false],
  ])('%s within: %s', (date, within) => {
    expect(isWithinHorizon(date, '2026-11-22')).toBe(within);
  });

  it('groups by date, sorted by time, and picks the first range of a day', () => {
    const grouped = groupAvailability([
      { date: '2026-11-23', begin_time: '10:00', end_time: '11:00' },
      { date: '2026-11-23', begin_time: '09:00', end_time: '10:00' },
      { date: '2026-11-24', begin_time: '08:00', end_time: '09:00' },
    ]);
    expect(grouped).toEqual({
      '2026-11-23': [
        { begin_time: '09:00', end_time: '10:00' },
        { begin_time: '10:00', end_time: '11:00' },
      ],
      '2026-11-24': [{ begin_time: '08:00', end_time: '09:00' }],
    });
    expect(firstTimeRange(grouped, '2026-11-23')).toEqual({ begin_time: '09:00', end_time: '10:00' });
    expect(firstTimeRange(grouped, '2026-11-25')).toBeNull();
  });

  it.each([
    ['2026-11-24', new Set<string>(), '2026-11-30'],
    ['2026-11-24', new Set(['2026-11-30']), null],
    ['2026-12-22', new Set<string>(), null],
    ['2026-12-15', new Set<string>(), '2026-12-21'],
  ])('selecting %s with %o loads %s', (day, requested, week) => {
    expect(shouldLoadNextWeek(day, '2026-11-22', requested)).toBe(week);
  });

  it('scans up to 5 weekly windows from today', () => {
    expect(scanWindows('2026-11-22')).toEqual([
      '2026-11-22',
      '2026-11-29',
      '2026-12-06',
      '2026-12-13',
      '2026-12-20',
    ]);
  });

  it.each([
    [false, { begin_time: '09:00', end_time: '10:00' }, false],
    [true, null, false],
    [true, { begin_time: '09:00', end_time: '10:00' }, true],
  ])('availability %s and time %o -> continue %s', (available, selected, allowed) => {
    expect(canContinueDate(available, selected)).toBe(allowed);
  });

  it('sends the block as date time', () => {
    expect(scheduleBlock('2026-11-23', { begin_time: '09:00', end_time: '10:00:00' })).toEqual({
      begin_date: '2026-11-23 09:00:00',
      end_date: '2026-11-23 10:00:00',
    });
  });
});
