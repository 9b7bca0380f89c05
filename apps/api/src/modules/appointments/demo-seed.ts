import type { Seed } from '../../db/seed/run-seeds.ts';

/** The appointments rows of DESIGN.md's demo dataset. */
export const appointmentsDemoSeed: Seed = {
  name: 'demo-appointments',
  run: async () => {},
};
