/**
 * A day's travel among a sector's nurses, and a reassignment that lowers it without moving any
 * patient's block: each visit stays in its block, with a nurse who may take it there (qualified,
 * on shift, not busy elsewhere), and a nurse has at most one visit per block.
 *
 * The search is a local one: moving one visit to a free nurse of its block, or swapping the nurses
 * of two visits of one block, is kept while it lowers the day's total; it stops when no single
 * step does. It never makes the day longer than it was.
 */

export interface RouteVisit {
  id: string;
  /** The block's start (epoch ms): visits of one block are those with the same start. */
  start: number;
  /** Where the visit is in the distance matrix. */
  point: number;
  nurseId: number;
  /** The nurses who may take it in its block, hers included. */
  candidates: readonly number[];
}

export type Assignment = ReadonlyMap<string, number>;

/** Metres a nurse travels from each of her visits to the next, in block order. */
export function nurseLegs(
  visits: readonly RouteVisit[],
  assignment: Assignment,
  matrix: readonly (readonly number[])[],
): Map<number, Array<{ from: RouteVisit; to: RouteVisit; meters: number }>> {
  const byNurse = new Map<number, RouteVisit[]>();
  for (const visit of visits) {
    const nurse = assignment.get(visit.id) ?? visit.nurseId;
    let list = byNurse.get(nurse);
    if (!list) byNurse.set(nurse, (list = []));
    list.push(visit);
  }
  const legs = new Map<number, Array<{ from: RouteVisit; to: RouteVisit; meters: number }>>();
  for (const [nurse, list] of byNurse) {
    list.sort((a, b) => a.start - b.start);
    legs.set(
      nurse,
      list.slice(1).map((to, index) => {
        const from = list[index] as RouteVisit;
        return { from, to, meters: matrix[from.point]?.[to.point] ?? 0 };
      }),
    );
  }
  return legs;
}

/** The day's total metres under an assignment. */
export function dayMeters(
  visits: readonly RouteVisit[],
  assignment: Assignment,
  matrix: readonly (readonly number[])[],
): number {
  let total = 0;
  for (const legs of nurseLegs(visits, assignment, matrix).values())
    for (const leg of legs) total += leg.meters;
  return total;
}

/** Improvements smaller than this are noise of floating point, not a shorter day. */
const EPSILON_METERS = 0.5;
const MAX_ROUNDS = 50;

/**
 * The nurse of each visit after the search (visits whose nurse did not change included). The
 * current assignment is every visit's `nurseId`.
 */
export function planRoutes(
  visits: readonly RouteVisit[],
  matrix: readonly (readonly number[])[],
): Map<string, number> {
  const assignment = new Map(visits.map((visit) => [visit.id, visit.nurseId]));
  // Each nurse's visits in block order, kept as the search changes them.
  const ofNurse = new Map<number, RouteVisit[]>();
  const place = (visit: RouteVisit, nurse: number) => {
    let list = ofNurse.get(nurse);
    if (!list) ofNurse.set(nurse, (list = []));
    list.push(visit);
    list.sort((a, b) => a.start - b.start);
  };
  const remove = (visit: RouteVisit, nurse: number) => {
    const list = ofNurse.get(nurse);
    if (list) list.splice(list.indexOf(visit), 1);
  };
  for (const visit of visits) place(visit, visit.nurseId);
  const travel = (nurse: number) => {
    const list = ofNurse.get(nurse) ?? [];
    let meters = 0;
    for (let i = 1; i < list.length; i++)
      meters += matrix[(list[i - 1] as RouteVisit).point]?.[(list[i] as RouteVisit).point] ?? 0;
    return meters;
  };
  const busyIn = (nurse: number, start: number) =>
    (ofNurse.get(nurse) ?? []).some((visit) => visit.start === start);
  const byBlock = new Map<number, RouteVisit[]>();
  for (const visit of visits) {
    let list = byBlock.get(visit.start);
    if (!list) byBlock.set(visit.start, (list = []));
    list.push(visit);
  }

  for (let round = 0; round < MAX_ROUNDS; round++) {
    let improved = false;
    for (const block of byBlock.values()) {
      for (const visit of block) {
        // One visit to a nurse free in its block.
        const current = assignment.get(visit.id) as number;
        for (const nurse of visit.candidates) {
          if (nurse === current || busyIn(nurse, visit.start)) continue;
          const before = travel(current) + travel(nurse);
          remove(visit, current);
          place(visit, nurse);
          const after = travel(current) + travel(nurse);
          if (after < before - EPSILON_METERS) {
            assignment.set(visit.id, nurse);
            improved = true;
            break;
          }
          remove(visit, nurse);
          place(visit, current);
        }
      }
      // Two visits of the block trading nurses.
      for (let i = 0; i < block.length; i++) {
        for (let j = i + 1; j < block.length; j++) {
          const a = block[i] as RouteVisit;
          const b = block[j] as RouteVisit;
          const na = assignment.get(a.id) as number;
          const nb = assignment.get(b.id) as number;
          if (na === nb || !a.candidates.includes(nb) || !b.candidates.includes(na)) continue;
          const before = travel(na) + travel(nb);
          remove(a, na);
          remove(b, nb);
          place(a, nb);
          place(b, na);
          const after = travel(na) + travel(nb);
          if (after < before - EPSILON_METERS) {
            assignment.set(a.id, nb);
            assignment.set(b.id, na);
            improved = true;
            continue;
          }
          remove(a, nb);
          remove(b, na);
          place(a, na);
          place(b, nb);
        }
      }
    }
    if (!improved) break;
  }
  return assignment;
}
