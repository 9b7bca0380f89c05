import * as ERRORS from '@visita/domain/contract/api-errors';
import { addDays } from '@visita/domain/availability';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { appointments, auditLog, outboxEvents, payments, sandboxCharges } from '../../db/schema.ts';
import {
  consoleCall,
  consoleSessionsByRole,
  type ConsoleCredentials,
} from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { confirmAppointment, pricedAtConfirmation } from '../appointments/confirmation.ts';
import { localParts } from '../scheduling/blocks.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from '../scheduling/test-fixtures.ts';

type Headers = Record<string, string>;

const UNKNOWN = '3f0b9a52-0000-4000-8000-000000000000';
const LONG_AGO = () => new Date(Date.now() - 10 * 60_000);

const patient = (overrides: Partial<StoredCartPatient> = {}): StoredCartPatient => ({
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
  ...overrides,
});

interface Item {
  kind: string;
  appointment_id: string;
  payment_id: string | null;
  amount: number;
  code: string;
  patient_name: string | null;
}

describe.each(TEST_ENGINES)("the console's money queue on $name", (engine) => {
  let t: TestApp;
  let sectorId: number;
  let admin: ConsoleCredentials;
  let coordinator: ConsoleCredentials;
  let finance: ConsoleCredentials;
  let partner: ConsoleCredentials;
  const today = () => localParts(new Date(), SANTIAGO).date;
  const pad = (n: number) => String(n).padStart(2, '0');
  let slot = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ sectorId } = await createFixtureSector(t.app.db, [{}, {}]));
    ({ admin, coordinator, finance, partner } = await consoleSessionsByRole(t.app));
  }, 60_000);
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, who: { headers: Headers } = finance) =>
    consoleCall(t.app, 'POST', url, who, payload);
  const queue = async (query = '', { headers }: { headers: Headers } = finance) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/console/money/queue${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results as Item[];
  };
  const itemsOf = async (appointmentId: string) =>
    (await queue('?limit=200')).filter((item) => item.appointment_id === appointmentId);
  const expectRefusal = (
    response: Awaited<ReturnType<typeof post>>,
    status: number,
    entry?: { err: string; msg: string },
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    if (entry) expect(response.json()).toEqual({ err: entry.err, msg: entry.msg });
    else expect(response.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
  };
  const auditOf = (id: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'appointment'), eq(auditLog.entityId, id)));
  const paymentRow = async (id: string) =>
    (await t.app.db.select().from(payments).where(eq(payments.id, id)))[0];
  const appointmentRow = async (id: string) =>
    (await t.app.db.select().from(appointments).where(eq(appointments.id, id)))[0];

  /** An appointment on 'demo' with its block held through the API (a free slot of its own). */
  async function held() {
    const booking = await createFixtureAppointment(t.app.db, sectorId);
    await t.app.db
      .update(appointments)
      .set({ clientId: 'demo', patients: [patient()] })
      .where(eq(appointments.id, booking.id));
    const n = slot++;
    const date = addDays(today(), 3 + Math.floor(n / 8));
    const hour = 8 + (n % 8);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${booking.id}/schedule/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
      payload: { begin_date: `${date} ${pad(hour)}:00:00`, end_date: `${date} ${pad(hour + 1)}:00:00` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return booking;
  }

  async function confirmed(paymentStatus = 'Payment Pending') {
    const booking = await held();
    await confirmAppointment(
      t.app.db,
      booking.id,
      {
        paymentMethod: 'In address',
        paymentGateway: 'Partner',
        paymentStatus,
      },
      pricedAtConfirmation(await t.app.catalogue(), new Date()),
    );
    return booking;
  }

  async function payment(appointmentId: string, values: Partial<typeof payments.$inferInsert>) {
    const [row] = await t.app.db
      .insert(payments)
      .values({
        appointmentId,
        idempotencyKey: `key-${slot++}`,
        gateway: 'Sandbox',
        method: 'visa',
        status: 'processing',
        amount: 18_990,
        currency: 'CLP',
        ...values,
      })
      .returning();
    if (!row) throw new Error('no payment');
    return row;
  }

  it('is for finance and admins: coordinators and partners get 403, on the queue and every action', async () => {
    for (const who of [coordinator, partner]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/console/money/queue',
        headers: who.headers,
      });
      expectRefusal(response, 403, ERRORS.CONSOLE_FORBIDDEN);
      for (const url of [
        `/api/console/payments/${UNKNOWN}/reconcile`,
        `/api/console/payments/${UNKNOWN}/refund`,
        `/api/console/payments/${UNKNOWN}/settle`,
      ])
        expectRefusal(await post(url, {}, who), 403, ERRORS.CONSOLE_FORBIDDEN);
      expectRefusal(
        await post(
          `/api/console/appointments/${UNKNOWN}/write-off`,
          { kind: 'payment_pending', reason: 'No paga' },
          who,
        ),
        403,
        ERRORS.CONSOLE_FORBIDDEN,
      );
    }
    await queue('', admin);
    await queue('', finance);
  });

  it('refuses bad input with 400 and unknown ids with 404', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/console/money/queue?kind=otra',
      headers: finance.headers,
    });
    expectRefusal(bad, 400);
    expectRefusal(await post('/api/console/payments/no-es-uuid/reconcile', {}), 400);
    const booking = await confirmed();
    expectRefusal(
      await post(`/api/console/appointments/${booking.id}/write-off`, {
        kind: 'payment_pending',
        reason: 'no',
      }),
      400,
    );
    expectRefusal(
      await post(`/api/console/appointments/${booking.id}/write-off`, { kind: 'otra', reason: 'No paga' }),
      400,
    );
    for (const action of ['reconcile', 'refund', 'settle'])
      expectRefusal(
        await post(`/api/console/payments/${UNKNOWN}/${action}`, {}),
        404,
        ERRORS.CONSOLE_PAYMENT_NOT_FOUND,
      );
    expectRefusal(
      await post(`/api/console/appointments/${UNKNOWN}/write-off`, {
        kind: 'payment_pending',
        reason: 'No paga',
      }),
      404,
      ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND,
    );
  });

  it('lists a confirmation left Payment Pending until it is written off with a reason, audited', async () => {
    const booking = await confirmed();
    const [item] = await itemsOf(booking.id);
    expect(item).toMatchObject({
      kind: 'payment_pending',
      code: booking.id.slice(0, 8).toUpperCase(),
      patient_name: 'Valentina M.',
      payment_id: null,
    });
    expect(item?.amount).toBeGreaterThan(0);
    expect((await queue('?kind=company_billed')).some((one) => one.appointment_id === booking.id)).toBe(
      false,
    );
    expect(
      (await queue('?kind=payment_pending&client_id=demo')).some((one) => one.appointment_id === booking.id),
    ).toBe(true);

    const response = await post(`/api/console/appointments/${booking.id}/write-off`, {
      kind: 'payment_pending',
      reason: '  El paciente no pagó  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'written_off', amount: item?.amount });
    expect(await itemsOf(booking.id)).toEqual([]);
    // Nothing was paid: the visit's payment status says so still.
    expect((await appointmentRow(booking.id))?.paymentStatus).toBe('Payment Pending');
    expect(await auditOf(booking.id)).toEqual([
      expect.objectContaining({
        action: 'appointment.written_off',
        operatorId: finance.operatorId,
        after: expect.objectContaining({
          kind: 'payment_pending',
          reason: 'El paciente no pagó',
          amount: item?.amount,
        }),
      }),
    ]);
    expectRefusal(
      await post(`/api/console/appointments/${booking.id}/write-off`, {
        kind: 'payment_pending',
        reason: 'Otra vez',
      }),
      409,
      ERRORS.CONSOLE_NOTHING_TO_WRITE_OFF,
    );
    // A visit not yet confirmed owes nothing to write off.
    const hold = await held();
    expectRefusal(
      await post(`/api/console/appointments/${hold.id}/write-off`, {
        kind: 'payment_pending',
        reason: 'No paga',
      }),
      409,
      ERRORS.invalidAppointmentStatus('scheduled'),
    );
  });

  it('lets a Payment Pending visit leave the queue through the payment recorded on its page', async () => {
    const booking = await confirmed();
    // What a pay-at-home confirmation leaves to collect: what its frozen quote left at the address.
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, booking.id));
    const due = row?.quote?.due.at_address ?? 0;
    expect(due).toBeGreaterThan(0);
    const cash = await payment(booking.id, {
      status: 'cash',
      method: 'cash',
      gateway: 'Cash',
      amount: due,
    });
    const [item] = await itemsOf(booking.id);
    expect(item).toMatchObject({ kind: 'payment_pending', payment_id: cash.id, amount: due });
    const recorded = await post(`/api/console/appointments/${booking.id}/payments`, {
      amount: due,
      method: 'cash',
    });
    expect(recorded.statusCode, recorded.body).toBe(204);
    expect(await itemsOf(booking.id)).toEqual([]);
  });

  it("lists the company's part until it is collected or written off", async () => {
    const collected = await confirmed('Company Billed');
    const part = await payment(collected.id, {
      status: 'company_billed',
      method: 'company',
      gateway: 'Company',
      idempotencyKey: 'company',
      amount: 9_000,
    });
    expect(await itemsOf(collected.id)).toEqual([
      expect.objectContaining({ kind: 'company_billed', payment_id: part.id, amount: 9_000 }),
    ]);
    const settled = await post(`/api/console/payments/${part.id}/settle`, { reference: 'Factura 1234' });
    expect(settled.statusCode, settled.body).toBe(204);
    expect(await paymentRow(part.id)).toMatchObject({ status: 'company_paid', statusDetail: 'Factura 1234' });
    expect(await itemsOf(collected.id)).toEqual([]);
    expect(await auditOf(collected.id)).toEqual([
      expect.objectContaining({
        action: 'appointment.payment_recorded',
        after: expect.objectContaining({ status: 'company_paid', amount: 9_000 }),
      }),
    ]);
    expectRefusal(
      await post(`/api/console/payments/${part.id}/settle`, {}),
      409,
      ERRORS.CONSOLE_NOT_COMPANY_BILLED,
    );

    const owed = await confirmed('Company Billed');
    const other = await payment(owed.id, {
      status: 'company_billed',
      method: 'company',
      gateway: 'Company',
      idempotencyKey: 'company',
      amount: 7_000,
    });
    const written = await post(
      `/api/console/appointments/${owed.id}/write-off`,
      { kind: 'company_billed', reason: 'La empresa quebró' },
      admin,
    );
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual({ status: 'written_off', amount: 7_000 });
    expect(await paymentRow(other.id)).toMatchObject({
      status: 'written_off',
      statusDetail: 'La empresa quebró',
    });
    expect(await itemsOf(owed.id)).toEqual([]);
  });

  it('reconciles a payment processing past its lease: charged, the visit confirmed; not charged, failed', async () => {
    const charged = await held();
    const stuck = await payment(charged.id, { updatedAt: LONG_AGO() });
    await t.app.db.insert(sandboxCharges).values({
      id: `sandbox-${stuck.id}`,
      externalReference: stuck.id,
      status: 'approved',
      statusDetail: 'accredited',
      amount: 18_990,
    });
    expect(await itemsOf(charged.id)).toEqual([
      expect.objectContaining({ kind: 'processing', payment_id: stuck.id, amount: 18_990 }),
    ]);
    const response = await post(`/api/console/payments/${stuck.id}/reconcile`, undefined);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      outcome: 'approved',
      payment_status: 'approved',
      appointment_status: 'confirmed',
    });
    expect(await appointmentRow(charged.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'Payment Successful',
    });
    expect(await itemsOf(charged.id)).toEqual([]);
    expect(await auditOf(charged.id)).toEqual([
      expect.objectContaining({
        action: 'payment.reconciled',
        after: expect.objectContaining({ payment_id: stuck.id, outcome: 'approved', status: 'approved' }),
      }),
    ]);
    expectRefusal(
      await post(`/api/console/payments/${stuck.id}/reconcile`, undefined),
      409,
      ERRORS.CONSOLE_PAYMENT_NOT_STUCK,
    );

    const nothing = await held();
    const lost = await payment(nothing.id, { updatedAt: LONG_AGO() });
    const failed = await post(`/api/console/payments/${lost.id}/reconcile`, undefined, admin);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toEqual({
      outcome: 'rejected',
      payment_status: 'rejected',
      appointment_status: 'scheduled',
    });
    expect(await itemsOf(nothing.id)).toEqual([]);

    // Within its lease it still belongs to the request charging it: not in the queue, not reconciled.
    const fresh = await held();
    const charging = await payment(fresh.id, {});
    expect(await itemsOf(fresh.id)).toEqual([]);
    expectRefusal(
      await post(`/api/console/payments/${charging.id}/reconcile`, undefined),
      409,
      ERRORS.CONSOLE_PAYMENT_NOT_STUCK,
    );
  });

  it('asks a refused refund again: a charge reconcile could not give back, and a cancellation the outbox gave up', async () => {
    const booking = await held();
    const refused = await payment(booking.id, {
      status: 'rejected',
      statusDetail: 'refund_failed:not-payable',
      gatewayPaymentId: 'sandbox-refused-1',
    });
    await t.app.db.insert(sandboxCharges).values({
      id: 'sandbox-refused-1',
      externalReference: refused.id,
      status: 'approved',
      statusDetail: 'accredited',
      amount: 18_990,
    });
    expect(await itemsOf(booking.id)).toEqual([
      expect.objectContaining({ kind: 'refund_failed', payment_id: refused.id }),
    ]);
    const response = await post(`/api/console/payments/${refused.id}/refund`, undefined);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'refunded', amount: 18_990 });
    expect(await paymentRow(refused.id)).toMatchObject({
      status: 'refunded',
      statusDetail: 'refunded:not-payable',
    });
    const [charge] = await t.app.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, 'sandbox-refused-1'));
    expect(charge?.refunded).toBe(true);
    expect(await itemsOf(booking.id)).toEqual([]);
    expect(await auditOf(booking.id)).toEqual([
      expect.objectContaining({
        action: 'appointment.refunded',
        after: expect.objectContaining({ status: 'refunded' }),
      }),
    ]);
    expectRefusal(
      await post(`/api/console/payments/${refused.id}/refund`, undefined),
      409,
      ERRORS.CONSOLE_REFUND_NOT_OWED,
    );

    // A card-paid visit cancelled: its refund in the outbox, given up after its retries.
    const paid = await confirmed('Payment Successful');
    const card = await payment(paid.id, { status: 'approved', gatewayPaymentId: 'sandbox-cancel-1' });
    const cancelled = await post(`/api/console/appointments/${paid.id}/cancel`, { reason: 'Viaja' }, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await itemsOf(paid.id)).toEqual([]);
    await t.app.db
      .update(outboxEvents)
      .set({ failedAt: new Date(), attempts: 8, lastError: 'gateway refused' })
      .where(and(eq(outboxEvents.appointmentId, paid.id), eq(outboxEvents.channel, 'refund')));
    expect(await itemsOf(paid.id)).toEqual([
      expect.objectContaining({ kind: 'refund_failed', payment_id: card.id }),
    ]);
    const retried = await post(`/api/console/payments/${card.id}/refund`, undefined);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await paymentRow(card.id)).toMatchObject({
      status: 'refunded',
      statusDetail: 'refunded:cancelled',
    });
    expect(await itemsOf(paid.id)).toEqual([]);
    const [event] = await t.app.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.appointmentId, paid.id), eq(outboxEvents.channel, 'refund')));
    expect(event?.deliveredAt).not.toBeNull();

    // An approved payment of a visit still on: no refund is owed.
    const live = await confirmed('Payment Successful');
    const ok = await payment(live.id, { status: 'approved' });
    expectRefusal(
      await post(`/api/console/payments/${ok.id}/refund`, undefined),
      409,
      ERRORS.CONSOLE_REFUND_NOT_OWED,
    );
  });
});
