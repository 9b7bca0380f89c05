import { describe, expect, it } from 'vitest';
import { shiftBlocks } from './blocks.ts';
import type { SectorNurse } from './queries.ts';
import { addDays } from '@visita/domain/availability';
import fc from 'fast-check';
import { settleAvailability } from './availability.ts';
import { computeAvailability } from './from-scratch.ts';
import { buildRoster } from './roster.ts';

const ZONE = 'America/Santiago';
const DATE = '2026-12-02'; // a Wednesday (ISO weekday 3)
const NOW = new Date('2026-11-30T12:00:00Z');
const horizon = { today: '2026-11-30', from: DATE, to: DATE };
const nurse = (id: number, startsAt = '08:00', endsAt = '12:00', daysOff: string[] = []): SectorNurse => ({
  id,
  shifts: [{ weekday: 3, starts_at: startsAt, ends_at: endsAt, time_zone: ZONE }],
  days_off: daysOff,
  extra_shifts: [],
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

describe('the fast path (roster counts and visits per block) equals the definition', () => {
  const week = { today: '2026-11-30', from: '2026-11-30', to: '2026-12-06' };

  /** The fast path as findAvailability runs it: counts first, then busy nurses for the contested. */
  function fast(
    nurses: readonly SectorNurse[],
    busy: ReadonlyMap<number, ReadonlySet<number>>,
    visitsPerBlock: ReadonlyMap<number, number>,
    horizon: typeof week,
    now: Date,
  ) {
    const roster = buildRoster(nurses, { from: horizon.today, to: horizon.to }, ZONE);
    const settled = settleAvailability(roster, visitsPerBlock, horizon, now);
    if (settled.contested.length === 0) return { offered: settled.offered, contested: 0 };
    const asked = new Set(settled.contested.map((block) => block.start));
    const exact = new Map(
      [...busy].map(([id, taken]) => [id, new Set([...taken].filter((s) => asked.has(s)))]),
    );
    return {
      offered: settleAvailability(roster, visitsPerBlock, horizon, now, exact).offered,
      contested: asked.size,
    };
  }

  it('counts the nurses on shift in each block, less those off that day', () => {
    const roster = buildRoster(
      [nurse(1), nurse(2), nurse(3, '08:00', '12:00', [DATE]), nurse(4, '10:00', '11:00')],
      { from: DATE, to: DATE },
      ZONE,
    );
    expect(roster.days.get(DATE)?.map((block) => [block.start, block.working])).toEqual([
      [start('08:00'), 2],
      [start('09:00'), 2],
      [start('10:00'), 3],
      [start('11:00'), 2],
    ]);
  });

  it('asks which nurses are busy only where the visits are as many as the nurses on shift', () => {
    const nurses = [nurse(1), nurse(2), nurse(3)];
    const counts = new Map([
      [start('08:00'), 2],
      [start('09:00'), 3],
      [start('10:00'), 4],
    ]);
    const roster = buildRoster(nurses, { from: DATE, to: DATE }, ZONE);
    const settled = settleAvailability(roster, counts, horizon, NOW);
    expect(settled.contested.map((block) => block.entry.begin_time)).toEqual(['09:00', '10:00']);
    expect(settled.offered.map((entry) => entry.begin_time)).toEqual(['08:00', '11:00']);
  });

  it('counts a block reached from two dates once per date (shifts in two zones)', () => {
    // Monday 23:00 in Santiago (UTC-3 in summer) is Tuesday 02:00 UTC.
    const twoZones: SectorNurse = {
      id: 1,
      shifts: [
        { weekday: 1, starts_at: '23:00', ends_at: '24:00', time_zone: ZONE },
        { weekday: 2, starts_at: '02:00', ends_at: '03:00', time_zone: 'UTC' },
      ],
      days_off: [],
      extra_shifts: [],
    };
    const busy = new Map([[1, new Set([Date.parse('2026-12-01T02:00:00Z')])]]);
    const counts = new Map([[Date.parse('2026-12-01T02:00:00Z'), 1]]);
    expect(fast([twoZones], busy, counts, week, NOW).offered).toEqual(
      computeAvailability([twoZones], busy, week, ZONE, NOW),
    );
  });

  // Weeks around Chile's clock changes (the first Sunday of April and of September) and a plain one.
  const WEEKS = [
    { today: '2026-11-30', from: '2026-11-30', to: '2026-12-06', now: '2026-11-30T12:00:00Z' },
    { today: '2026-09-03', from: '2026-09-04', to: '2026-09-09', now: '2026-09-03T12:00:00Z' },
    { today: '2027-04-01', from: '2027-04-02', to: '2027-04-06', now: '2027-04-01T12:00:00Z' },
  ];
  const PATTERNS: Array<[string, string]> = [
    ['00:00', '03:00'],
    ['08:00', '12:00'],
    ['09:00', '13:00'],
    ['08:00', '18:00'],
    ['20:00', '24:00'],
  ];
  const ZONES = [ZONE, ZONE, ZONE, 'UTC', 'Asia/Kathmandu'];

  it('offers exactly what every nurse and visit one by one would (generated weeks, DST, other zones, extra shifts, overcounts)', () => {
    const arbitraryNurse = fc.record({
      shifts: fc.array(
        fc.record({
          weekday: fc.integer({ min: 1, max: 7 }),
          pattern: fc.integer({ min: 0, max: PATTERNS.length - 1 }),
          zone: fc.integer({ min: 0, max: ZONES.length - 1 }),
        }),
        { minLength: 0, maxLength: 6 },
      ),
      daysOff: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }),
      extras: fc.array(
        fc.record({
          offset: fc.integer({ min: 0, max: 7 }),
          pattern: fc.integer({ min: 0, max: PATTERNS.length - 1 }),
          zone: fc.integer({ min: 0, max: ZONES.length - 1 }),
        }),
        { maxLength: 2 },
      ),
      busyShare: fc.integer({ min: 0, max: 4 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: WEEKS.length - 1 }),
        fc.array(arbitraryNurse, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2 }),
        (weekIndex, generated, salt, overcount) => {
          const week_ = WEEKS[weekIndex];
          if (!week_) throw new Error('no such week');
          const { now: nowText, ...horizon } = week_;
          const now = new Date(nowText);
          const nurses: SectorNurse[] = generated.map((one, index) => ({
            id: index + 1,
            shifts: one.shifts.map((shift) => {
              const [startsAt, endsAt] = PATTERNS[shift.pattern] ?? ['08:00', '12:00'];
              return {
                weekday: shift.weekday,
                starts_at: startsAt,
                ends_at: endsAt,
                time_zone: ZONES[shift.zone] ?? ZONE,
              };
            }),
            days_off: one.daysOff.map((offset) => addDays(horizon.today, offset)),
            extra_shifts: one.extras.map((extra) => {
              const [startsAt, endsAt] = PATTERNS[extra.pattern] ?? ['08:00', '12:00'];
              return {
                date: addDays(horizon.today, extra.offset),
                starts_at: startsAt,
                ends_at: endsAt,
                time_zone: ZONES[extra.zone] ?? ZONE,
              };
            }),
          }));
          // Every block any nurse could have, each taken by a nurse with her share (of 4).
          const roster = buildRoster(nurses, { from: horizon.today, to: horizon.to }, ZONE);
          const starts = [...new Set([...roster.days.values()].flat().map((block) => block.start))];
          const busy = new Map<number, Set<number>>();
          const visits = new Map<number, number>();
          nurses.forEach((one, index) => {
            const share = generated[index]?.busyShare ?? 0;
            const taken = new Set(starts.filter((s) => (s / 3_600_000 + salt + one.id) % 4 < share));
            busy.set(one.id, taken);
            for (const s of taken) visits.set(s, (visits.get(s) ?? 0) + 1);
          });
          // Unswept expired holds: the count may be high, never low.
          for (const s of starts.filter((_, i) => (i + salt) % 3 === 0))
            visits.set(s, (visits.get(s) ?? 0) + overcount);
          expect(fast(nurses, busy, visits, horizon, now).offered).toEqual(
            computeAvailability(nurses, busy, horizon, ZONE, now),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with 200 nurses and most blocks busy for some, needs no busy nurse at all', () => {
    const nurses = Array.from({ length: 200 }, (_, index) => nurse(index + 1, '08:00', '18:00'));
    const busy = new Map(nurses.map(({ id }) => [id, new Set(id % 2 ? [start('09:00')] : [])]));
    const visits = new Map([[start('09:00'), 100]]);
    const result = fast(nurses, busy, visits, horizon, NOW);
    expect(result.contested).toBe(0);
    expect(result.offered).toEqual(computeAvailability(nurses, busy, horizon, ZONE, NOW));
  });
});

describe('an extra shift on a date', () => {
  const THURSDAY = '2026-12-03';
  const week = { today: '2026-11-30', from: DATE, to: THURSDAY };
  const withExtra = (
    extra: { date: string; starts_at: string; ends_at: string },
    daysOff: string[] = [],
  ) => ({
    ...nurse(1, '08:00', '10:00', daysOff),
    extra_shifts: [{ ...extra, time_zone: ZONE }],
  });
  const offeredOn = (nurses: SectorNurse[], date: string) => {
    const roster = buildRoster(nurses, { from: week.today, to: week.to }, ZONE);
    const fromRoster = settleAvailability(roster, new Map(), week, NOW).offered;
    const fromScratch = computeAvailability(nurses, new Map(), week, ZONE, NOW);
    // The kept roster and the answer from scratch agree on every extra shift.
    expect(fromRoster).toEqual(fromScratch);
    return times(fromScratch.filter((entry) => entry.date === date));
  };

  it('offers its blocks on a weekday with no weekly shift, and only on its date', () => {
    const one = withExtra({ date: THURSDAY, starts_at: '15:00', ends_at: '17:00' });
    expect(offeredOn([one], THURSDAY)).toEqual(['15:00', '16:00']);
    expect(offeredOn([one], DATE)).toEqual(['08:00', '09:00']);
  });

  it('lengthens a weekly shift without counting the nurse twice in the blocks both offer', () => {
    const one = withExtra({ date: DATE, starts_at: '09:00', ends_at: '12:00' });
    expect(offeredOn([one], DATE)).toEqual(['08:00', '09:00', '10:00', '11:00']);
    const roster = buildRoster([one], { from: DATE, to: DATE }, ZONE);
    expect(roster.days.get(DATE)?.map((block) => block.working)).toEqual([1, 1, 1, 1]);
    expect(roster.nursesInBlock(DATE, start('11:00')).map((found) => found.id)).toEqual([1]);
  });

  it('gives nothing on a day off: the day off wins', () => {
    const one = withExtra({ date: DATE, starts_at: '14:00', ends_at: '16:00' }, [DATE]);
    expect(offeredOn([one], DATE)).toEqual([]);
  });

  it('is a hold candidate only in its own blocks', () => {
    const one = withExtra({ date: THURSDAY, starts_at: '15:00', ends_at: '16:00' });
    const roster = buildRoster([one, nurse(2)], { from: week.today, to: week.to }, ZONE);
    const thursday = roster.days.get(THURSDAY) ?? [];
    expect(thursday.map((block) => block.entry.begin_time)).toEqual(['15:00']);
    expect(roster.nursesInBlock(THURSDAY, thursday[0]?.start ?? 0).map((found) => found.id)).toEqual([1]);
  });
});
