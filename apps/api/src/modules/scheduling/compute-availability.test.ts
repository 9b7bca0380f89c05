import { describe, expect, it } from 'vitest';
import { shiftBlocks } from './blocks.ts';
import type { SectorNurse } from './queries.ts';
import { computeAvailability } from './service.ts';

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
