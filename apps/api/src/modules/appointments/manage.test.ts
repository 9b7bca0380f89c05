import { addDays } from '@visita/domain/availability';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsMailer } from '../../adapters/mail/fs-mailer.ts';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { appointments, outboxEvents, payments, visits } from '../../db/schema.ts';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { createBookingDeliverer } from '../notifications/deliver-booking-event.ts';
import { createOutboxWorker } from '../outbox/worker.ts';
import { localParts } from '../scheduling/blocks.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from '../scheduling/test-fixtures.ts';
import { confirmAppointment, pricedAtConfirmation } from './confirmation.ts';

const patient = {
  first_name: 'Valentina',
  last_name: 'Morales',
  email: 'valentina.morales@correo.cl',
  items: [ID.glicemia],
  packs: [],
};

describe.each(TEST_ENGINES)('managing a booking on $name', (engine) => {
  let t: TestApp;
  let sectorId: number;
  const inDays = (days: number) => addDays(localParts(new Date(), SANTIAGO).date, days);

  beforeAll(async () => {
    t = await createTestApp(engine);
    // One nurse, every day, all day: a block is free or taken, nothing in between.
    ({ sectorId } = await createFixtureSector(t.app.db, [{}]));
  }, 60_000);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A confirmed visit on `date` at `hour`:00 Santiago time, booked on the demo client. */
  async function confirmed(date: string, hour: number, clientId = 'demo') {
    const booking = await createFixtureAppointment(t.app.db, sectorId);
    await t.app.db
      .update(appointments)
      .set({ clientId, patients: [{ ...patient, is_fonasa: false }] })
      .where(eq(appointments.id, booking.id));
    const time = `${String(hour).padStart(2, '0')}:00:00`;
    // A block at 23:00 ends at midnight, the next day.
    const end =
      hour === 23 ? `${addDays(date, 1)} 00:00:00` : `${date} ${String(hour + 1).padStart(2, '0')}:00:00`;
    const held = await call(
      'POST',
      `/api/v2/appointments/${booking.id}/schedule/`,
      { [APPOINTMENT_TOKEN_HEADER]: booking.token },
      { begin_date: `${date} ${time}`, end_date: end },
    );
    expect(held.statusCode, held.body).toBe(200);
    await confirmAppointment(
      t.app.db,
      booking.id,
      {
        paymentMethod: 'credit_card',
        paymentGateway: 'Sandbox',
      },
      pricedAtConfirmation(await t.app.catalogue(), new Date()),
    );
    return { ...booking, headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token } };
  }

  const visitOf = async (id: string) =>
    (await t.app.db.select().from(visits).where(eq(visits.appointmentId, id)))[0];

  it("'Tu reserva' says what, for whom, when and until when it can change", async () => {
    const booking = await confirmed(inDays(3), 10);
    const view = await call('GET', `/api/v2/appointments/${booking.id}/booking/`, booking.headers);
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json();
    expect(body).toMatchObject({
      status: 'confirmed',
      reference: booking.id.slice(0, 8).toUpperCase(),
      local_begin_date: `${inDays(3)} 10:00:00`,
      local_work_period_max_lateness: `${inDays(3)} 11:00:00`,
      patients: [{ name: 'Valentina Morales', services: [expect.stringMatching(/Glicemia/)] }],
      can_change: true,
      cancellation_cutoff_hours: 24,
    });
    const visit = await visitOf(booking.id);
    expect(new Date(body.change_until).getTime()).toBe((visit?.blockStart.getTime() ?? 0) - 24 * 3_600_000);
    // A stranger learns nothing, not even that it exists.
    expect((await call('GET', `/api/v2/appointments/${booking.id}/booking/`, {})).statusCode).toBe(404);
  });

  it('cancelling frees the block, refunds the card through the gateway, and tells the person', async () => {
    const booking = await confirmed(inDays(4), 9);
    const [payment] = await t.app.db
      .insert(payments)
      .values({
        appointmentId: booking.id,
        idempotencyKey: 'token:test',
        gateway: 'sandbox',
        method: 'visa',
        gatewayPaymentId: 'sandbox-payment-1',
        status: 'approved',
        amount: 12_990,
        currency: 'CLP',
      })
      .returning();
    const cancelled = await call('POST', `/api/v2/appointments/${booking.id}/cancel/`, booking.headers, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'cancelled', refund: 12_990 });
    expect(await visitOf(booking.id)).toBeUndefined();
    const events = await t.app.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.appointmentId, booking.id));
    expect(
      events
        .filter((e) => e.topic !== 'appointment.confirmed')
        .map((e) => [e.topic, e.channel])
        .sort(),
    ).toEqual([
      ['appointment.cancelled', 'email'],
      ['payment.refund', 'refund'],
    ]);
    // The block is free for someone else at once.
    const other = await createFixtureAppointment(t.app.db, sectorId);
    const taken = await call(
      'POST',
      `/api/v2/appointments/${other.id}/schedule/`,
      { [APPOINTMENT_TOKEN_HEADER]: other.token },
      { begin_date: `${inDays(4)} 09:00:00`, end_date: `${inDays(4)} 10:00:00` },
    );
    expect(taken.statusCode, taken.body).toBe(200);

    const refunds: string[] = [];
    const sandbox = createSandboxGateway(t.app.db);
    const worker = createOutboxWorker({
      db: t.app.db,
      deliver: createBookingDeliverer({
        db: t.app.db,
        mailer: createFsMailer('/tmp/visita-manage-test-mail'),
        gateway: { ...sandbox, refund: async (id, key) => void refunds.push(`${id} ${key}`) },
        catalogue: t.app.catalogue,
        publicUrl: 'https://reservas.example',
        mailFrom: 'reservas@visita.example',
        rosters: t.app.rosters,
      }),
    });
    await worker.runOnce();
    expect(refunds).toEqual([`sandbox-payment-1 cancel-${payment?.id}`]);
    const [refunded] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment?.id ?? ''));
    expect(refunded?.status).toBe('refunded');

    // Cancelled is final: a second try is refused, and the view says so, still telling which visit
    // it was (the block itself is free).
    const again = await call('POST', `/api/v2/appointments/${booking.id}/cancel/`, booking.headers, {});
    expect(again.statusCode).toBe(409);
    const view = (await call('GET', `/api/v2/appointments/${booking.id}/booking/`, booking.headers)).json();
    expect(view).toMatchObject({
      status: 'cancelled',
      can_change: false,
      local_begin_date: `${inDays(4)} 09:00:00`,
    });
  });

  it("within the partner's cut-off the person cannot cancel or move; the client's staff still can", async () => {
    const now = new Date();
    // Three hours from now, on the hour, in Santiago.
    const soon = localParts(
      new Date(Math.ceil((now.getTime() + 3 * 3_600_000) / 3_600_000) * 3_600_000),
      SANTIAGO,
    );
    const hour = Math.floor(soon.minutes / 60);
    const booking = await confirmed(soon.date, hour, 'demo-laas');
    const refused = await call('POST', `/api/v2/appointments/${booking.id}/cancel/`, booking.headers, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      err: 'change-window-closed',
      msg: 'Ya no es posible cancelar ni cambiar esta reserva: se puede hasta 24 horas antes de la visita. Escríbenos y te ayudamos.',
    });
    const moved = await call('POST', `/api/v2/appointments/${booking.id}/reschedule/`, booking.headers, {
      begin_date: `${inDays(5)} 10:00:00`,
      end_date: `${inDays(5)} 11:00:00`,
    });
    expect(moved.statusCode).toBe(409);
    const staff = await call(
      'POST',
      `/api/v2/appointments/${booking.id}/cancel/`,
      {
        authorization: `Bearer ${DEMO_LAAS_TOKEN}`,
      },
      {},
    );
    expect(staff.statusCode, staff.body).toBe(200);
  });

  it('moving a visit takes the new block and frees the old one in one step; a taken block leaves it where it was', async () => {
    const day = inDays(6);
    const booking = await confirmed(day, 10);
    const blocker = await confirmed(day, 15);

    const moved = await call('POST', `/api/v2/appointments/${booking.id}/reschedule/`, booking.headers, {
      begin_date: `${day} 12:00:00`,
      end_date: `${day} 13:00:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      status: 'confirmed',
      begin_date: `${day} 12:00:00`,
      end_date: `${day} 13:00:00`,
    });
    const visit = await visitOf(booking.id);
    expect(visit).toMatchObject({ status: 'confirmed', expiresAt: null });
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, booking.id));
    expect(row?.status).toBe('confirmed');
    const events = await t.app.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.appointmentId, booking.id));
    expect(
      events.some(
        (e) => e.topic === 'appointment.rescheduled' && e.payload.begin === visit?.blockStart.toISOString(),
      ),
    ).toBe(true);

    // The old 10:00 is free again for anyone.
    const other = await createFixtureAppointment(t.app.db, sectorId);
    const reused = await call(
      'POST',
      `/api/v2/appointments/${other.id}/schedule/`,
      { [APPOINTMENT_TOKEN_HEADER]: other.token },
      { begin_date: `${day} 10:00:00`, end_date: `${day} 11:00:00` },
    );
    expect(reused.statusCode, reused.body).toBe(200);

    // 15:00 is the other booking's: the only nurse is taken, the visit stays at 12:00.
    const clash = await call('POST', `/api/v2/appointments/${booking.id}/reschedule/`, booking.headers, {
      begin_date: `${day} 15:00:00`,
      end_date: `${day} 16:00:00`,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().err).toBe('block-not-available');
    expect((await visitOf(booking.id))?.blockStart.getTime()).toBe(visit?.blockStart.getTime());
    expect((await visitOf(blocker.id))?.status).toBe('confirmed');
  });
});
