import type { Seed } from '../../db/seed/run-seeds.ts';

/** The coverage rows of DESIGN.md's demo dataset. */
export const coverageDemoSeed: Seed = {
  name: 'demo-coverage',
  run: async () => {},
};
