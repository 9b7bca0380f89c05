import { addDays } from '@visita/domain/availability';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import {
  appointments,
  auditLog,
  nurseDaysOff,
  nurseSectors,
  nurseShifts,
  outboxEvents,
  visits,
} from '../../db/schema.ts';
import { confirmAppointment, pricedAtConfirmation } from '../appointments/confirmation.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { localParts, localToInstant } from './blocks.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from './test-fixtures.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

type Headers = Record<string, string>;
interface Answer {
  nurse: { id: string; name: string };
  from: string;
  to: string;
  visits: Array<{
    appointment_id: string;
    code: string;
    patient: string;
    commune: string | null;
    begin_date: string;
    end_date: string;
    proposal: {
      nurse: { id: string; name: string };
      begin_date: string;
      end_date: string;
      time_changed: boolean;
    } | null;
    result: 'moved' | 'unplaced' | null;
    notified: boolean;
  }>;
}

const patient: StoredCartPatient = {
  first_name: 'Valentina',
  last_name: 'Morales',
  date_of_birth: '1990-04-02',
  gender: 'female',
  document_type: 'ci',
  document_number: '11.111.111-1',
  email: 'valentina@correo.cl',
  phone: '+56 9 1111 1111',
  items: [ID.glicemia],
  packs: [],
  is_fonasa: false,
};

