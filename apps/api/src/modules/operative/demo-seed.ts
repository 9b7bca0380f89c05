import type { Seed } from '../../db/seed/run-seeds.ts';

/** The operative rows of DESIGN.md's demo dataset. */
export const operativeDemoSeed: Seed = {
  name: 'demo-operative',
  run: async () => {},
};
