import { appointmentsDemoSeed } from '../../modules/appointments/demo-seed.ts';
import { cajaLosAndesInfluenzaPriceSeed, catalogueDemoSeed } from '../../modules/catalogue/demo-seed.ts';
import { couponsDemoSeed } from '../../modules/coupons/demo-seed.ts';
import { coverageDemoSeed } from '../../modules/coverage/demo-seed.ts';
import { operativeDemoSeed } from '../../modules/operative/demo-seed.ts';
import { patientsDemoSeed } from '../../modules/patients/demo-seed.ts';
import { schedulingDemoSeed } from '../../modules/scheduling/demo-seed.ts';
import { usersDemoSeed } from '../../modules/users/demo-seed.ts';
import { demoClientsSeed, demoColourClientsSeed, demoManualConfirmationSeed } from './demo-clients.ts';
import { demoPartnerProfilesSeed } from './demo-profiles.ts';
import type { Seed } from './run-seeds.ts';

/**
 * The demo dataset of in dependency order: clients, coverage, catalogue (items
 * by slug), coupons, operative switches, appointments and the demo cart, then nurses and shifts
 * (with some blocks taken) and patient accounts.
 */
export const DEMO_SEEDS: readonly Seed[] = [
  demoClientsSeed,
  demoColourClientsSeed,
  demoManualConfirmationSeed,
  demoPartnerProfilesSeed,
  coverageDemoSeed,
  catalogueDemoSeed,
  cajaLosAndesInfluenzaPriceSeed,
  couponsDemoSeed,
  operativeDemoSeed,
  appointmentsDemoSeed,
  schedulingDemoSeed,
  usersDemoSeed,
  patientsDemoSeed,
];
