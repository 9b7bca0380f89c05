import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { deleteHoldsBeforeHold, insertHoldForFirstFreeNurse } from './queries.ts';
import { createFixtureAppointment, createFixtureSector } from './test-fixtures.ts';

const HOUR = 3_600_000;

// The hold's two merged statements, on each engine: what they take and what they leave.
describe.each(TEST_ENGINES)('the hold statements on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(() => t?.close());

  const now = new Date(Date.UTC(2031, 2, 3, 12));
  const block = new Date(now.getTime() + 24 * HOUR);
  const visitOf = async (appointmentId: string) =>
    (await t.app.db.select().from(visits).where(eq(visits.appointmentId, appointmentId)))[0];
  const put = async (
    sectorId: number,
    nurseId: number,
    status: 'hold' | 'confirmed',
    options: { start?: Date; expiresAt?: Date | null } = {},
  ) => {
    const appointment = await createFixtureAppointment(t.app.db, sectorId);
    const start = options.start ?? block;
    await t.app.db.insert(visits).values({
      appointmentId: appointment.id,
      nurseId,
      blockStart: start,
      blockEnd: new Date(start.getTime() + HOUR),
      status,
      expiresAt: options.expiresAt === undefined ? new Date(now.getTime() + 10 * 60_000) : options.expiresAt,
    });
    return appointment.id;
  };

  it('holds the first nurse in the given order without a live visit in the block', async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}, {}, {}]);
    const [confirmed = 0, held = 0, free = 0, later = 0] = nurseIds;
    await put(sectorId, confirmed, 'confirmed', { expiresAt: null });
    await put(sectorId, held, 'hold');
    // Busy in another block only: free in this one, but after `free` in the order.
    await put(sectorId, later, 'confirmed', { start: new Date(block.getTime() + HOUR), expiresAt: null });
    const appointment = await createFixtureAppointment(t.app.db, sectorId);
    const row = await insertHoldForFirstFreeNurse(t.app.db, {
      appointmentId: appointment.id,
      nurseIds: [confirmed, held, free, later],
      blockStart: block,
      blockEnd: new Date(block.getTime() + HOUR),
      expiresAt: new Date(now.getTime() + 20 * 60_000),
      now,
    });
    expect(row).toMatchObject({ appointmentId: appointment.id, nurseId: free, status: 'hold' });
    expect(row?.blockStart.getTime()).toBe(block.getTime());
    expect(row?.expiresAt?.getTime()).toBe(now.getTime() + 20 * 60_000);
    expect(row?.remindedAt).toBeNull();
    expect(await visitOf(appointment.id)).toMatchObject({ nurseId: free });
  });

  it('holds nobody when every nurse is busy, and leaves a taken row to the caller', async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}]);
    const [busy = 0, lapsed = 0] = nurseIds;
    await put(sectorId, busy, 'confirmed', { expiresAt: null });
    const args = (appointmentId: string, ids: number[]) => ({
      appointmentId,
      nurseIds: ids,
      blockStart: block,
      blockEnd: new Date(block.getTime() + HOUR),
      expiresAt: new Date(now.getTime() + 20 * 60_000),
      now,
    });
    const first = await createFixtureAppointment(t.app.db, sectorId);
    expect(await insertHoldForFirstFreeNurse(t.app.db, args(first.id, [busy]))).toBeNull();
    expect(await insertHoldForFirstFreeNurse(t.app.db, args(first.id, []))).toBeNull();
    // A lapsed hold not yet deleted looks free but its row still holds the unique index: null, not
    // an error and not a second visit; the caller then goes nurse by nurse.
    await put(sectorId, lapsed, 'hold', { expiresAt: new Date(now.getTime() - 60_000) });
    expect(await insertHoldForFirstFreeNurse(t.app.db, args(first.id, [busy, lapsed]))).toBeNull();
    expect(await visitOf(first.id)).toBeUndefined();
  });

  it("deletes the block's lapsed holds and the appointment's own hold, and nothing else", async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}, {}, {}, {}]);
    const [a = 0, b = 0, c = 0, d = 0, e = 0] = nurseIds;
    const lapsedHere = await put(sectorId, a, 'hold', { expiresAt: new Date(now.getTime() - 60_000) });
    const liveHere = await put(sectorId, b, 'hold');
    const confirmedHere = await put(sectorId, c, 'confirmed', { expiresAt: null });
    const otherBlock = new Date(block.getTime() + HOUR);
    const lapsedElsewhere = await put(sectorId, d, 'hold', {
      start: otherBlock,
      expiresAt: new Date(now.getTime() - 60_000),
    });
    // The appointment's own hold, live and in another block: replaced, so deleted.
    const own = await put(sectorId, e, 'hold', { start: otherBlock });
    await deleteHoldsBeforeHold(t.app.db, { appointmentId: own, blockStart: block, now });
    expect(await visitOf(lapsedHere)).toBeUndefined();
    expect(await visitOf(own)).toBeUndefined();
    expect(await visitOf(liveHere)).toMatchObject({ status: 'hold' });
    expect(await visitOf(confirmedHere)).toMatchObject({ status: 'confirmed' });
    expect(await visitOf(lapsedElsewhere)).toMatchObject({ status: 'hold' });
  });

  it("keeps an appointment's confirmed visit when it asks for another block", async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}]);
    const confirmed = await put(sectorId, nurseIds[0] ?? 0, 'confirmed', { expiresAt: null });
    await deleteHoldsBeforeHold(t.app.db, {
      appointmentId: confirmed,
      blockStart: new Date(block.getTime() + HOUR),
      now,
    });
    expect(await visitOf(confirmed)).toMatchObject({ status: 'confirmed' });
  });
});
