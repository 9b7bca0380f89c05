import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart-item.ts';
import {
  fastingText,
  joinNames,
  resultsHours,
  subitemMessage,
  subitemMessageFor,
  weekdayOf,
} from './results.ts';

describe('results time: +24 h on Sunday, +48 h on Saturday for business-day items', () => {
  // 2026-11-21 is a Saturday, 2026-11-22 a Sunday, 2026-11-23 a Monday.
  it.each([
    [{ results_hours: 24, results_on_business_days: true }, '2026-11-21', 72],
    [{ results_hours: 24, results_on_business_days: true }, '2026-11-22', 48],
    [{ results_hours: 24, results_on_business_days: true }, '2026-11-23', 24],
    [{ results_hours: 24, results_on_business_days: false }, '2026-11-21', 24],
    [{ results_hours: 48, results_on_business_days: null }, '2026-11-22 10:00:00', 48],
    [{ results_hours: null, results_on_business_days: true }, '2026-11-22', null],
  ])('%o on %s -> %s hours', (item, date, hours) => {
    expect(resultsHours(item, date)).toBe(hours);
  });

  it.each([
    ['2026-11-22', 0],
    ['2026-11-21', 6],
    ['2024-02-29', 4],
  ])('%s is weekday %d', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });
});

describe("fasting: 'requiere ayuno de N horas.'", () => {
  it.each([
    [8, 'requiere ayuno de 8 horas.'],
    [12, 'requiere ayuno de 12 horas.'],
    [0, null],
    [null, null],
    [undefined, null],
  ])('%s -> %s', (hours, text) => {
    expect(fastingText(hours)).toBe(text);
  });
});

describe('sub-item message joins names with commas and y', () => {
  it.each([
    [[], ''],
    [['Chequeo'], 'Chequeo'],
    [['Chequeo', 'Perfil'], 'Chequeo y Perfil'],
    [['A', 'B', 'Insulina'], 'A, B y Insulina'],
  ])('%o -> %s', (names, joined) => {
    expect(joinNames(names)).toBe(joined);
  });

  it('reads as the product', () => {
    expect(subitemMessage(['Chequeo preventivo', 'Perfil lipídico'])).toBe(
      'Este examen tiene valor $0 porque ya está incluido en Chequeo preventivo y Perfil lipídico',
    );
  });

  it('names the items that include it', () => {
    const item = (id: number, fields: Partial<CartItem> = {}): CartItem => ({
      id,
      name: `E${id}`,
      price: 1,
      type: 'panel',
      ...fields,
    });
    const glucosa = item(1, { name: 'Glucosa' });
    const items = [
      glucosa,
      item(2, { name: 'Chequeo', items: [{ id: 1 }] }),
      item(3, { name: 'Perfil', measures: [{ id: 1 }] }),
    ];
    expect(subitemMessageFor(glucosa, items)).toBe(
      'Este examen tiene valor $0 porque ya está incluido en Chequeo y Perfil',
    );
    expect(subitemMessageFor(glucosa, [glucosa])).toBeNull();
  });
});
