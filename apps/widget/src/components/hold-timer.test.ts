import { describe, expect, it } from 'vitest';
import { durationText, holdText } from '../copy/date.ts';
import { holdRemaining } from './hold-timer.tsx';

describe('the hold countdown', () => {
  it('reads as a duration, not a clock', () => {
    expect(durationText(20 * 60)).toBe('20 minutos');
    expect(durationText(19 * 60 + 59)).toBe('19 minutos y 59 segundos');
    expect(durationText(61)).toBe('1 minuto y 1 segundo');
    expect(durationText(45)).toBe('45 segundos');
    expect(durationText(1)).toBe('1 segundo');
  });

  it('says how long the held block stays reserved, and nothing once it lapsed', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const in20 = new Date(now + 20 * 60_000).toISOString();
    expect(holdText(holdRemaining(in20, now) as string)).toBe('Tu horario queda reservado por 20 minutos.');
    expect(holdRemaining(in20, now + 1000)).toBe('19 minutos y 59 segundos');
    expect(holdRemaining(in20, now + 19 * 60_000 + 30_000)).toBe('30 segundos');
    expect(holdRemaining(in20, now + 20 * 60_000)).toBeNull();
    expect(holdRemaining(null, now)).toBeNull();
  });
});
