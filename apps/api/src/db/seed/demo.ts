import { appointmentsDemoSeed } from './demo-appointments.ts';
import { cajaLosAndesInfluenzaPriceSeed, catalogueDemoSeed } from './demo-catalogue.ts';
import { couponsDemoSeed } from './demo-coupons.ts';
import { coverageDemoSeed } from './demo-coverage.ts';
import { operativeDemoSeed, sourceStockDemoSeed } from './demo-stock.ts';
import { patientsDemoSeed } from './demo-client-patients.ts';
import { schedulingDemoSeed } from './demo-nurses.ts';
import { usersDemoSeed } from './demo-users.ts';
import { demoClientsSeed, demoColourClientsSeed, demoManualConfirmationSeed } from './demo-clients.ts';
import { demoPartnerProfilesSeed } from './demo-profiles.ts';
import { demoCompanyRosterSeed } from './demo-company-roster.ts';
import { demoOperatorsSeed } from './demo-operators.ts';
import {
  demoAntigenSeed,
  demoMentalHealthCouponSeed,
  demoPartnerVariantsSeed,
} from './demo-partner-variants.ts';
import type { Seed } from './run-seeds.ts';

/**
 * The demo dataset of in dependency order: clients, coverage, catalogue (items
 * by slug), coupons, operative switches, appointments and the demo cart, then nurses and shifts
 * (with some blocks taken), patient accounts, and the console's demo admin.
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
  sourceStockDemoSeed,
  appointmentsDemoSeed,
  schedulingDemoSeed,
  usersDemoSeed,
  patientsDemoSeed,
  demoCompanyRosterSeed,
  demoPartnerVariantsSeed,
  demoMentalHealthCouponSeed,
  demoAntigenSeed,
  demoOperatorsSeed,
];
