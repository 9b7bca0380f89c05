import type { Seed } from '../../db/seed/run-seeds.ts';

/** The catalogue rows of DESIGN.md's demo dataset. */
export const catalogueDemoSeed: Seed = {
  name: 'demo-catalogue',
  run: async () => {},
};
