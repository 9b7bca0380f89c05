import { formatRut } from '@visita/domain/validators/rut';
import { eq, sql } from 'drizzle-orm';
import { clients, companyEmployees } from '../schema.ts';
import { demoProfileRules } from './demo-profiles.ts';
import type { Seed } from './run-seeds.ts';

/** The demo company (demo-split) employs the people whose RUT body is in this range. */
const DEMO_EMPLOYEE_RUT_BODIES = { first: 20_000_000, count: 500 } as const;

/** A RUT's check digit for its body ('12345678' → '5'). */
function checkDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/** The demo company's employee number `n` (0-based) as the patient form writes a RUT. */
export const demoEmployeeRut = (n: number): string => {
  const body = DEMO_EMPLOYEE_RUT_BODIES.first + n;
  return formatRut(`${body}-${checkDigit(body)}`);
};

/**
 * The roster of the demo company, so its split payment can be tried: 500 employees. A demo
 * database seeded before companies said what they pay gets the demo company's rule too (a new one
 * has it from the clients seed already); what an operator set stays.
 */
export const demoCompanyRosterSeed: Seed = {
  name: 'demo-company-roster',
  run: async (db) => {
    const rules = demoProfileRules('demo-split');
    await db
      .update(clients)
      .set({
        profile: sql`coalesce(${clients.profile}, '{}'::jsonb) || jsonb_build_object('rules',
          ${JSON.stringify(rules)}::jsonb || coalesce(${clients.profile} -> 'rules', '{}'::jsonb))`,
      })
      .where(eq(clients.id, 'demo-split'));
    const rows = Array.from({ length: DEMO_EMPLOYEE_RUT_BODIES.count }, (_, n) => ({
      clientId: 'demo-split',
      document: demoEmployeeRut(n),
    }));
    await db.insert(companyEmployees).values(rows).onConflictDoNothing();
  },
};