describe.each(TEST_ENGINES)('a nurse calling in sick on $name', (engine) => {
  let t: TestApp;
  let coordinator: Headers;
  const today = () => localParts(new Date(), SANTIAGO).date;

  beforeAll(async () => {
    t = await createTestApp(engine);
    coordinator = (await consoleSessionFor(t.app, { role: 'coordinator' })).headers;
  }, 60_000);
  afterAll(() => t?.close());

  /** A confirmed visit of `nurseId` at `hour` on `date` in the sector, written as a confirmation leaves it. */
  async function visitOf(sectorId: number, nurseId: number, date: string, hour: number) {
    const booking = await createFixtureAppointment(t.app.db, sectorId);
    await setConfirmed(t.app.db, booking.id, {
      clientId: 'demo',
      patients: [patient],
      paymentStatus: 'Payment Successful',
    });
    const start = localToInstant(date, hour * 60, SANTIAGO) ?? 0;
    await t.app.db.insert(visits).values({
      appointmentId: booking.id,
      nurseId,
      blockStart: new Date(start),
      blockEnd: new Date(start + 3_600_000),
      status: 'confirmed',
    });
    return booking.id;
  }

  const propose = (nurseId: number | string, body: Record<string, unknown>, headers: Headers = coordinator) =>
    t.app.inject({
      method: 'POST',
      url: `/api/console/nurses/${nurseId}/sick-days/proposal`,
      headers,
      payload: body,
    });
  const apply = (nurseId: number | string, body: Record<string, unknown>, headers: Headers = coordinator) =>
    t.app.inject({ method: 'POST', url: `/api/console/nurses/${nurseId}/sick-days`, headers, payload: body });
  const nurseOfVisit = async (appointmentId: string) =>
    (await t.app.db.select().from(visits).where(eq(visits.appointmentId, appointmentId)))[0];

  it('proposes the same block with another nurse first, else the nearest block, else nobody; changes nothing', async () => {
    const date = addDays(today(), 1);
    // The sick nurse, a nurse free all day, a nurse working only the afternoon, one who only vaccinates.
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [
      {},
      {},
      {
        shifts: [1, 2, 3, 4, 5, 6, 7].map(
          (weekday) => [weekday, '14:00', '18:00'] as [number, string, string],
        ),
      },
      { skills: ['vaccine'] },
    ]);
    const [sick = 0, allDay = 0] = nurseIds;
    // Her only colleague's other sector, where she alone works: nobody can take that visit.
    const alone = await createFixtureSector(t.app.db, []);
    await t.app.db.insert(nurseSectors).values({ nurseId: sick, sectorId: alone.sectorId });
    const sameBlock = await visitOf(sectorId, sick, date, 9);
    const busyThen = await visitOf(sectorId, sick, date, 10);
    await visitOf(sectorId, allDay, date, 10);
    const nobody = await visitOf(alone.sectorId, sick, date, 12);
    const outside = await visitOf(sectorId, sick, addDays(date, 5), 9);

    const response = await propose(sick, { from: date, to: date });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Answer;
    expect(answer.nurse.id).toBe(String(sick));
    expect(answer.visits.map((visit) => visit.appointment_id)).toEqual([sameBlock, busyThen, nobody]);
    const [first, second, third] = answer.visits;
    expect(first?.proposal).toEqual({
      nurse: { id: String(allDay), name: 'Enfermera de prueba' },
      begin_date: `${date} 09:00:00`,
      end_date: `${date} 10:00:00`,
      time_changed: false,
    });
    expect(first).toMatchObject({
      patient: 'Valentina M.',
      commune: 'Las Condes',
      result: null,
      notified: false,
    });
    // At 10:00 her colleague is busy and nobody else works: the nearest free block is 11:00
    // (09:00 is already given to the first visit).
    expect(second?.proposal).toMatchObject({
      nurse: { id: String(allDay) },
      begin_date: `${date} 11:00:00`,
      time_changed: true,
    });
    expect(third?.proposal).toBeNull();
    // Nothing changed.
    expect((await nurseOfVisit(sameBlock))?.nurseId).toBe(sick);
    expect(await t.app.db.select().from(nurseDaysOff).where(eq(nurseDaysOff.nurseId, sick))).toEqual([]);
    expect((await nurseOfVisit(outside))?.nurseId).toBe(sick);

    // Applied: her days off written, two visits moved, one left with her and said so.
    const applied = await apply(sick, { from: date, to: date });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json() as Answer;
    expect(result.visits.map((visit) => visit.result)).toEqual(['moved', 'moved', 'unplaced']);
    // Only the patient whose time changed is e-mailed.
    expect(result.visits.map((visit) => visit.notified)).toEqual([false, true, false]);
    expect((await nurseOfVisit(sameBlock))?.nurseId).toBe(allDay);
    const moved = await nurseOfVisit(busyThen);
    expect(moved?.nurseId).toBe(allDay);
    expect(localParts(moved?.blockStart ?? new Date(0), SANTIAGO).minutes).toBe(11 * 60);
    expect((await nurseOfVisit(nobody))?.nurseId).toBe(sick);
    expect((await nurseOfVisit(outside))?.nurseId).toBe(sick);
    const daysOff = await t.app.db.select().from(nurseDaysOff).where(eq(nurseDaysOff.nurseId, sick));
    expect(daysOff.map((row) => String(row.day).slice(0, 10))).toEqual([date]);

    const emails = async (appointmentId: string) =>
      (
        await t.app.db
          .select()
          .from(outboxEvents)
          .where(and(eq(outboxEvents.appointmentId, appointmentId), eq(outboxEvents.channel, 'email')))
      ).map((event) => (event.payload as { kind: string }).kind);
    expect(await emails(sameBlock)).toEqual([]);
    expect(await emails(busyThen)).toEqual(['rescheduled']);

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(sick)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('nurse.days_off_applied');
    expect(audit[0]?.after).toEqual({
      from: date,
      to: date,
      moved: [sameBlock, busyThen],
      unplaced: [nobody],
      holds_moved: [],
      holds_released: [],
    });
    const [movedAudit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, busyThen), eq(auditLog.action, 'appointment.moved')));
    expect(movedAudit?.after).toMatchObject({ nurse_id: String(allDay), reason: 'sick_days' });

    // Applied again: what is left with her is listed again, nothing else moves.
    const again = (await apply(sick, { from: date, to: date })).json() as Answer;
    expect(again.visits.map((visit) => [visit.appointment_id, visit.result])).toEqual([[nobody, 'unplaced']]);
  });

  it('gives a booking in progress on her block to a colleague free in it, else releases it; never confirms one onto her', async () => {
    const date = addDays(today(), 3);
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}]);
    const [sick = 0, colleague = 0] = nurseIds;
    const alone = await createFixtureSector(t.app.db, []);
    await t.app.db.insert(nurseSectors).values({ nurseId: sick, sectorId: alone.sectorId });
    /** A booking held on her block, paying: scheduled, its cart in, a live hold. */
    const heldOn = async (sector: number, hour: number) => {
      const booking = await createFixtureAppointment(t.app.db, sector);
      await t.app.db
        .update(appointments)
        .set({ status: 'scheduled', clientId: 'demo', patients: [patient] })
        .where(eq(appointments.id, booking.id));
      const start = localToInstant(date, hour * 60, SANTIAGO) ?? 0;
      await t.app.db.insert(visits).values({
        appointmentId: booking.id,
        nurseId: sick,
        blockStart: new Date(start),
        blockEnd: new Date(start + 3_600_000),
        status: 'hold',
        expiresAt: new Date(Date.now() + 20 * 60_000),
      });
      return booking.id;
    };
    const movable = await heldOn(sectorId, 9);
    const stranded = await heldOn(alone.sectorId, 12);

    const proposed = (await propose(sick, { from: date, to: date })).json() as Answer & {
      holds: Array<{ appointment_id: string; begin_date: string; result: string | null }>;
    };
    expect(proposed.holds.map((hold) => [hold.appointment_id, hold.begin_date, hold.result])).toEqual([
      [movable, `${date} 09:00:00`, null],
      [stranded, `${date} 12:00:00`, null],
    ]);

    const applied = await apply(sick, { from: date, to: date });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json() as typeof proposed;
    expect(result.holds.map((hold) => [hold.appointment_id, hold.result])).toEqual([
      [movable, 'moved'],
      [stranded, 'released'],
    ]);
    // The person's time stays with a colleague; the other person picks another time.
    const kept = await nurseOfVisit(movable);
    expect(kept).toMatchObject({ nurseId: colleague, status: 'hold' });
    expect(localParts(kept?.blockStart ?? new Date(0), SANTIAGO)).toMatchObject({ date, minutes: 9 * 60 });
    expect(await nurseOfVisit(stranded)).toBeUndefined();
    const confirm = (id: string) =>
      confirmAppointment(
        t.app.db,
        id,
        { paymentMethod: 'In address', paymentGateway: 'Partner', paymentStatus: 'Payment Pending' },
        pricedAtConfirmation(catalogue, new Date()),
      );
    const catalogue = await t.app.catalogue();
    await confirm(movable);
    expect((await nurseOfVisit(movable))?.status).toBe('confirmed');
    // A hold put on her afterwards, whoever writes it, is never confirmed onto her day off.
    const late = await heldOn(sectorId, 15);
    await expect(confirm(late)).rejects.toMatchObject({ statusCode: 409, err: 'nurse-off' });
    expect((await nurseOfVisit(late))?.status).toBe('hold');
  });

  it('gives one free nurse to one of two nurses off at once, never to both', async () => {
    const date = addDays(today(), 2);
    const { sectorId, nurseIds } = await createFixtureSector(t.app.db, [
      {
        shifts: [1, 2, 3, 4, 5, 6, 7].map(
          (weekday) => [weekday, '09:00', '10:00'] as [number, string, string],
        ),
      },
      {
        shifts: [1, 2, 3, 4, 5, 6, 7].map(
          (weekday) => [weekday, '09:00', '10:00'] as [number, string, string],
        ),
      },
      {
        shifts: [1, 2, 3, 4, 5, 6, 7].map(
          (weekday) => [weekday, '09:00', '10:00'] as [number, string, string],
        ),
      },
    ]);
    const [first = 0, second = 0, free = 0] = nurseIds;
    const a = await visitOf(sectorId, first, date, 9);
    const b = await visitOf(sectorId, second, date, 9);
    const answers = await Promise.all([
      apply(first, { from: date, to: date }),
      apply(second, { from: date, to: date }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const visitsNow = [await nurseOfVisit(a), await nurseOfVisit(b)];
    // One took the free nurse in the block; the other, never her in that block nor a nurse off
    // that day, went to the nearest block of another day.
    const inBlock = visitsNow.filter(
      (visit) => localParts(visit?.blockStart ?? new Date(0), SANTIAGO).date === date,
    );
    expect(inBlock).toHaveLength(1);
    expect(inBlock[0]?.nurseId).toBe(free);
    const other = visitsNow.find((visit) => visit !== inBlock[0]);
    expect(localParts(other?.blockStart ?? new Date(0), SANTIAGO).date).not.toBe(date);
    const proposals = answers.flatMap((answer) => (answer.json() as Answer).visits);
    expect(proposals.map((visit) => visit.proposal?.time_changed).sort()).toEqual([false, true]);
    // Out of the next tests' way: her shifts go, the visit she took kept with her.
    await t.app.db.update(visits).set({ keptOffRoster: true }).where(eq(visits.nurseId, free));
    await t.app.db.delete(nurseShifts).where(eq(nurseShifts.nurseId, free));
  });

  it('refuses an unknown nurse, a range backwards or too long, bad input and roles without the permission', async () => {
    const date = addDays(today(), 1);
    const unknown = await propose(999_999, { from: date, to: date });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ err: 'nurse-not-found', msg: 'No existe esa enfermera.' });
    for (const body of [
      { from: date, to: addDays(date, -1) },
      { from: date, to: addDays(date, 31) },
      { from: 'mañana', to: date },
      { from: date },
      {},
    ]) {
      const response = await propose(1, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
    }
    const backwards = await apply(1, { from: date, to: addDays(date, -1) });
    expect(backwards.json().msg).toContain('El último día no puede ser anterior al primero.');
    expect((await propose('uno', { from: date, to: date })).statusCode).toBe(400);
    expect((await propose('1 or 1=1', { from: date, to: date })).statusCode).toBe(400);
    for (const role of ['finance', 'partner'] as const) {
      const headers = (await consoleSessionFor(t.app, { role, clientId: role === 'partner' ? 'demo' : null }))
        .headers;
      expect((await apply(1, { from: date, to: date }, headers)).statusCode, role).toBe(403);
      expect((await propose(1, { from: date, to: date }, headers)).statusCode, role).toBe(403);
    }
  });
});
