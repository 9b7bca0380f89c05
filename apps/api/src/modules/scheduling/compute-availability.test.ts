import { describe, expect, it } from 'vitest';
import { shiftBlocks } from './blocks.ts';
import type { SectorNurse } from './queries.ts';
import { computeAvailability, contestedBlocks, nursesOnShift, UNCOUNTED } from './availability.ts';

const ZONE = 'America/Santiago';
const DATE = '2026-12-02'; // a Wednesday (ISO weekday 3)
const NOW = new Date('2026-11-30T12:00:00Z');
const horizon = { today: '2026-11-30', from: DATE, to: DATE };
const nurse = (id: number, startsAt = '08:00', endsAt = '12:00', daysOff: string[] = []): SectorNurse => ({
  id,
  shifts: [{ weekday: 3, starts_at: startsAt, ends_at: endsAt, time_zone: ZONE }],
  days_off: daysOff,
});
const blocks = shiftBlocks(DATE, '08:00', '12:00', ZONE);
const start = (time: string) => blocks.find((block) => block.beginTime === time)?.start ?? 0;
const times = (entries: ReturnType<typeof computeAvailability>) => entries.map((entry) => entry.begin_time);

describe('offered blocks with many nurses', () => {
  const nurses = Array.from({ length: 200 }, (_, index) => nurse(index + 1));

  it('offers a block free only for the last nurse tried, and not one that all nurses have taken', () => {
    const busy = new Map<number, Set<number>>();
    for (const { id } of nurses) busy.set(id, new Set([start('09:00'), start('10:00')]));
    busy.get(200)?.delete(start('10:00'));
    expect(times(computeAvailability(nurses, busy, horizon, ZONE, NOW))).toEqual(['08:00', '10:00', '11:00']);
  });

  it('offers the blocks of a shift only one nurse works', () => {
    const withEvening = [...nurses, nurse(201, '18:00', '20:00')];
    expect(times(computeAvailability(withEvening, new Map(), horizon, ZONE, NOW))).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '18:00',
      '19:00',
    ]);
  });

  it('offers nothing on a day every nurse has off', () => {
    const off = nurses.map(({ id }) => nurse(id, '08:00', '12:00', [DATE]));
    expect(computeAvailability(off, new Map(), horizon, ZONE, NOW)).toEqual([]);
  });
});

describe('settling blocks by counts (nursesOnShift, contestedBlocks)', () => {
  const week = { today: '2026-11-30', from: '2026-11-30', to: '2026-12-06' };

  it('counts the nurses on shift in each block, less those off that day', () => {
    const counts = nursesOnShift(
      [nurse(1), nurse(2), nurse(3, '08:00', '12:00', [DATE]), nurse(4, '10:00', '11:00')],
      {
        ...week,
        from: DATE,
        to: DATE,
      },
    );
    expect([...counts].sort(([a], [b]) => a - b)).toEqual([
      [start('08:00'), 2],
      [start('09:00'), 2],
      [start('10:00'), 3],
      [start('11:00'), 2],
    ]);
  });

  it('leaves uncounted a start one nurse reaches from two dates (shifts in two zones)', () => {
    // Monday 23:00 in Santiago (UTC-3 in summer) is Tuesday 02:00 UTC.
    const twoZones: SectorNurse = {
      id: 1,
      shifts: [
        { weekday: 1, starts_at: '23:00', ends_at: '24:00', time_zone: ZONE },
        { weekday: 2, starts_at: '02:00', ends_at: '03:00', time_zone: 'UTC' },
      ],
      days_off: [],
    };
    const counts = nursesOnShift([twoZones], week);
    expect(counts.get(Date.parse('2026-12-01T02:00:00Z'))).toBe(UNCOUNTED);
    expect(contestedBlocks(counts, new Map([[Date.parse('2026-12-01T02:00:00Z'), 1]]))).toEqual([
      Date.parse('2026-12-01T02:00:00Z'),
    ]);
  });

  it('asks for the busy nurses only where the busy are as many as those on shift', () => {
    const onShift = new Map([
      [1, 3],
      [2, 3],
      [3, 0],
      [4, UNCOUNTED],
    ]);
    const busy = new Map([
      [1, 2],
      [2, 3],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(contestedBlocks(onShift, busy)).toEqual([2, 4]);
  });

  it('offers what the whole list of busy nurses would, over many generated weeks', () => {
    // A small deterministic generator: shifts, days off and visits vary, many blocks fill up.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const patterns: Array<[string, string]> = [
      ['08:00', '12:00'],
      ['09:00', '13:00'],
      ['08:00', '18:00'],
      ['20:00', '24:00'],
    ];
    for (let round = 0; round < 30; round++) {
      const nurses: SectorNurse[] = Array.from({ length: 1 + random(8) }, (_, index) => {
        const [startsAt, endsAt] = patterns[random(patterns.length)] ?? ['08:00', '12:00'];
        const weekdays = [1, 2, 3, 4, 5, 6, 7].filter(() => random(3) > 0);
        return {
          id: index + 1,
          shifts: weekdays.map((weekday) => ({
            weekday,
            starts_at: startsAt,
            ends_at: endsAt,
            time_zone: ZONE,
          })),
          days_off: random(3) === 0 ? [`2026-12-0${1 + random(6)}`] : [],
        };
      });
      const starts = [...nursesOnShift(nurses, week).keys()];
      const busy = new Map<number, Set<number>>();
      const busyCounts = new Map<number, number>();
      for (const { id } of nurses) {
        const taken = new Set(starts.filter(() => random(4) > 0));
        busy.set(id, taken);
        for (const taken_ of taken) busyCounts.set(taken_, (busyCounts.get(taken_) ?? 0) + 1);
      }
      const contested = new Set(contestedBlocks(nursesOnShift(nurses, week), busyCounts));
      const busyContested = new Map(
        [...busy].map(([id, taken]) => [id, new Set([...taken].filter((start) => contested.has(start)))]),
      );
      expect(computeAvailability(nurses, busyContested, week, ZONE, NOW)).toEqual(
        computeAvailability(nurses, busy, week, ZONE, NOW),
      );
    }
  });
});
