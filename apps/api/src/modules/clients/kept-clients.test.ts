import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/database.ts';
import { clients } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { keptClient } from './kept-clients.ts';

const ADMIN_TOKEN = 'admin-token-for-kept-clients-0123456789';

describe.each(TEST_ENGINES)("the booking's kept partner rows on $name", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_TOKEN } });
  }, 60_000);
  afterAll(() => t?.close());

  const rename = (id: string, name: string) =>
    t.app.db.update(clients).set({ name }).where(eq(clients.id, id));

  it('answers the kept row until a change of that partner is told, then reads it again', async () => {
    await rename('demo', 'Demo antes');
    await t.app.changes.publish({ topic: 'client', clientId: 'demo' });
    expect((await keptClient(t.app.db, 'demo'))?.name).toBe('Demo antes');
    // Written behind the instance's back: still the kept row.
    await rename('demo', 'Demo después');
    expect((await keptClient(t.app.db, 'demo'))?.name).toBe('Demo antes');
    // Another partner's change leaves it kept; its own change (from any instance) does not.
    await t.app.changes.publish({ topic: 'client', clientId: 'demo-mx' });
    expect((await keptClient(t.app.db, 'demo'))?.name).toBe('Demo antes');
    await t.app.changes.publish({ topic: 'client', clientId: 'demo' });
    expect((await keptClient(t.app.db, 'demo'))?.name).toBe('Demo después');
    await rename('demo', 'Demo otra vez');
    await t.app.changes.publish({ topic: 'everything' });
    expect((await keptClient(t.app.db, 'demo'))?.name).toBe('Demo otra vez');
  });

  it("sees an operator's edit through the admin API at once", async () => {
    expect((await keptClient(t.app.db, 'demo-mx'))?.maxPatientsPerAppointment).not.toBe(2);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/partners/demo-mx',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { max_patients_per_appointment: 2 },
    });
    expect(patched.statusCode).toBe(200);
    expect((await keptClient(t.app.db, 'demo-mx'))?.maxPatientsPerAppointment).toBe(2);
  });

  it('keeps an unknown id as unknown, and reads a miss through the transaction it is given', async () => {
    expect(await keptClient(t.app.db, 'no-existe')).toBeUndefined();
    const row = await inTransaction(t.app.db, (tx) => keptClient(t.app.db, 'demo-tyc', tx));
    expect(row?.id).toBe('demo-tyc');
    // Kept now: answered with the database gone from under it would be the same row.
    await rename('demo-tyc', 'Otro nombre');
    expect((await keptClient(t.app.db, 'demo-tyc'))?.name).toBe(row?.name);
  });
});
