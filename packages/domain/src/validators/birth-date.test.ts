import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  BIRTH_DATE_FUTURE_MESSAGE,
  BIRTH_DATE_REQUIRED_MESSAGE,
  calendarDateIn,
  composeBirthDate,
  dayChoices,
  daysInMonth,
  meetsVaccineMinimumAge,
  parseCalendarDate,
  toFormDateTime,
  toIsoDate,
  VACCINE_AGE_MESSAGE,
  vaccineAgeError,
  validateBirthDate,
  yearChoices,
} from './birth-date.ts';

const today = { year: 2026, month: 11, day: 22 };

describe('date of birth: required and not in the future', () => {
  it.each([
    ['', BIRTH_DATE_REQUIRED_MESSAGE],
    [null, BIRTH_DATE_REQUIRED_MESSAGE],
    ['not a date', BIRTH_DATE_REQUIRED_MESSAGE],
    ['2026-11-23', BIRTH_DATE_FUTURE_MESSAGE],
    ['2027-01-01 00:00:00', BIRTH_DATE_FUTURE_MESSAGE],
    ['2026-11-22', null],
    ['1990-05-17 00:00:00', null],
  ])('%s -> %s', (value, message) => {
    expect(validateBirthDate(value, today)).toBe(message);
  });

  it('spells both messages as people read them (the source typo corrected)', () => {
    expect(BIRTH_DATE_REQUIRED_MESSAGE).toBe('completar fecha de nacimiento');
    expect(BIRTH_DATE_FUTURE_MESSAGE).toBe('La fecha de nacimiento no puede ser superior a hoy');
  });
});

describe('an invalid day/month combination falls back to the first of the month', () => {
  it.each([
    [2023, 2, 29, { year: 2023, month: 2, day: 1 }],
    [2024, 2, 29, { year: 2024, month: 2, day: 29 }],
    [2025, 4, 31, { year: 2025, month: 4, day: 1 }],
    [2025, 1, 31, { year: 2025, month: 1, day: 31 }],
    [2025, 6, 0, { year: 2025, month: 6, day: 1 }],
  ])('%d-%d-%d', (year, month, day, expected) => {
    expect(composeBirthDate(year, month, day)).toEqual(expected);
  });
});

describe('days depend on month and year; years go from the current one down, 110 in all', () => {
  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [1900, 2, 28],
    [2000, 2, 29],
    [2025, 4, 30],
    [2025, 12, 31],
  ])('%d-%d has %d days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
    expect(dayChoices(year, month)).toHaveLength(days);
    expect(dayChoices(year, month)[0]).toBe(1);
  });

  it('lists 110 years from today down', () => {
    const years = yearChoices(today);
    expect(years).toHaveLength(110);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1917);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2024-02-29 10:00:00', { year: 2024, month: 2, day: 29 }],
    ['2023-02-29', null],
    ['2023-13-01', null],
    ['2023-00-10', null],
    ['2023-1-01', null],
    [undefined, null],
  ])('parse %s', (value, expected) => {
    expect(parseCalendarDate(value)).toEqual(expected);
  });

  it('formats for the payload and for the form', () => {
    expect(toIsoDate({ year: 1990, month: 5, day: 7 })).toBe('1990-05-07');
    expect(toFormDateTime({ year: 1990, month: 5, day: 7 })).toBe('1990-05-07 00:00:00');
  });

  it.each([
    ['2026-11-22T02:00:00Z', 'America/Santiago', { year: 2026, month: 11, day: 21 }],
    ['2026-11-22T12:00:00Z', 'America/Santiago', { year: 2026, month: 11, day: 22 }],
    ['2026-11-22T05:59:00Z', 'America/Mexico_City', { year: 2026, month: 11, day: 21 }],
  ])('today at %s in %s', (iso, zone, expected) => {
    expect(calendarDateIn(new Date(iso), zone)).toEqual(expected);
  });
});

describe('vaccines need a patient at least 3 years old', () => {
  it.each([
    [{ year: 2023, month: 11, day: 22 }, 3, true],
    [{ year: 2023, month: 11, day: 23 }, 2, false],
    [{ year: 2023, month: 12, day: 1 }, 2, false],
    [{ year: 1990, month: 1, day: 1 }, 36, true],
  ])('born %o: age %d, allowed %s', (birth, age, allowed) => {
    expect(ageInYears(birth, today)).toBe(age);
    expect(meetsVaccineMinimumAge(birth, today)).toBe(allowed);
  });

  it.each([
    [[{ category: 'vaccine' }], { year: 2025, month: 1, day: 1 }, 'vaccine-age'],
    [[{ category: 'lab' }], { year: 2025, month: 1, day: 1 }, null],
    [[{ category: 'vaccine' }, { category: null }], { year: 2020, month: 1, day: 1 }, null],
  ])('services %o, born %o -> %s', (services, birth, error) => {
    expect(vaccineAgeError(birth, services, today)).toBe(error);
  });

  it('spells the message', () => {
    expect(VACCINE_AGE_MESSAGE).toBe('Pacientes menores a 3 años no pueden ser vacunados.');
  });
});
