import { addDays } from '@visita/domain/availability';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { appointments, auditLog, outboxEvents, visits } from '../../db/schema.ts';
import { consoleSessionFor } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { localParts } from '../scheduling/blocks.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from '../scheduling/test-fixtures.ts';
import { confirmAppointment, pricedAtConfirmation } from './confirmation.ts';

type Headers = Record<string, string>;
interface Options {
  date: string;
  time_zone: string;
  blocks: Array<{ begin_date: string; end_date: string; nurses: Array<{ id: string; name: string }> }>;
  current: { begin_date: string; nurse_id: string } | null;
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

const pad = (n: number) => String(n).padStart(2, '0');
const block = (date: string, hour: number) => ({
  begin_date: `${date} ${pad(hour)}:00:00`,
  end_date: `${date} ${pad(hour + 1)}:00:00`,
});

describe.each(TEST_ENGINES)('moving a visit from the console on $name', (engine) => {
  let t: TestApp;
  let sectorId: number;
  /** Two nurses who take lab exams, one who only vaccinates. */
  let labA: number;
  let labB: number;
  let vaccinesOnly: number;
  let coordinator: Headers;
  const tomorrow = () => addDays(localParts(new Date(), SANTIAGO).date, 1);
  const dayAfter = () => addDays(localParts(new Date(), SANTIAGO).date, 2);

  beforeAll(async () => {
    t = await createTestApp(engine);
    let nurseIds: number[];
    ({ sectorId, nurseIds } = await createFixtureSector(t.app.db, [{}, {}, { skills: ['vaccine'] }]));
    [labA = 0, labB = 0, vaccinesOnly = 0] = nurseIds;
    coordinator = (await consoleSessionFor(t.app, { role: 'coordinator' })).headers;
  }, 60_000);
  afterAll(() => t?.close());

  /** A confirmed visit at `hour` on `date` (Santiago), held through the API as the widget holds it. */
  async function confirmedAt(date: string, hour: number, clientId = 'demo') {
    const booking = await createFixtureAppointment(t.app.db, sectorId);
    await t.app.db
      .update(appointments)
      .set({ clientId, patients: [patient] })
      .where(eq(appointments.id, booking.id));
    const held = await t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${booking.id}/schedule/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
      payload: block(date, hour),
    });
    expect(held.statusCode, held.body).toBe(200);
    await confirmAppointment(
      t.app.db,
      booking.id,
      {
        paymentMethod: 'credit_card',
        paymentGateway: 'Sandbox',
        paymentStatus: 'Payment Successful',
      },
      pricedAtConfirmation(await t.app.catalogue(), new Date()),
    );
    return booking;
  }

