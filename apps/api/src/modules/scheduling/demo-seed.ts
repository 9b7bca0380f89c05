import type { Seed } from '../../db/seed/run-seeds.ts';

/** The scheduling rows of DESIGN.md's demo dataset. */
export const schedulingDemoSeed: Seed = {
  name: 'demo-scheduling',
  run: async () => {},
};
