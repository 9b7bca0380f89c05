import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { clients, companyEmployees, seedRuns } from '../schema.ts';
import { demoCompanyRosterSeed, demoEmployeeRut } from './demo-company-roster.ts';
import { runSeeds } from './run-seeds.ts';

describe.each(TEST_ENGINES)('demo company roster seed on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const rulesOf = async () =>
    (
      (await t.app.db.select().from(clients).where(eq(clients.id, 'demo-split')))[0]?.profile as {
        rules?: Record<string, unknown>;
      }
    ).rules;

  it('gives the demo company its employees (valid RUTs) and what it pays', async () => {
    const roster = await t.app.db
      .select()
      .from(companyEmployees)
      .where(eq(companyEmployees.clientId, 'demo-split'));
    expect(roster).toHaveLength(500);
    expect(roster.map((row) => row.document)).toContain(demoEmployeeRut(0));
    expect(demoEmployeeRut(0)).toMatch(/^20\.000\.000-[\dK]$/);
    expect((await rulesOf())?.company_pays).toMatchObject({ items: expect.arrayContaining(['hemograma']) });
  });

  it("a demo database seeded before learns what the company pays, keeping an operator's other rules", async () => {
    await t.app.db
      .update(clients)
      .set({ profile: { rules: { loader_image: false } } })
      .where(eq(clients.id, 'demo-split'));
    await t.app.db.delete(seedRuns).where(eq(seedRuns.name, demoCompanyRosterSeed.name));
    await runSeeds(t.app.db, [demoCompanyRosterSeed]);
    const rules = await rulesOf();
    expect(rules?.loader_image).toBe(false);
    expect(rules?.company_pays).toMatchObject({ cap_per_person: 60_000 });
  });
});