  const visitOf = async (appointmentId: string) => {
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.appointmentId, appointmentId));
    return visit;
  };
  const options = (id: string, date: string, headers: Headers = coordinator) =>
    t.app.inject({
      method: 'GET',
      url: `/api/console/appointments/${id}/move-options${date ? `?date=${date}` : ''}`,
      headers,
    });
  const move = (id: string, payload: Record<string, unknown>, headers: Headers = coordinator) =>
    t.app.inject({ method: 'POST', url: `/api/console/appointments/${id}/move`, headers, payload });
  const emailsOf = (appointmentId: string) =>
    t.app.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.appointmentId, appointmentId), eq(outboxEvents.channel, 'email')));

  it("offers the day's blocks with the free nurses who can do the visit, never its own place", async () => {
    const date = tomorrow();
    const booking = await confirmedAt(date, 9);
    const visit = await visitOf(booking.id);
    const other = visit?.nurseId === labA ? labB : labA;
    const response = await options(booking.id, date);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as Options;
    expect(answer.time_zone).toBe(SANTIAGO);
    expect(answer.current).toEqual({ begin_date: `${date} 09:00:00`, nurse_id: String(visit?.nurseId) });
    const nine = answer.blocks.find((entry) => entry.begin_date === `${date} 09:00:00`);
    expect(nine?.end_date).toBe(`${date} 10:00:00`);
    // In its own block only the other lab nurse is free; the visit's nurse is busy there.
    expect(nine?.nurses.map((nurse) => nurse.id)).toEqual([String(other)]);
    const ten = answer.blocks.find((entry) => entry.begin_date === `${date} 10:00:00`);
    expect(ten?.nurses.map((nurse) => nurse.id).sort()).toEqual([String(labA), String(labB)].sort());
    // The nurse without the cart's skill is never offered.
    expect(answer.blocks.flatMap((entry) => entry.nurses.map((nurse) => nurse.id))).not.toContain(
      String(vaccinesOnly),
    );
    expect(ten?.nurses[0]?.name).toBe('Enfermera de prueba');
    // Without a date, the visit's own day in its sector.
    const ownDay = (await options(booking.id, '')).json() as Options;
    expect(ownDay.date).toBe(date);
    expect(ownDay.blocks).toEqual(answer.blocks);
  });

  it('moves a visit to another nurse in the same block: the patient told so, not of a new date; audited', async () => {
    const date = tomorrow();
    const booking = await confirmedAt(date, 11);
    const before = await visitOf(booking.id);
    const other = before?.nurseId === labA ? labB : labA;
    const emailsBefore = (await emailsOf(booking.id)).length;
    const response = await move(booking.id, { ...block(date, 11), nurse_id: String(other) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      begin_date: `${date} 11:00:00`,
      end_date: `${date} 12:00:00`,
      nurse: { id: String(other), name: 'Enfermera de prueba' },
      notified: true,
    });
    const after = await visitOf(booking.id);
    expect(after?.nurseId).toBe(other);
    expect(after?.status).toBe('confirmed');
    expect(after?.expiresAt).toBeNull();
    expect(after?.blockStart.getTime()).toBe(before?.blockStart.getTime());
    const emails = await emailsOf(booking.id);
    expect(emails).toHaveLength(emailsBefore + 1);
    expect(emails.at(-1)?.topic).toBe('appointment.rescheduled');
    expect((emails.at(-1)?.payload as { kind: string }).kind).toBe('nurse_changed');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'appointment.moved')));
    expect(audit?.actor).toMatch(/^console:/);
    expect(audit?.partnerId).toBe('demo');
    expect(audit?.before).toEqual({
      nurse_id: String(before?.nurseId),
      begin: before?.blockStart.toISOString(),
    });
    expect(audit?.after).toEqual({ nurse_id: String(other), begin: before?.blockStart.toISOString() });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/console/appointments/${booking.id}/history`,
      headers: coordinator,
    });
    expect(history.json().results.map((entry: { action: string }) => entry.action)).toContain(
      'appointment.moved',
    );
  });

  it('moves a visit to another day and time: the patient gets the new date, the old block is free again', async () => {
    const date = tomorrow();
    const booking = await confirmedAt(date, 13);
    const target = block(dayAfter(), 16);
    const response = await move(booking.id, { ...target, nurse_id: String(labB) });
    expect(response.statusCode, response.body).toBe(200);
    const visit = await visitOf(booking.id);
    expect(visit?.nurseId).toBe(labB);
    expect(localParts(visit?.blockStart ?? new Date(0), SANTIAGO)).toMatchObject({
      date: dayAfter(),
      minutes: 16 * 60,
    });
    const last = (await emailsOf(booking.id)).at(-1);
    expect((last?.payload as { kind: string; begin: string }).kind).toBe('rescheduled');
    expect((last?.payload as { begin: string }).begin).toBe(visit?.blockStart.toISOString());
    const freed = (await options(booking.id, date)).json() as Options;
    const thirteen = freed.blocks.find((entry) => entry.begin_date === `${date} 13:00:00`);
    expect(thirteen?.nurses).toHaveLength(2);
  });

  it('refuses a nurse who cannot do it, one already busy, and the place the visit already has', async () => {
    const date = tomorrow();
    const booking = await confirmedAt(date, 17);
    const busy = await confirmedAt(date, 18);
    const busyNurse = (await visitOf(busy.id))?.nurseId ?? 0;
    const current = await visitOf(booking.id);

    const unqualified = await move(booking.id, { ...block(date, 17), nurse_id: String(vaccinesOnly) });
    expect(unqualified.statusCode).toBe(409);
    expect(unqualified.json().err).toBe('nurse-not-available');
    const taken = await move(booking.id, { ...block(date, 18), nurse_id: String(busyNurse) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      err: 'nurse-not-available',
      msg: expect.stringMatching(/^Esa enfermera/),
    });
    const unchanged = await move(booking.id, { ...block(date, 17), nurse_id: String(current?.nurseId) });
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json().err).toBe('move-unchanged');
    const unknownNurse = await move(booking.id, { ...block(date, 17), nurse_id: '999999' });
    expect(unknownNurse.json().err).toBe('nurse-not-available');
    // Nothing moved: the visit is where it was.
    expect((await visitOf(booking.id))?.id).toBe(current?.id);
  });

  it('refuses bad input with a 400 and its message', async () => {
    const date = tomorrow();
    const booking = await confirmedAt(date, 19);
    for (const payload of [
      { ...block(date, 19), nurse_id: 'uno' },
      { ...block(date, 19), nurse_id: '1; drop table visits' },
      { ...block(date, 19) },
      { begin_date: `${date} 19:00:00`, end_date: `${date} 21:00:00`, nurse_id: String(labA) },
      { begin_date: 'mañana', end_date: `${date} 20:00:00`, nurse_id: String(labA) },
      { ...block('2020-01-01', 9), nurse_id: String(labA) },
    ]) {
      const response = await move(booking.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
    }
    expect((await options(booking.id, 'ayer')).statusCode).toBe(400);
    const past = await options(booking.id, '2020-01-01');
    expect(past.statusCode).toBe(400);
    expect(past.json().err).toBe('block-in-past');
  });

  it('moves only confirmed visits of an appointment it may read, by a role that may move', async () => {
    const date = tomorrow();
    const booking = await confirmedAt(date, 20);
    const target = { ...block(date, 21), nurse_id: String(labA) };
    const unknown = await move('00000000-0000-4000-8000-000000000000', target);
    expect(unknown.statusCode).toBe(404);
    for (const role of ['finance', 'partner'] as const) {
      const headers = (await consoleSessionFor(t.app, { role, clientId: role === 'partner' ? 'demo' : null }))
        .headers;
      expect((await move(booking.id, target, headers)).statusCode, role).toBe(403);
      expect((await options(booking.id, date, headers)).statusCode, role).toBe(403);
    }
    const pending = await createFixtureAppointment(t.app.db, sectorId);
    const notConfirmed = await move(pending.id, target);
    expect(notConfirmed.statusCode).toBe(409);
    await t.app.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, booking.id));
    expect((await move(booking.id, target)).statusCode).toBe(409);
  });

  it('lets the database decide when two visits are moved to the same nurse and block at once', async () => {
    const date = dayAfter();
    const first = await confirmedAt(date, 7);
    const second = await confirmedAt(date, 8);
    const target = { ...block(date, 10), nurse_id: String(labA) };
    const answers = await Promise.all([move(first.id, target), move(second.id, target)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const atTen = await t.app.db.select().from(visits).where(eq(visits.nurseId, labA));
    const tenStart = (await visitOf(answers[0]?.statusCode === 200 ? first.id : second.id))?.blockStart;
    expect(atTen.filter((visit) => visit.blockStart.getTime() === tenStart?.getTime())).toHaveLength(1);
    // The one refused stayed in its own block.
    const loser = answers[0]?.statusCode === 200 ? second : first;
    expect(localParts((await visitOf(loser.id))?.blockStart ?? new Date(0), SANTIAGO).minutes).toBeLessThan(
      10 * 60,
    );
  });
  it("changes one at a time: a console move and the patient's reschedule sent together, one applies, the other answers 409 and one e-mail goes out", async () => {
    for (let trial = 0; trial < 8; trial++) {
      const date = addDays(localParts(new Date(), SANTIAGO).date, 3 + trial);
      const booking = await confirmedAt(date, 9);
      const visit = await visitOf(booking.id);
      const other = visit?.nurseId === labA ? labB : labA;
      const before = (await emailsOf(booking.id)).length;
      // Both people look at the booking as it is now: the coordinator's page and the patient's link.
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/console/appointments/${booking.id}`,
        headers: coordinator,
      });
      const link = await t.app.inject({
        method: 'GET',
        url: `/api/v2/appointments/${booking.id}/booking/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
      });
      expect(page.json().version).toBe(link.json().version);
      const version = page.json().version as number;
      const [moved, rescheduled] = await Promise.all([
        move(booking.id, { ...block(date, 11), nurse_id: String(other), version }),
        t.app.inject({
          method: 'POST',
          url: `/api/v2/appointments/${booking.id}/reschedule/`,
          headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
          payload: { ...block(date, 14), version },
        }),
      ]);
      expect([moved.statusCode, rescheduled.statusCode].sort()).toEqual([200, 409]);
      const [won, lost] = moved.statusCode === 200 ? [moved, rescheduled] : [rescheduled, moved];
      expect(lost.json()).toEqual({
        err: 'appointment-changed',
        msg: 'La cita cambió mientras la editabas.',
      });
      // The visit is where the change that applied put it, and the patient heard of that one only.
      const after = await visitOf(booking.id);
      const hour = won === moved ? 11 : 14;
      expect(localParts(after?.blockStart as Date, SANTIAGO)).toMatchObject({ date, minutes: hour * 60 });
      expect((await emailsOf(booking.id)).length - before).toBe(1);
    }
  });
});
