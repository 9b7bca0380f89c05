import { describe, expect, it } from 'vitest';
import { arrivalWindow, longDate, longDateTime } from './visit-time.ts';

describe('visit times as people read them', () => {
  it.each([
    ['2032-12-01 09:00:00', 'miércoles 1 de diciembre de 2032'],
    ['2026-11-29', 'domingo 29 de noviembre de 2026'],
    ['2027-01-02 23:00:00', 'sábado 2 de enero de 2027'],
  ])('%s is %s', (value, text) => {
    expect(longDate(value)).toBe(text);
  });

  it('tells the arrival window and a moment', () => {
    expect(arrivalWindow('2032-12-01 09:00:00', '2032-12-01 10:00:00')).toBe('entre 09:00 y 10:00');
    expect(arrivalWindow('2032-12-01 23:00:00', '2032-12-02 00:00:00')).toBe('entre 23:00 y 00:00');
    expect(longDateTime('2032-11-30 09:00:00')).toBe('martes 30 de noviembre de 2032 a las 09:00');
  });
});
