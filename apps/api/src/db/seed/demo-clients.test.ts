import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { clients, seedRuns } from '../schema.ts';
import { demoManualConfirmationSeed } from './demo-clients.ts';
import { runSeeds } from './run-seeds.ts';

describe.each(TEST_ENGINES)('demo clients seed on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const configOf = async (id: string) => (await t.app.db.select().from(clients).where(eq(clients.id, id)))[0];

  it('a demo database seeded before the rule learns who confirms by hand, keeping its other settings', async () => {
    // As an older demo database has them: no rule, and an operator's own colour.
    await t.app.db
      .update(clients)
      .set({ sdkConfig: { main_color: '#123456' } })
      .where(eq(clients.id, 'cajalosandes'));
    await t.app.db
      .update(clients)
      .set({ laasConfig: { main_color: '#654321' } })
      .where(eq(clients.id, 'demo-laas'));
    await t.app.db.delete(seedRuns).where(eq(seedRuns.name, demoManualConfirmationSeed.name));

    expect(await runSeeds(t.app.db, [demoManualConfirmationSeed])).toEqual([demoManualConfirmationSeed.name]);
    expect((await configOf('cajalosandes'))?.sdkConfig).toEqual({
      main_color: '#123456',
      manual_confirmation: true,
      manual_confirmation_payment_status: 'Payment Pending',
    });
    expect((await configOf('demo-laas'))?.laasConfig).toEqual({
      main_color: '#654321',
      manual_confirmation: true,
    });
    // Staff-only: the staff client's partner embed still pays.
    expect((await configOf('demo-laas'))?.sdkConfig?.manual_confirmation).toBeUndefined();
    expect((await configOf('demo'))?.sdkConfig?.manual_confirmation).toBeUndefined();
  });
});
