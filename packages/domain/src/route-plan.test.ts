import { describe, expect, it } from 'vitest';
import { dayMeters, nurseLegs, planRoutes, type RouteVisit } from './route-plan.ts';

/** Points on a line, 1 km apart: the distance between i and j is |i - j| km. */
const line = (n: number) =>
  Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Math.abs(i - j) * 1000));

const H = 3_600_000;

describe('the day’s travel and its reassignment', () => {
  it('sums each nurse’s legs between consecutive visits, in block order', () => {
    const visits: RouteVisit[] = [
      { id: 'b', start: 2 * H, point: 3, nurseId: 1, candidates: [1] },
      { id: 'a', start: H, point: 0, nurseId: 1, candidates: [1] },
      { id: 'c', start: H, point: 1, nurseId: 2, candidates: [2] },
    ];
    const current = new Map(visits.map((visit) => [visit.id, visit.nurseId]));
    const legs = nurseLegs(visits, current, line(4));
    expect(legs.get(1)?.map((leg) => [leg.from.id, leg.to.id, leg.meters])).toEqual([['a', 'b', 3000]]);
    expect(legs.get(2)).toEqual([]);
    expect(dayMeters(visits, current, line(4))).toBe(3000);
  });

  it('trades two visits of one block between nurses when that shortens the day, keeping every block', () => {
    // Nurse 1 goes 0 → 9 → 0, nurse 2 goes 9 → 0 → 9: swapping the middle block makes both stay put.
    const visits: RouteVisit[] = [
      { id: 'a1', start: H, point: 0, nurseId: 1, candidates: [1, 2] },
      { id: 'a2', start: 2 * H, point: 9, nurseId: 1, candidates: [1, 2] },
      { id: 'a3', start: 3 * H, point: 0, nurseId: 1, candidates: [1, 2] },
      { id: 'b1', start: H, point: 9, nurseId: 2, candidates: [1, 2] },
      { id: 'b2', start: 2 * H, point: 0, nurseId: 2, candidates: [1, 2] },
      { id: 'b3', start: 3 * H, point: 9, nurseId: 2, candidates: [1, 2] },
    ];
    const matrix = line(10);
    const before = dayMeters(visits, new Map(visits.map((v) => [v.id, v.nurseId])), matrix);
    const plan = planRoutes(visits, matrix);
    expect(before).toBe(36_000);
    expect(dayMeters(visits, plan, matrix)).toBe(0);
    // Never two visits of one nurse in one block.
    const seen = new Set<string>();
    for (const visit of visits) {
      const key = `${plan.get(visit.id)}|${visit.start}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });

  it('moves a visit to a free nurse of its block, only one who may take it', () => {
    const visits: RouteVisit[] = [
      { id: 'x1', start: H, point: 0, nurseId: 1, candidates: [1] },
      { id: 'x2', start: 2 * H, point: 8, nurseId: 1, candidates: [1, 2, 3] },
      { id: 'y1', start: H, point: 8, nurseId: 2, candidates: [2] },
    ];
    const matrix = line(9);
    const plan = planRoutes(visits, matrix);
    expect(plan.get('x2')).toBe(2);
    expect(dayMeters(visits, plan, matrix)).toBe(0);

    // Nobody else may take it: it stays, and so does the day.
    const bound = visits.map((visit) => ({ ...visit, candidates: [visit.nurseId] }));
    const unchanged = planRoutes(bound, matrix);
    expect([...unchanged]).toEqual(bound.map((visit) => [visit.id, visit.nurseId]));
  });

  it('never makes a day longer, whatever the day', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let day = 0; day < 30; day++) {
      const points = Array.from({ length: 24 }, () => ({ x: random() * 10_000, y: random() * 10_000 }));
      const matrix = points.map((a) => points.map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
      const visits: RouteVisit[] = points.map((_, i) => ({
        id: `v${i}`,
        start: (i % 6) * H,
        point: i,
        nurseId: Math.floor(i / 6),
        candidates: [0, 1, 2, 3].filter(() => random() < 0.8).concat(Math.floor(i / 6)),
      }));
      const current = new Map(visits.map((v) => [v.id, v.nurseId]));
      const plan = planRoutes(visits, matrix);
      expect(dayMeters(visits, plan, matrix)).toBeLessThanOrEqual(dayMeters(visits, current, matrix));
      for (const visit of visits) expect(visit.candidates).toContain(plan.get(visit.id));
      const perBlock = new Set(visits.map((visit) => `${plan.get(visit.id)}|${visit.start}`));
      expect(perBlock.size).toBe(visits.length);
    }
  });
});
