import { describe, expect, it } from 'vitest';
import type { CatalogueSnapshot } from '../catalogue/snapshot.ts';
import { horizonFor } from './availability.ts';
import { computeAvailability } from './from-scratch.ts';
import { neededSkills } from './cart-skills.ts';

const item = (id: number, skill: string, resourcetype: string | null, country = 'cl') =>
  [id, { id, skill, resourcetype, country }] as const;

// Only the fields neededSkills reads.
const snapshot = {
  byId: new Map([
    item(1, 'lab', 'Measure'),
    item(2, 'vaccine', 'Measure'),
    item(3, 'medical_service', 'MedicalService'),
    item(4, 'lab', null),
    item(5, 'lab', null),
    item(6, 'lab', 'Measure', 'mx'),
  ]),
  subItems: new Map([
    [
      4,
      [
        { id: 2, name: 'Vacuna' },
        { id: 3, name: 'Consulta' },
      ],
    ],
  ]),
} as unknown as CatalogueSnapshot;

describe('neededSkills', () => {
  it('is the union of the items skills, packs through their sub-items', () => {
    expect(neededSkills(snapshot, ['1', 2], 'cl')).toEqual(['lab', 'vaccine']);
    expect(neededSkills(snapshot, ['4'], 'cl')).toEqual(['medical_service', 'vaccine']);
    // A pack without sub-items counts with its own skill.
    expect(neededSkills(snapshot, ['5'], 'cl')).toEqual(['lab']);
    expect(neededSkills(snapshot, [], 'cl')).toEqual([]);
  });

  it.each([['999'], ['abc'], ['6'], ['-1'], ['1.5']])('refuses %s with a 400', (id) => {
    expect(() => neededSkills(snapshot, [id], 'cl')).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});

describe('horizonFor', () => {
  it.each([
    ['America/Santiago', '2026-11-30T02:59:59.999Z', '2026-11-29', '2026-12-29'],
    ['America/Santiago', '2026-11-30T03:00:00.000Z', '2026-11-30', '2026-12-30'],
    // A zone 45 minutes off the hour: its date changes at 18:15 UTC.
    ['Asia/Kathmandu', '2026-11-30T18:14:59.999Z', '2026-11-30', '2026-12-30'],
    ['Asia/Kathmandu', '2026-11-30T18:15:00.000Z', '2026-12-01', '2027-01-01'],
    ['America/Santiago', '2026-11-30T02:59:00.000Z', '2026-11-29', '2026-12-29'],
  ])('in %s at %s is today %s to %s, whatever was asked before', (zone, at, today, to) => {
    expect(horizonFor(zone, new Date(at))).toEqual({ today, from: today, to });
    expect(horizonFor(zone, new Date(at), '2026-12-15')).toEqual({ today, from: '2026-12-15', to });
  });
});

describe('computeAvailability across Chile clock changes', () => {
  const nurse = {
    id: 1,
    shifts: [
      { weekday: 6, starts_at: '20:00', ends_at: '24:00', time_zone: 'America/Santiago' },
      { weekday: 7, starts_at: '00:00', ends_at: '03:00', time_zone: 'America/Santiago' },
    ],
    days_off: [],
    extra_shifts: [],
  };

  it('offers the repeated 23:00 once on fall-back Saturday 2026-04-04', () => {
    const now = new Date('2026-04-04T12:00:00Z');
    const horizon = { ...horizonFor('America/Santiago', now), to: '2026-04-05' };
    const data = computeAvailability([nurse], new Map(), horizon, 'America/Santiago', now);
    expect(data.filter((entry) => entry.date === '2026-04-04').map((entry) => entry.begin_time)).toEqual([
      '20:00',
      '21:00',
      '22:00',
      '23:00',
    ]);
  });

  it('offers no 00:00 block on spring-forward Sunday 2026-09-06', () => {
    const now = new Date('2026-09-05T12:00:00Z');
    const horizon = { ...horizonFor('America/Santiago', now), to: '2026-09-06' };
    const data = computeAvailability([nurse], new Map(), horizon, 'America/Santiago', now);
    expect(data.filter((entry) => entry.date === '2026-09-06').map((entry) => entry.begin_time)).toEqual([
      '01:00',
      '02:00',
    ]);
  });

  it('does not offer a block taken by the only nurse', () => {
    const now = new Date('2026-09-05T12:00:00Z');
    const horizon = { ...horizonFor('America/Santiago', now), to: '2026-09-06' };
    const oneAm = Date.parse('2026-09-06T04:00:00Z');
    const data = computeAvailability(
      [nurse],
      new Map([[1, new Set([oneAm])]]),
      horizon,
      'America/Santiago',
      now,
    );
    expect(data.filter((entry) => entry.date === '2026-09-06').map((entry) => entry.begin_time)).toEqual([
      '02:00',
    ]);
  });
});
