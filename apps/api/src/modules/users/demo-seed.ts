import type { Seed } from '../../db/seed/run-seeds.ts';

/** The users rows of DESIGN.md's demo dataset. */
export const usersDemoSeed: Seed = {
  name: 'demo-users',
  run: async () => {},
};
