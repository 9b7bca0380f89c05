import { describe, expect, it } from 'vitest';
import { bookingReference, visitWindowText } from './booking-summary.ts';

describe('what a booking summary says', () => {
  it('reads the local dates as written: weekday, day and month, and the arrival window', () => {
    // 2026-11-24 is a Tuesday; no browser time zone can move it.
    expect(visitWindowText('2026-11-24 09:00:00', '2026-11-24 11:00:00')).toBe(
      'Martes 24 de noviembre, llegada entre 09:00 y 11:00',
    );
    expect(visitWindowText('2026-11-29 08:30', null)).toBe(
      'Domingo 29 de noviembre, llegada desde las 08:30',
    );
  });

  it('gives the first eight characters of the appointment id, upper-cased, as the reference', () => {
    expect(bookingReference('6d2f1a3c-4b5e-4f60-8a71-9b0c1d2e3f40')).toBe('6D2F1A3C');
  });
});
