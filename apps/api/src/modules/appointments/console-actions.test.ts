import * as ERRORS from '@visita/domain/contract/api-errors';
import { addDays } from '@visita/domain/availability';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { appointments, auditLog, clients, outboxEvents, payments, visits } from '../../db/schema.ts';
import {
  consoleCall,
  consoleSessionsByRole,
  type ConsoleCredentials,
} from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { localParts } from '../scheduling/blocks.ts';
import { createFixtureAppointment, createFixtureSector, SANTIAGO } from '../scheduling/test-fixtures.ts';
import { confirmAppointment, pricedAtConfirmation } from './confirmation.ts';
import { frozenQuoteOf } from '../payments/frozen-quote.ts';
import { quoteAppointment } from '../payments/quote.ts';
import { formatCurrency } from '@visita/domain/money';

type Headers = Record<string, string>;

const HOUR_MS = 3_600_000;
const UNKNOWN = '3f0b9a52-0000-4000-8000-000000000000';

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

describe.each(TEST_ENGINES)("the console's appointment actions on $name", (engine) => {
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
    await t.app.db.insert(clients).values({
      id: 'socio-sin-correos',
      name: 'Socio Sin Correos',
      country: 'cl',
      salesSource: 'socio-sin-correos',
      profile: { booking_emails: false },
    });
    ({ admin, coordinator, finance, partner } = await consoleSessionsByRole(t.app));
  }, 60_000);
  afterAll(() => t?.close());

  const url = (id: string, action: string) => `/api/console/appointments/${id}/${action}`;
  const post = (path: string, payload: unknown, who: { headers: Headers } = admin) =>
    consoleCall(t.app, 'POST', path, who, payload);
  const detail = async (id: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/console/appointments/${id}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const history = async (id: string) => {
    const response = await t.app.inject({ method: 'GET', url: url(id, 'history'), headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results as {
      kind: string;
      action: string;
      actor: string | null;
      detail: unknown;
    }[];
  };
  const auditOf = (id: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'appointment'), eq(auditLog.entityId, id)));
  const outboxOf = (id: string) =>
    t.app.db.select().from(outboxEvents).where(eq(outboxEvents.appointmentId, id));
  const appointmentRow = async (id: string) =>
    (await t.app.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const expectRefusal = (
    response: Awaited<ReturnType<typeof post>>,
    status: number,
    entry?: { err: string; msg: string },
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    if (entry) expect(response.json()).toEqual({ err: entry.err, msg: entry.msg });
    else expect(response.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
  };

  /** An appointment with one patient on `clientId`, not yet holding a block. */
  async function booked(clientId = 'demo', patients = [patient()]) {
    const booking = await createFixtureAppointment(t.app.db, sectorId);
    await t.app.db.update(appointments).set({ clientId, patients }).where(eq(appointments.id, booking.id));
    return booking;
  }

  /** Its block held through the API, as the widget holds it (a free slot of its own each time). */
  async function held(clientId = 'demo', patients = [patient()]) {
    const booking = await booked(clientId, patients);
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

  /** Held and confirmed, recorded as `paymentStatus`. */
  async function confirmed(
    clientId = 'demo',
    { paymentStatus = 'Payment Pending', patients = [patient()] } = {},
  ) {
    const booking = await held(clientId, patients);
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
    // The Mexican partner's visit: held in the test's sector, whose catalogue is Chile's.
    if (clientId === 'demo-mx')
      await t.app.db.update(appointments).set({ country: 'mx' }).where(eq(appointments.id, booking.id));
    return booking;
  }

  /** What the booking's frozen quote left to collect at the address. */
  async function dueAtAddress(id: string): Promise<number> {
    const due = (await appointmentRow(id))?.quote?.due.at_address ?? 0;
    expect(due).toBeGreaterThan(0);
    return due;
  }

  /** The visit's block moved to start at `start` (an hour long): a visit about to begin, or begun. */
  async function visitStartsAt(id: string, start: Date) {
    // A distinct minute per call: two visits of one nurse never share a block start.
    const at = new Date(Math.floor(start.getTime() / 60_000) * 60_000 - slot++ * 60_000);
    await t.app.db
      .update(visits)
      .set({ blockStart: at, blockEnd: new Date(at.getTime() + HOUR_MS) })
      .where(eq(visits.appointmentId, id));
  }

  describe('cancel', () => {
    it('cancels a card-paid visit with a reason: the refund owed, the patient and partner told, audited', async () => {
      const booking = await confirmed('demo', { paymentStatus: 'Payment Successful' });
      const [card] = await t.app.db
        .insert(payments)
        .values({
          appointmentId: booking.id,
          idempotencyKey: 'card-1',
          gateway: 'sandbox',
          method: 'visa',
          gatewayPaymentId: 'sandbox-77',
          status: 'approved',
          amount: 18_990,
          currency: 'CLP',
        })
        .returning();
      const before = await detail(booking.id);
      expect(before.begin_date).toEqual(expect.any(String));

      const response = await post(
        url(booking.id, 'cancel'),
        { reason: '  La paciente viaja  ' },
        coordinator,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: 'cancelled', refund: 18_990 });

      const row = await appointmentRow(booking.id);
      expect(row?.status).toBe('cancelled');
      expect(await t.app.db.select().from(visits).where(eq(visits.appointmentId, booking.id))).toEqual([]);
      // The nurse is freed, and the booking still says which visit it was.
      const after = await detail(booking.id);
      expect([after.begin_date, after.end_date]).toEqual([before.begin_date, before.end_date]);
      const outbox = await outboxOf(booking.id);
      expect(outbox.filter((event) => event.channel === 'refund')).toEqual([
        expect.objectContaining({ topic: 'payment.refund', payload: { payment_id: card?.id } }),
      ]);
      expect(outbox).toContainEqual(
        expect.objectContaining({
          topic: 'appointment.cancelled',
          channel: 'email',
          payload: expect.objectContaining({
            to: 'valentina@correo.cl',
            kind: 'cancelled',
            refunded: 18_990,
          }),
        }),
      );
      expect(await auditOf(booking.id)).toEqual([
        expect.objectContaining({
          action: 'appointment.cancelled',
          actor: `console:${coordinator.operatorId} (${coordinator.email})`,
          operatorId: coordinator.operatorId,
          partnerId: 'demo',
          before: { status: 'confirmed' },
          after: { status: 'cancelled', reason: 'La paciente viaja', refund: 18_990 },
        }),
      ]);
      expect((await history(booking.id))[0]).toMatchObject({
        kind: 'audit',
        action: 'appointment.cancelled',
        actor: expect.stringMatching(/^console:/),
      });

      // Cancelled once: a second cancellation is the status's refusal, and nothing more is owed.
      expectRefusal(
        await post(url(booking.id, 'cancel'), { reason: 'Otra vez' }, coordinator),
        409,
        ERRORS.invalidAppointmentStatus('cancelled'),
      );
      expect((await outboxOf(booking.id)).filter((event) => event.channel === 'refund')).toHaveLength(1);
    });

    it("cancels inside the partner's cut-off, and a hold at any time, but not a visit that began", async () => {
      const soon = await confirmed();
      await visitStartsAt(soon.id, new Date(Date.now() + HOUR_MS));
      const late = await post(url(soon.id, 'cancel'), { reason: 'Llamó tarde' }, partner);
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json()).toEqual({ status: 'cancelled', refund: 0 });

      const hold = await held();
      const abandoned = await post(url(hold.id, 'cancel'), { reason: 'No terminó la reserva' });
      expect(abandoned.json()).toEqual({ status: 'cancelled', refund: 0 });
      // A hold was never confirmed: nobody is told of its end.
      expect((await outboxOf(hold.id)).filter((event) => event.topic === 'appointment.cancelled')).toEqual(
        [],
      );
      expect(await auditOf(hold.id)).toEqual([
        expect.objectContaining({
          before: { status: 'scheduled' },
          after: expect.objectContaining({ refund: 0 }),
        }),
      ]);

      const begun = await confirmed();
      await visitStartsAt(begun.id, new Date(Date.now() - HOUR_MS));
      expectRefusal(
        await post(url(begun.id, 'cancel'), { reason: 'Demasiado tarde' }),
        409,
        ERRORS.VISIT_STARTED,
      );
      expect((await appointmentRow(begun.id))?.status).toBe('confirmed');
      expect(await auditOf(begun.id)).toEqual([]);
    });

    it('leaves a payment collected at the address to a person: no gateway refund for it', async () => {
      const booking = await confirmed();
      const due = await dueAtAddress(booking.id);
      expect(
        (await post(url(booking.id, 'payments'), { amount: due, method: 'cash' }, finance)).statusCode,
      ).toBe(204);
      const response = await post(url(booking.id, 'cancel'), { reason: 'Se canceló después del cobro' });
      expect(response.json()).toEqual({ status: 'cancelled', refund: 0 });
      expect((await outboxOf(booking.id)).filter((event) => event.channel === 'refund')).toEqual([]);
      expect(await t.app.db.select().from(payments).where(eq(payments.appointmentId, booking.id))).toEqual([
        expect.objectContaining({ status: 'approved', gateway: 'console', amount: due }),
      ]);
    });

    it('refuses a short reason, an unknown id, another partner and a role without the permission', async () => {
      const booking = await confirmed();
      for (const payload of [{ reason: 'no' }, { reason: '   ' }, {}, { reason: 'x'.repeat(501) }])
        expectRefusal(await post(url(booking.id, 'cancel'), payload), 400);
      expectRefusal(
        await post(url(UNKNOWN, 'cancel'), { reason: 'Sin cita' }),
        404,
        ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND,
      );
      expectRefusal(await post(url('not-a-uuid', 'cancel'), { reason: 'Sin cita' }), 400);

      const foreign = await confirmed('demo-mx');
      expectRefusal(
        await post(url(foreign.id, 'cancel'), { reason: 'No es mía' }, partner),
        403,
        ERRORS.CONSOLE_FORBIDDEN_PARTNER,
      );
      expectRefusal(
        await post(url(booking.id, 'cancel'), { reason: 'Finanzas' }, finance),
        403,
        ERRORS.CONSOLE_FORBIDDEN,
      );
      for (const id of [booking.id, foreign.id]) {
        expect((await appointmentRow(id))?.status).toBe('confirmed');
        expect(await auditOf(id)).toEqual([]);
      }
    });
  });

  describe('notes', () => {
    it('adds internal notes, listed newest first on the page and told in the history', async () => {
      const booking = await confirmed();
      const first = await post(url(booking.id, 'notes'), { text: 'Llamar antes de llegar' }, coordinator);
      expect(first.statusCode, first.body).toBe(204);
      expect(first.body).toBe('');
      expect((await post(url(booking.id, 'notes'), { text: '  Perro bravo  ' }, finance)).statusCode).toBe(
        204,
      );

      const page = await detail(booking.id);
      expect(page.notes).toEqual([
        { at: expect.any(String), author: `Operador finance (${finance.email})`, text: 'Perro bravo' },
        {
          at: expect.any(String),
          author: `Operador coordinator (${coordinator.email})`,
          text: 'Llamar antes de llegar',
        },
      ]);
      expect(Date.parse(page.notes[0].at)).toBeGreaterThanOrEqual(Date.parse(page.notes[1].at));
      expect(page.outcome).toBeNull();

      const notes = (await history(booking.id)).filter((entry) => entry.action === 'appointment.note_added');
      expect(notes).toHaveLength(2);
      expect(notes[0]).toMatchObject({
        kind: 'audit',
        actor: `console:${finance.operatorId} (${finance.email})`,
        detail: { before: null, after: expect.objectContaining({ text: 'Perro bravo' }) },
      });
      // A note is the console's: the patient is never written to about it.
      expect((await outboxOf(booking.id)).map((event) => event.topic)).not.toContain(
        'appointment.note_added',
      );
      // Nor does the partner's operator read it: no notes on the page, no text in the history.
      const asPartner = await t.app.inject({
        method: 'GET',
        url: `/api/console/appointments/${booking.id}`,
        headers: partner.headers,
      });
      expect(asPartner.statusCode, asPartner.body).toBe(200);
      expect(asPartner.json().notes).toEqual([]);
      const partnerHistory = await t.app.inject({
        method: 'GET',
        url: url(booking.id, 'history'),
        headers: partner.headers,
      });
      const added = (partnerHistory.json().results as Array<{ action: string; detail: unknown }>).filter(
        (entry) => entry.action === 'appointment.note_added',
      );
      expect(added).toHaveLength(2);
      expect(added.map((entry) => entry.detail)).toEqual([null, null]);
      expect(partnerHistory.body).not.toContain('Perro bravo');
    });

    it('refuses an empty or too long note, an unknown id and a partner operator', async () => {
      const booking = await confirmed();
      for (const payload of [{ text: '' }, { text: '   ' }, {}, { text: 'x'.repeat(2001) }, { text: 42 }])
        expectRefusal(await post(url(booking.id, 'notes'), payload), 400);
      expectRefusal(
        await post(url(UNKNOWN, 'notes'), { text: 'Hola' }),
        404,
        ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND,
      );
      expectRefusal(
        await post(url(booking.id, 'notes'), { text: 'Hola' }, partner),
        403,
        ERRORS.CONSOLE_FORBIDDEN,
      );
      expect((await detail(booking.id)).notes).toEqual([]);
      expect(await auditOf(booking.id)).toEqual([]);
    });
  });

  describe('a payment collected at the address', () => {
    it('records each collection as it was: a part leaves the rest owed and the visit unpaid, the rest settles it', async () => {
      const booking = await confirmed();
      const due = await dueAtAddress(booking.id);
      const [cash] = await t.app.db
        .insert(payments)
        .values({
          appointmentId: booking.id,
          idempotencyKey: 'cash',
          gateway: 'Partner',
          method: 'In address',
          status: 'cash',
          amount: due,
          currency: 'CLP',
        })
        .returning();

      const response = await post(
        url(booking.id, 'payments'),
        { amount: due - 500, method: 'card_terminal', reference: ' T-9911 ' },
        finance,
      );
      expect(response.statusCode, response.body).toBe(204);
      const rows = await t.app.db.select().from(payments).where(eq(payments.appointmentId, booking.id));
      // What was to be collected stays as it was; the collection is an entry of its own.
      expect(rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: cash?.id, status: 'cash', amount: due }),
          expect.objectContaining({
            status: 'approved',
            gateway: 'console',
            method: 'card_terminal',
            amount: due - 500,
            currency: 'CLP',
            statusDetail: 'T-9911',
          }),
        ]),
      );
      expect(rows).toHaveLength(2);
      expect((await appointmentRow(booking.id))?.paymentStatus).toBe('Payment Pending');
      const collected = rows.find((row) => row.gateway === 'console');
      expect(await auditOf(booking.id)).toEqual([
        expect.objectContaining({
          action: 'appointment.payment_recorded',
          actor: `console:${finance.operatorId} (${finance.email})`,
          before: { payment_status: 'Payment Pending', outstanding: due },
          after: {
            payment_status: 'Payment Pending',
            payment_id: collected?.id,
            status: 'approved',
            amount: due - 500,
            method: 'card_terminal',
            reference: 'T-9911',
            outstanding: 500,
          },
        }),
      ]);
      expect((await detail(booking.id)).amounts.ledger).toMatchObject({ paid: due - 500, to_collect: 500 });

      expect(
        (await post(url(booking.id, 'payments'), { amount: 500, method: 'cash' }, finance)).statusCode,
      ).toBe(204);
      expect((await appointmentRow(booking.id))?.paymentStatus).toBe('Payment Successful');
      expectRefusal(
        await post(url(booking.id, 'payments'), { amount: 500, method: 'cash' }, finance),
        409,
        ERRORS.CONSOLE_PAYMENT_ALREADY_RECORDED,
      );
      expect(await auditOf(booking.id)).toHaveLength(2);
    });

    it("records a payment of its own, in the country's currency, when none was to be collected", async () => {
      for (const [clientId, currency] of [
        ['demo', 'CLP'],
        ['demo-mx', 'MXN'],
      ] as const) {
        const booking = await confirmed(clientId);
        const due = await dueAtAddress(booking.id);
        const response = await post(url(booking.id, 'payments'), { amount: due, method: 'transfer' });
        expect(response.statusCode, response.body).toBe(204);
        const rows = await t.app.db.select().from(payments).where(eq(payments.appointmentId, booking.id));
        expect(rows, clientId).toEqual([
          expect.objectContaining({
            status: 'approved',
            gateway: 'console',
            method: 'transfer',
            amount: due,
            currency,
            gatewayPaymentId: null,
            statusDetail: null,
            idempotencyKey: expect.stringMatching(/^console:[0-9a-f-]{36}$/),
          }),
        ]);
        expect((await appointmentRow(booking.id))?.paymentStatus).toBe('Payment Successful');
        const [audit] = await auditOf(booking.id);
        expect(audit?.after).toMatchObject({
          amount: due,
          method: 'transfer',
          reference: null,
          outstanding: 0,
        });
      }
    });

    it('refuses a paid visit, one not confirmed, bad amounts and methods, and roles without payments.settle', async () => {
      // Paid whole by card: nothing is left to collect at the address.
      const paidByCard = await held('demo', [patient()]);
      const catalogue = await t.app.catalogue();
      await confirmAppointment(
        t.app.db,
        paidByCard.id,
        { paymentMethod: 'visa', paymentGateway: 'Sandbox', paymentStatus: 'Payment Successful' },
        async (tx, row) => {
          const price = await quoteAppointment(tx, catalogue, row);
          return {
            quote: frozenQuoteOf(catalogue, row, price, { online: price.net_price, company: 0 }, new Date()),
          };
        },
        async (tx, row) => {
          await tx.insert(payments).values({
            appointmentId: row.id,
            idempotencyKey: 'card-2',
            gateway: 'sandbox',
            method: 'visa',
            gatewayPaymentId: 'sandbox-78',
            status: 'approved',
            amount: row.quote?.due.online ?? 0,
            currency: 'CLP',
          });
        },
      );
      expectRefusal(
        await post(url(paidByCard.id, 'payments'), { amount: 1000, method: 'cash' }),
        409,
        ERRORS.CONSOLE_PAYMENT_ALREADY_RECORDED,
      );
      const approved = await confirmed();
      expectRefusal(
        await post(url(approved.id, 'payments'), {
          amount: (await dueAtAddress(approved.id)) + 1,
          method: 'cash',
        }),
        400,
        ERRORS.consolePaymentOverDue(formatCurrency(await dueAtAddress(approved.id), 'cl')),
      );

      const hold = await held();
      expectRefusal(
        await post(url(hold.id, 'payments'), { amount: 1000, method: 'cash' }),
        409,
        ERRORS.invalidAppointmentStatus('scheduled'),
      );

      const booking = await confirmed();
      for (const payload of [
        { amount: -5, method: 'cash' },
        { amount: 0, method: 'cash' },
        { amount: 10.5, method: 'cash' },
        { amount: '1000', method: 'cash' },
        { amount: 1000, method: 'cheque' },
        { amount: 1000 },
        { method: 'cash' },
        { amount: 1000, method: 'cash', reference: 'x'.repeat(121) },
      ])
        expectRefusal(await post(url(booking.id, 'payments'), payload), 400);
      expectRefusal(
        await post(url(UNKNOWN, 'payments'), { amount: 1000, method: 'cash' }),
        404,
        ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND,
      );
      for (const who of [coordinator, partner])
        expectRefusal(
          await post(url(booking.id, 'payments'), { amount: 1000, method: 'cash' }, who),
          403,
          ERRORS.CONSOLE_FORBIDDEN,
        );
      for (const id of [paidByCard.id, approved.id, hold.id, booking.id])
        expect(await auditOf(id), id).toEqual([]);
      expect(await t.app.db.select().from(payments).where(eq(payments.appointmentId, booking.id))).toEqual(
        [],
      );
    });
  });

  describe("the visit's outcome", () => {
    it('is recorded once the block began, may be corrected, and is on the page and in the history', async () => {
      const booking = await confirmed();
      expectRefusal(
        await post(url(booking.id, 'outcome'), { outcome: 'done' }, coordinator),
        409,
        ERRORS.CONSOLE_VISIT_NOT_BEGUN,
      );
      await visitStartsAt(booking.id, new Date(Date.now() - 30 * 60_000));

      expect((await post(url(booking.id, 'outcome'), { outcome: 'done' }, coordinator)).statusCode).toBe(204);
      expect((await detail(booking.id)).outcome).toBe('done');
      const done = await appointmentRow(booking.id);
      expect(done?.visitOutcomeAt).toBeInstanceOf(Date);

      expect((await post(url(booking.id, 'outcome'), { outcome: 'no_show' })).statusCode).toBe(204);
      expect((await detail(booking.id)).outcome).toBe('no_show');
      // The same outcome again changes nothing and records nothing.
      expect((await post(url(booking.id, 'outcome'), { outcome: 'no_show' })).statusCode).toBe(204);

      const audit = (await auditOf(booking.id)).sort((a, b) => a.at.getTime() - b.at.getTime());
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'appointment.outcome_set',
          actor: `console:${coordinator.operatorId} (${coordinator.email})`,
          before: { outcome: null, at: null },
          after: { outcome: 'done', at: expect.any(String) },
        }),
        expect.objectContaining({
          action: 'appointment.outcome_set',
          actor: `console:${admin.operatorId} (${admin.email})`,
          before: { outcome: 'done', at: done?.visitOutcomeAt?.toISOString() },
          after: { outcome: 'no_show', at: expect.any(String) },
        }),
      ]);
      expect(
        (await history(booking.id)).filter((entry) => entry.action === 'appointment.outcome_set'),
      ).toHaveLength(2);
    });

    it('refuses a cancelled visit, a bad outcome, an unknown id and roles without the permission', async () => {
      const cancelled = await confirmed();
      await visitStartsAt(cancelled.id, new Date(Date.now() + 2 * HOUR_MS));
      expect((await post(url(cancelled.id, 'cancel'), { reason: 'Cancelada antes' })).statusCode).toBe(200);
      expectRefusal(
        await post(url(cancelled.id, 'outcome'), { outcome: 'done' }),
        409,
        ERRORS.invalidAppointmentStatus('cancelled'),
      );

      const booking = await confirmed();
      await visitStartsAt(booking.id, new Date(Date.now() - HOUR_MS));
      for (const payload of [{ outcome: 'maybe' }, {}, { outcome: null }])
        expectRefusal(await post(url(booking.id, 'outcome'), payload), 400);
      expectRefusal(
        await post(url(UNKNOWN, 'outcome'), { outcome: 'done' }),
        404,
        ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND,
      );
      for (const who of [finance, partner])
        expectRefusal(
          await post(url(booking.id, 'outcome'), { outcome: 'done' }, who),
          403,
          ERRORS.CONSOLE_FORBIDDEN,
        );
      expect((await appointmentRow(booking.id))?.visitOutcome).toBeNull();
      expect(await auditOf(booking.id)).toEqual([]);
    });
  });

  describe('resending the confirmation', () => {
    it('writes the confirmation e-mail once more to each patient, and no webhook', async () => {
      const booking = await confirmed('demo', {
        patients: [
          patient(),
          patient({ first_name: 'Tomás', email: 'VALENTINA@correo.cl', document_number: '22.222.222-2' }),
          patient({ first_name: 'Inés', email: 'ines@correo.cl', document_number: '33.333.333-3' }),
        ],
      });
      const before = await outboxOf(booking.id);
      const confirmedEvents = (channel: string, events: typeof before) =>
        events.filter((event) => event.topic === 'appointment.confirmed' && event.channel === channel);

      const response = await post(url(booking.id, 'resend-confirmation'), undefined, coordinator);
      expect(response.statusCode, response.body).toBe(204);
      const after = await outboxOf(booking.id);
      const sent = confirmedEvents('email', after).filter(
        (event) => !before.some((earlier) => earlier.id === event.id),
      );
      expect(sent.map((event) => event.payload.to).sort()).toEqual(['ines@correo.cl', 'valentina@correo.cl']);
      for (const email of sent)
        expect(email.payload).toEqual(
          expect.objectContaining({ kind: 'confirmed', begin: expect.any(String), end: expect.any(String) }),
        );
      expect(confirmedEvents('webhook', after)).toHaveLength(confirmedEvents('webhook', before).length);
      expect(after.length).toBe(before.length + 2);
      expect(await auditOf(booking.id)).toEqual([
        expect.objectContaining({
          action: 'appointment.confirmation_resent',
          actor: `console:${coordinator.operatorId} (${coordinator.email})`,
          after: { emails: 2 },
        }),
      ]);
      // A second resend is a second e-mail: each resend is its own.
      expect((await post(url(booking.id, 'resend-confirmation'), undefined)).statusCode).toBe(204);
      expect(confirmedEvents('email', await outboxOf(booking.id))).toHaveLength(
        confirmedEvents('email', before).length + 4,
      );
    });

    it('writes one e-mail for a single patient', async () => {
      const booking = await confirmed();
      const before = (await outboxOf(booking.id)).length;
      expect((await post(url(booking.id, 'resend-confirmation'), undefined)).statusCode).toBe(204);
      const after = await outboxOf(booking.id);
      expect(after).toHaveLength(before + 1);
      expect(after).toContainEqual(
        expect.objectContaining({
          topic: 'appointment.confirmed',
          channel: 'email',
          dedupeKey: expect.stringMatching(/^resend:.+:email:valentina@correo\.cl$/),
        }),
      );
    });

    it('refuses a visit not confirmed, one with nobody to write to, an unknown id and other roles', async () => {
      const hold = await held();
      expectRefusal(
        await post(url(hold.id, 'resend-confirmation'), undefined),
        409,
        ERRORS.invalidAppointmentStatus('scheduled'),
      );
      const silent = await confirmed('socio-sin-correos');
      const noEmail = await confirmed('demo', { patients: [patient({ email: null })] });
      for (const id of [silent.id, noEmail.id]) {
        const before = (await outboxOf(id)).length;
        expectRefusal(
          await post(url(id, 'resend-confirmation'), undefined),
          409,
          ERRORS.CONSOLE_NO_CONFIRMATION_EMAIL,
        );
        expect(await outboxOf(id)).toHaveLength(before);
      }
      expectRefusal(
        await post(url(UNKNOWN, 'resend-confirmation'), undefined),
        404,
        ERRORS.CONSOLE_APPOINTMENT_NOT_FOUND,
      );
      const booking = await confirmed();
      for (const who of [finance, partner])
        expectRefusal(
          await post(url(booking.id, 'resend-confirmation'), undefined, who),
          403,
          ERRORS.CONSOLE_FORBIDDEN,
        );
      for (const id of [hold.id, silent.id, noEmail.id, booking.id]) expect(await auditOf(id)).toEqual([]);
    });
  });
});
