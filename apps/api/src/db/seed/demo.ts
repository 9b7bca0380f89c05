import { demoClientsSeed } from './demo-clients.ts';
import type { Seed } from './run-seeds.ts';

/** The demo dataset of DESIGN.md, in order; later capabilities append their own seeds. */
export const DEMO_SEEDS: readonly Seed[] = [demoClientsSeed];
