import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, visits } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { holdBlockForAppointment } from './queries.ts';
import { createFixtureAppointment, createFixtureSector } from './test-fixtures.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

const HOUR = 3_600_000;
const SCHEDULABLE = ['pending', 'scheduled', 'expired'];

// The hold's one statement (visits_hold_block) on each engine: what it takes, what it leaves.
describe.each(TEST_ENGINES)('the hold statement on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(() => t?.close());

  const now = new Date(Date.UTC(2031, 2, 3, 12));
  const block = new Date(now.getTime() + 24 * HOUR);
  const visitOf = async (appointmentId: string) =>
    (await t.app.db.select().from(visits).where(eq(visits.appointmentId, appointmentId)))[0];
  const statusOf = async (appointmentId: string) =>
    (await t.app.db.select().from(appointments).where(eq(appointments.id, appointmentId)))[0]?.status;
  /** A visit of a new appointment of the sector: a hold live for 10 more minutes unless told. */
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
  const hold = (appointmentId: string, nurseIds: number[], start = block) =>
    holdBlockForAppointment(t.app.db, {
      appointmentId,
      statuses: SCHEDULABLE,
      nurseIds,
      blockStart: start,
      blockEnd: new Date(start.getTime() + HOUR),
      expiresAt: new Date(now.getTime() + 20 * 60_000),
      now,
    });

  it('holds the first nurse in the given order without a live visit in the block', async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}, {}, {}]);
    const [confirmed = 0, held = 0, free = 0, later = 0] = nurseIds;
    await put(sectorId, confirmed, 'confirmed', { expiresAt: null });
    await put(sectorId, held, 'hold');
    // Busy in another block only: free in this one, but after `free` in the order.
    await put(sectorId, later, 'confirmed', { start: new Date(block.getTime() + HOUR), expiresAt: null });
    const appointment = await createFixtureAppointment(t.app.db, sectorId);
    expect(await statusOf(appointment.id)).toBe('pending');
    expect(await hold(appointment.id, [confirmed, held, free, later])).toBe('held');
    const visit = await visitOf(appointment.id);
    expect(visit).toMatchObject({ nurseId: free, status: 'hold', remindedAt: null });
    expect(visit?.blockStart.getTime()).toBe(block.getTime());
    expect(visit?.blockEnd.getTime()).toBe(block.getTime() + HOUR);
    expect(visit?.expiresAt?.getTime()).toBe(now.getTime() + 20 * 60_000);
    expect(await statusOf(appointment.id)).toBe('scheduled');
  });

  it("deletes the block's lapsed holds and the appointment's own hold, and nothing else", async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}, {}, {}, {}, {}]);
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = nurseIds;
    const lapsedHere = await put(sectorId, a, 'hold', { expiresAt: new Date(now.getTime() - 60_000) });
    const liveHere = await put(sectorId, b, 'hold');
    const confirmedHere = await put(sectorId, c, 'confirmed', { expiresAt: null });
    const otherBlock = new Date(block.getTime() + HOUR);
    const lapsedElsewhere = await put(sectorId, d, 'hold', {
      start: otherBlock,
      expiresAt: new Date(now.getTime() - 60_000),
    });
    // The appointment's own hold, live and in another block: replaced by the new one.
    const own = await put(sectorId, e, 'hold', { start: otherBlock });
    expect(await hold(own, [a, f])).toBe('held');
    // Nurse a's lapsed hold was deleted first, so she is the first free one.
    expect(await visitOf(own)).toMatchObject({ nurseId: a, status: 'hold' });
    expect((await visitOf(own))?.blockStart.getTime()).toBe(block.getTime());
    expect(await visitOf(lapsedHere)).toBeUndefined();
    expect(await visitOf(liveHere)).toMatchObject({ status: 'hold', nurseId: b });
    expect(await visitOf(confirmedHere)).toMatchObject({ status: 'confirmed', nurseId: c });
    expect(await visitOf(lapsedElsewhere)).toMatchObject({ status: 'hold', nurseId: d });
  });

  it('goes nurse by nurse when the first free one is taken under the index', async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}]);
    const [edge = 0, next = 0] = nurseIds;
    // A hold that lapses at this very instant: not live any more, not yet lapsed for the sweep, so
    // its row still holds the unique index against the first insert.
    await put(sectorId, edge, 'hold', { expiresAt: now });
    const appointment = await createFixtureAppointment(t.app.db, sectorId);
    expect(await hold(appointment.id, [edge, next])).toBe('held');
    expect(await visitOf(appointment.id)).toMatchObject({ nurseId: next });
  });

  it('answers taken and changes nothing when every nurse is busy', async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}]);
    const [busy = 0, other = 0] = nurseIds;
    await put(sectorId, busy, 'confirmed', { expiresAt: null });
    // The appointment already holds another block: it keeps it, and its status.
    const appointment = await put(sectorId, other, 'hold', { start: new Date(block.getTime() + HOUR) });
    expect(await hold(appointment, [busy])).toBe('taken');
    expect(await hold(appointment, [])).toBe('taken');
    expect(await visitOf(appointment)).toMatchObject({ nurseId: other, status: 'hold' });
    expect(await statusOf(appointment)).toBe('pending');
  });

  it('answers not-schedulable for a confirmed appointment and keeps its visit', async () => {
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}]);
    const [mine = 0, free = 0] = nurseIds;
    const confirmed = await put(sectorId, mine, 'confirmed', { expiresAt: null });
    await setConfirmed(t.app.db, confirmed);
    expect(await hold(confirmed, [free], new Date(block.getTime() + HOUR))).toBe('not-schedulable');
    expect(await visitOf(confirmed)).toMatchObject({ status: 'confirmed', nurseId: mine });
    expect(await statusOf(confirmed)).toBe('confirmed');
  });
});
