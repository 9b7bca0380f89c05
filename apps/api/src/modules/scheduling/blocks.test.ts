import { describe, expect, it } from 'vitest';
import { isoWeekday, localParts, localToInstant, offsetMinutes, parseClock, shiftBlocks } from './blocks.ts';

const SANTIAGO = 'America/Santiago';
const MEXICO = 'America/Mexico_City';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('Chile changes its clocks on the real 2026/2027 dates (checked with Intl)', () => {
  // Fall back: Sunday 00:00 (-03) becomes Saturday 23:00 (-04), so Saturday's 23:00 happens twice.
  // Spring forward: Sunday 00:00 (-04) becomes 01:00 (-03), so Sunday's 00:00 hour does not exist.
  it.each([
    ['2026-04-04T02:00:00Z', -180, '2026-04-05T04:00:00Z', -240],
    ['2026-09-06T03:00:00Z', -240, '2026-09-06T05:00:00Z', -180],
    ['2027-04-03T02:00:00Z', -180, '2027-04-04T04:00:00Z', -240],
    ['2027-09-05T03:00:00Z', -240, '2027-09-05T05:00:00Z', -180],
  ])('offset before %s is %i and after (%s) is %i', (before, beforeOffset, after, afterOffset) => {
    expect(offsetMinutes(Date.parse(before), SANTIAGO)).toBe(beforeOffset);
    expect(offsetMinutes(Date.parse(after), SANTIAGO)).toBe(afterOffset);
  });

  it.each([
    ['2026-04-04', '2026-04-05T02:00:00.000Z'],
    ['2027-04-03', '2027-04-04T02:00:00.000Z'],
  ])('on fall-back Saturday %s a late shift gives the repeated 23:00 hour once', (date, at23) => {
    const blocks = shiftBlocks(date, '20:00', '24:00', SANTIAGO);
    expect(blocks.map((block) => block.beginTime)).toEqual(['20:00', '21:00', '22:00', '23:00']);
    expect(iso(blocks[3]?.start ?? null)).toBe(at23);
    // Real instants never overlap: each block starts an hour after the previous.
    expect(new Set(blocks.map((block) => block.start)).size).toBe(4);
  });

  it.each(['2026-09-06', '2027-09-05'])(
    'on spring-forward Sunday %s the missing 00:00 gives no block',
    (date) => {
      expect(localToInstant(date, 0, SANTIAGO)).toBeNull();
      const blocks = shiftBlocks(date, '00:00', '03:00', SANTIAGO);
      expect(blocks.map((block) => block.beginTime)).toEqual(['01:00', '02:00']);
      expect(localParts(blocks[0]?.start ?? 0, SANTIAGO)).toMatchObject({ date, time: '01:00' });
    },
  );

  it('keeps daytime blocks at the same wall-clock time either side of a change', () => {
    const saturday = shiftBlocks('2026-04-04', '08:00', '18:00', SANTIAGO);
    const monday = shiftBlocks('2026-04-06', '08:00', '18:00', SANTIAGO);
    expect(saturday).toHaveLength(10);
    expect(monday).toHaveLength(10);
    expect(iso(saturday[0]?.start ?? null)).toBe('2026-04-04T11:00:00.000Z');
    expect(iso(monday[0]?.start ?? null)).toBe('2026-04-06T12:00:00.000Z');
    const september = shiftBlocks('2026-09-07', '08:00', '18:00', SANTIAGO);
    expect(iso(september[0]?.start ?? null)).toBe('2026-09-07T11:00:00.000Z');
  });
});

describe('Mexico City has had no daylight saving since 2022', () => {
  it.each(['2026-01-15', '2026-04-05', '2026-07-15', '2026-10-25', '2027-04-04'])(
    '08:00 on %s is 14:00 UTC',
    (date) => {
      expect(iso(localToInstant(date, 8 * 60, MEXICO))).toBe(`${date}T14:00:00.000Z`);
      expect(shiftBlocks(date, '08:00', '18:00', MEXICO)).toHaveLength(10);
    },
  );
});

describe('shift blocks', () => {
  it('gives one-hour blocks from the start while the whole hour fits', () => {
    const blocks = shiftBlocks('2026-12-01', '08:30', '12:00', SANTIAGO);
    expect(blocks.map((block) => [block.beginTime, block.endTime])).toEqual([
      ['08:30', '09:30'],
      ['09:30', '10:30'],
      ['10:30', '11:30'],
    ]);
    expect(blocks.every((block) => block.end - block.start === 3_600_000)).toBe(true);
  });

  it('gives nothing for malformed or empty shifts', () => {
    expect(shiftBlocks('2026-12-01', '8:00', '12:00', SANTIAGO)).toEqual([]);
    expect(shiftBlocks('2026-12-01', '12:00', '12:30', SANTIAGO)).toEqual([]);
    expect(parseClock('24:30')).toBeNull();
    expect(parseClock('10:75')).toBeNull();
    expect(parseClock('24:00')).toBe(1440);
  });

  it('numbers weekdays from Monday (1) to Sunday (7)', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-28')).toBe(6);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});
