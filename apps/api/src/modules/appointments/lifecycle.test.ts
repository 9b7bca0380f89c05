import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import type { StoredCartPatient } from '@visita/domain/contract/patients';
import { manualConfirmationPayment } from '@visita/domain/client';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatusValue } from '../../db/schema.ts';
import { appointments, clients, couponUses, coupons, nurses, sectors, visits } from '../../db/schema.ts';
import { DEMO_LAAS_LM_TOKEN, DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { hashApiToken } from '../clients/api-token.ts';
import { AppError } from '../../errors.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { computeAmounts } from './staff-fields.ts';
import {
  type AppointmentEvent,
  cancelAppointment,
  expireAppointment,
  expireLapsedHolds,
  transition,
} from './transitions.ts';

const STATUSES: AppointmentStatusValue[] = ['pending', 'scheduled', 'confirmed', 'cancelled', 'expired'];
const ALLOWED: Record<AppointmentEvent, Partial<Record<AppointmentStatusValue, AppointmentStatusValue>>> = {
  schedule: { pending: 'scheduled', scheduled: 'scheduled', expired: 'scheduled' },
  confirm: { scheduled: 'confirmed' },
  cancel: { pending: 'cancelled', scheduled: 'cancelled' },
  expire: { scheduled: 'expired' },
};

describe('transition', () => {
  const table = (Object.keys(ALLOWED) as AppointmentEvent[]).flatMap((event) =>
    STATUSES.map((from) => ({ event, from, to: ALLOWED[event][from] ?? null })),
  );
  it.each(table)('$event from $from → $to', ({ event, from, to }) => {
    if (to) {
      expect(transition(from, event)).toBe(to);
    } else {
      let error: unknown;
      try {
        transition(from, event);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 409, err: 'invalid-appointment-status' });
    }
  });
});

describe('amount step', () => {
  it.each([
    [
      { total: 100, discount: 0 },
      { subtotal: 100, discount: 0, iva: 16, total: 116 },
    ],
    [
      { total: 1000, discount: 250.5 },
      { subtotal: 1000, discount: 250.5, iva: 119.92, total: 869.42 },
    ],
    [
      { total: 10.05, discount: null },
      { subtotal: 10.05, discount: 0, iva: 1.61, total: 11.66 },
    ],
    [
      { total: 50, discount: 50 },
      { subtotal: 50, discount: 50, iva: 0, total: 0 },
    ],
  ])('Mexico: %j → %j', (body, expected) => expect(computeAmounts(body, 'mx')).toEqual(expected));

  it.each([
    [
      { total: 10000, discount: 0 },
      { subtotal: 10000, discount: 0, iva: 1900, total: 11900 },
    ],
    [
      { total: 15990, discount: 990 },
      { subtotal: 15990, discount: 990, iva: 2850, total: 17850 },
    ],
    [
      { total: 999, discount: null },
      { subtotal: 999, discount: 0, iva: 190, total: 1189 },
    ],
  ])('Chile, 19 %% in whole pesos: %j → %j', (body, expected) =>
    expect(computeAmounts(body, 'cl')).toEqual(expected),
  );

  it.each([
    [{ total: null, discount: 1 }, 'El subtotal es obligatorio'],
    [{ discount: 1 }, 'El subtotal es obligatorio'],
    [{ total: 10, discount: 11 }, 'El descuento no puede ser mayor al subtotal'],
    [{ total: -1, discount: 0 }, 'El monto no puede ser negativo'],
    [{ total: 10, discount: -1 }, 'El monto no puede ser negativo'],
    [{ total: 10.001, discount: 0 }, 'El monto puede tener como máximo 2 decimales'],
    [{ total: 1e15, discount: 0 }, 'El monto es demasiado grande'],
  ])('%j is refused: %s', (body, msg) => {
    expect(() => computeAmounts(body, 'mx')).toThrow(msg);
  });
});

const square = (lng: number, lat: number, half = 0.05): [number, number][][] => [
  [
    [lng - half, lat - half],
    [lng + half, lat - half],
    [lng + half, lat + half],
    [lng - half, lat + half],
    [lng - half, lat - half],
  ],
];

const booking = (clientId: string, salesSource: string) => ({
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Las Condes',
  address_line_1: 'Avenida Apoquindo 4500',
  target_street_number: '4500',
  target_residence_type: 'house',
  target_lat: -33.4129,
  target_lng: -70.5799,
  target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
  sales_source: salesSource,
  section_origin: 'address',
  client_id: clientId,
});

const errorShape = { err: expect.any(String), msg: expect.any(String) };

describe.each(TEST_ENGINES)('appointment lifecycle on $name', (engine) => {
  let t: TestApp;
  let nurseId: number;
  let blockCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.db.insert(sectors).values(
      ['marketplace', 'demo-laas', 'cajalosandes', 'clinicaalemana'].map((salesSource) => ({
        name: `Ciclo ${salesSource}`,
        salesSource,
        country: 'cl' as const,
        services: ['lab' as const],
        polygon: square(-70.5799, -33.4129),
        timeZone: 'America/Santiago',
      })),
    );
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera de prueba', skills: ['lab'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    nurseId = nurse.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A new appointment of that client, as the widget creates it. */
  async function create(
    clientId = 'clinicaalemana',
    salesSource = clientId,
  ): Promise<{ id: string; token: string }> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/appointments/',
      payload: booking(clientId, salesSource),
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  /** A patient as finalise stores it, with one exam. */
  const patientWithExam = {
    first_name: 'Paciente',
    last_name: 'Prueba',
    is_fonasa: false,
    items: [1],
    packs: [],
  };

  /**
   * What scheduling and finalising leave: status scheduled, a hold (expiring in `minutes`) in a
   * fresh block, and `patients` (one with an exam unless told).
   */
  async function schedule(
    id: string,
    minutes = 20,
    patients: StoredCartPatient[] = [patientWithExam],
  ): Promise<Date> {
    blockCounter += 1;
    const blockStart = new Date(Date.UTC(2030, 0, 1) + blockCounter * 3_600_000);
    await t.app.db.update(appointments).set({ status: 'scheduled', patients }).where(eq(appointments.id, id));
    await t.app.db.insert(visits).values({
      appointmentId: id,
      nurseId,
      blockStart,
      blockEnd: new Date(blockStart.getTime() + 3_600_000),
      status: 'hold',
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    return blockStart;
  }

  const confirm = (id: string, headers: Record<string, string>, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/manual_confirm/`,
      headers,
      payload: payload as object,
    });

  const row = async (id: string) => {
    const [found] = await t.app.db.select().from(appointments).where(eq(appointments.id, id));
    if (!found) throw new Error(`appointment ${id} not found`);
    return found;
  };
  const visitOf = async (id: string) =>
    (await t.app.db.select().from(visits).where(eq(visits.appointmentId, id)))[0];

  describe('manual_confirm', () => {
    it('confirms a scheduled appointment with the defaults and makes the hold permanent', async () => {
      const { id, token } = await create();
      await schedule(id);
      const response = await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id,
        status: 'confirmed',
        payment_method: 'In address',
        payment_gateway: 'Partner',
        // Nothing was charged: an anonymous confirmation never records a successful payment.
        payment_status: 'Payment Pending',
      });
      const stored = await row(id);
      expect(stored).toMatchObject({ status: 'confirmed', paymentMethod: 'In address', splitPayment: null });
      expect(stored.confirmedAt).toBeInstanceOf(Date);
      expect(await visitOf(id)).toMatchObject({ status: 'confirmed', expiresAt: null });
    });

    it('stores what staff record: method, gateway, payment status, referral code', async () => {
      const { id } = await create('demo-laas');
      await schedule(id);
      const body = {
        payment_method: 'Transferencia',
        payment_gateway: 'Clínica',
        payment_status: 'Payment Successful',
        referral_code: 'amigo10',
        force_confirmation: true,
      };
      const response = await confirm(id, { authorization: `Bearer ${DEMO_LAAS_TOKEN}` }, body);
      expect(response.statusCode).toBe(200);
      // The partner's staff, by its API token, may say the visit was paid (collected by them).
      expect(response.json().payment_status).toBe('Payment Successful');
      expect(await row(id)).toMatchObject({
        paymentMethod: 'Transferencia',
        paymentGateway: 'Clínica',
        paymentStatus: 'Payment Successful',
        referralCode: 'AMIGO10',
        splitPayment: null,
      });
    });

    it("refuses a split from a caller who may confirm by hand when the client doesn't split", async () => {
      const { id } = await create('demo-laas');
      await schedule(id);
      const response = await confirm(
        id,
        { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
        {
          split_payment: true,
          client_exams_to_pay: [{ patient_index: 0, item_ids: [1, 2] }],
          patient_exams_to_pay: [{ patient_index: 0, item_ids: [3] }],
        },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().err).toBe('split-payment-not-allowed');
      expect(await row(id)).toMatchObject({ status: 'scheduled', splitPayment: null });
    });

    it("defaults to 'Payment Pending' for Caja Los Andes", async () => {
      const { id, token } = await create('cajalosandes');
      await schedule(id);
      const response = await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.json()).toMatchObject({ payment_status: 'Payment Pending' });
    });

    it('lets staff confirm with their Bearer token, Payment Pending when they record no payment', async () => {
      const { id } = await create('demo-laas');
      await schedule(id);
      const response = await confirm(id, { authorization: `Bearer ${DEMO_LAAS_TOKEN}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().payment_status).toBe('Payment Pending');
    });

    it('lets staff confirm sending the appointment token and their Bearer token together, as the staff widget does', async () => {
      const { id, token } = await create('demo-laas');
      await schedule(id);
      const response = await confirm(id, {
        [APPOINTMENT_TOKEN_HEADER]: token,
        authorization: `Bearer ${DEMO_LAAS_TOKEN}`,
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it("refuses the appointment token with another client's Bearer token", async () => {
      const { id, token } = await create('demo-laas');
      await schedule(id);
      const response = await confirm(id, {
        [APPOINTMENT_TOKEN_HEADER]: token,
        authorization: `Bearer ${DEMO_LAAS_LM_TOKEN}`,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().err).toBe('manual-confirmation-not-allowed');
    });

    it("refuses a staff client's booking confirmed with the appointment token alone", async () => {
      const { id, token } = await create('demo-laas');
      await schedule(id);
      const response = await confirm(
        id,
        { [APPOINTMENT_TOKEN_HEADER]: token },
        {
          payment_status: 'Payment Successful',
          payment_gateway: 'Partner',
        },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        err: 'manual-confirmation-not-allowed',
        msg: 'Esta cita debe pagarse para confirmarse; no admite confirmación manual.',
      });
      expect(await row(id)).toMatchObject({ status: 'scheduled', paymentStatus: null });
    });

    it("refuses staff whose client's staff mode does not confirm by hand", async () => {
      await t.app.db.insert(clients).values({
        id: 'staff-sin-confirmacion',
        name: 'Staff que cobra',
        country: 'cl',
        salesSource: 'demo-laas',
        apiTokenHash: hashApiToken('staff-sin-confirmacion-token'),
        laasConfig: { main_color: '#334155' },
      });
      const { id } = await create('staff-sin-confirmacion', 'demo-laas');
      await schedule(id);
      const response = await confirm(id, { authorization: 'Bearer staff-sin-confirmacion-token' });
      expect(response.statusCode).toBe(403);
      expect(response.json().err).toBe('manual-confirmation-not-allowed');
      expect((await row(id)).status).toBe('scheduled');
    });

    it('decides the payment status, method and gateway itself for a partner that confirms by hand', async () => {
      const { id, token } = await create('clinicaalemana');
      await schedule(id);
      const response = await confirm(
        id,
        { [APPOINTMENT_TOKEN_HEADER]: token },
        {
          payment_status: 'Payment Successful',
          payment_method: 'MercadoPago',
          payment_gateway: 'MercadoPago',
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        payment_method: 'In address',
        payment_gateway: 'Partner',
        payment_status: 'Payment Pending',
      });
      expect(await row(id)).toMatchObject({
        paymentMethod: 'In address',
        paymentGateway: 'Partner',
        paymentStatus: 'Payment Pending',
      });
    });

    it("keeps Caja Los Andes 'Payment Pending' whatever the body says", async () => {
      const { id, token } = await create('cajalosandes');
      await schedule(id);
      const response = await confirm(
        id,
        { [APPOINTMENT_TOKEN_HEADER]: token },
        { payment_status: 'Payment Successful' },
      );
      expect(response.json()).toMatchObject({ payment_status: 'Payment Pending' });
      expect((await row(id)).paymentStatus).toBe('Payment Pending');
    });

    it("records 'Payment Pending' for an anonymous caller whose widget body claims 'Payment Successful' (its partner's embed config says so too)", async () => {
      await t.app.db.insert(clients).values({
        id: 'embed-dice-pagado',
        name: 'Embed que dice pagado',
        country: 'cl',
        salesSource: 'clinicaalemana',
        sdkConfig: { manual_confirmation: true, manual_confirmation_payment_status: 'Payment Successful' },
      });
      const { id, token } = await create('embed-dice-pagado', 'clinicaalemana');
      await schedule(id);
      // Exactly what the widget sends for this partner's embed, from the config the API gives it.
      const config = await t.app.inject({
        method: 'GET',
        url: '/api/alliances/clients/sdk-config/?id=embed-dice-pagado',
      });
      const body = manualConfirmationPayment(config.json() as ClientConfig, 'sdk');
      expect(body).toEqual({
        payment_method: 'In address',
        payment_gateway: 'Partner',
        payment_status: 'Payment Successful',
        force_confirmation: true,
      });
      const response = await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token }, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ payment_status: 'Payment Pending' });
      expect((await row(id)).paymentStatus).toBe('Payment Pending');
    });

    it('accepts force_confirmation and the payment fields from staff, recording what the staff mode states', async () => {
      const { id } = await create('demo-laas');
      await schedule(id);
      const response = await confirm(
        id,
        { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
        {
          payment_method: 'In address',
          payment_gateway: 'Partner',
          payment_status: 'Payment Pending',
          force_confirmation: true,
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        payment_method: 'In address',
        payment_gateway: 'Partner',
        payment_status: 'Payment Pending',
      });
    });

    it('refuses a marketplace appointment token (it must be paid)', async () => {
      const { id, token } = await create('demo', 'marketplace');
      await schedule(id);
      const response = await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ err: 'manual-confirmation-not-allowed' });
      expect((await row(id)).status).toBe('scheduled');
    });

    it.each([
      ['no patients', []],
      ['a patient without services', [{ ...patientWithExam, items: [], packs: [] }]],
    ])(
      'refuses an appointment with %s: 409 appointment-without-patients, rolled back',
      async (_, patients) => {
        for (const [clientId, headers] of [
          ['clinicaalemana', null],
          ['demo-laas', { authorization: `Bearer ${DEMO_LAAS_TOKEN}` }],
        ] as const) {
          const { id, token } = await create(clientId);
          await schedule(id, 20, patients);
          const response = await confirm(id, headers ?? { [APPOINTMENT_TOKEN_HEADER]: token });
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual({
            err: 'appointment-without-patients',
            msg: 'La cita no tiene pacientes con servicios. Agrega al menos un paciente con un examen o servicio antes de confirmarla.',
          });
          expect(await row(id)).toMatchObject({
            status: 'scheduled',
            paymentStatus: null,
            confirmedAt: null,
          });
          expect(await visitOf(id)).toMatchObject({ status: 'hold' });
        }
      },
    );

    it('refuses a pending appointment (no block) with 409 invalid-appointment-status', async () => {
      const { id, token } = await create();
      const response = await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        err: 'invalid-appointment-status',
        msg: expect.stringMatching(/horario/),
      });
    });

    it('refuses a second confirmation and a cancelled appointment', async () => {
      const { id, token } = await create();
      await schedule(id);
      expect((await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token })).statusCode).toBe(200);
      const again = await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ err: 'invalid-appointment-status', msg: 'La cita ya está confirmada.' });

      const other = await create();
      await cancelAppointment(t.app.db, other.id);
      const cancelled = await confirm(other.id, { [APPOINTMENT_TOKEN_HEADER]: other.token });
      expect(cancelled.json()).toEqual({ err: 'invalid-appointment-status', msg: 'La cita fue cancelada.' });
    });

    it('answers 409 hold-expired when the lapsed hold was taken, and rolls back', async () => {
      const { id, token } = await create();
      await schedule(id, -5);
      // Another booking took the block: scheduling deletes the lapsed hold.
      await t.app.db.delete(visits).where(eq(visits.appointmentId, id));
      const response = await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ err: 'hold-expired', msg: expect.any(String) });
      expect((await row(id)).status).toBe('scheduled');
    });

    it('confirms a lapsed hold nobody took (its row still guarantees the block)', async () => {
      const { id, token } = await create();
      await schedule(id, -5);
      expect((await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token })).statusCode).toBe(200);
      expect(await visitOf(id)).toMatchObject({ status: 'confirmed', expiresAt: null });
    });

    it('counts the coupon use once; no uses left refuses and rolls back', async () => {
      await t.app.db.insert(coupons).values([
        { code: 'CICLO1', discountPercent: 10, maxUses: 5 },
        { code: 'CICLOAGOTADO', discountPercent: 10, maxUses: 1, usesCount: 1 },
      ]);
      const { id, token } = await create();
      await schedule(id);
      await t.app.db.update(appointments).set({ couponCode: 'CICLO1' }).where(eq(appointments.id, id));
      expect((await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token })).statusCode).toBe(200);
      const [coupon] = await t.app.db.select().from(coupons).where(eq(coupons.code, 'CICLO1'));
      expect(coupon?.usesCount).toBe(1);
      expect(await t.app.db.select().from(couponUses).where(eq(couponUses.appointmentId, id))).toHaveLength(
        1,
      );

      const spent = await create();
      await schedule(spent.id);
      await t.app.db
        .update(appointments)
        .set({ couponCode: 'CICLOAGOTADO' })
        .where(eq(appointments.id, spent.id));
      const refused = await confirm(spent.id, { [APPOINTMENT_TOKEN_HEADER]: spent.token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ err: 'coupon-no-uses', msg: 'Este cupón ya no se puede utilizar' });
      expect((await row(spent.id)).status).toBe('scheduled');
      expect(await visitOf(spent.id)).toMatchObject({ status: 'hold' });
    });

    it('confirms once under 10 concurrent calls', async () => {
      await t.app.db.insert(coupons).values({ code: 'CICLOCONC', discountPercent: 10, maxUses: 100 });
      const { id, token } = await create();
      await schedule(id);
      await t.app.db.update(appointments).set({ couponCode: 'CICLOCONC' }).where(eq(appointments.id, id));
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token })),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, ...Array(9).fill(409)]);
      for (const response of responses) {
        if (response.statusCode === 409) expect(response.json().err).toBe('invalid-appointment-status');
      }
      const [coupon] = await t.app.db.select().from(coupons).where(eq(coupons.code, 'CICLOCONC'));
      expect(coupon?.usesCount).toBe(1);
    });

    it.each([
      ['force_confirmation false', { force_confirmation: false }],
      ['an unknown payment status', { payment_status: 'Pagado' }],
      ['a script in the payment method', { payment_method: '<script>alert(1)</script>' }],
      ['a 10 000-character gateway', { payment_gateway: 'x'.repeat(10_000) }],
      ['exams as a string', { client_exams_to_pay: 'todos' }],
      ['a negative patient index', { client_exams_to_pay: [{ patient_index: -1, item_ids: [1] }] }],
      ['too many exam entries', { client_exams_to_pay: Array(51).fill({ patient_index: 0, item_ids: [1] }) }],
    ])('refuses %s with a clean 400', async (_, payload) => {
      const { id, token } = await create();
      await schedule(id);
      const response = await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token }, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape);
      expect((await row(id)).status).toBe('scheduled');
    });

    it('stores SQL-looking text as text', async () => {
      const { id } = await create('demo-laas');
      await schedule(id);
      const method = "In address'; DROP TABLE appointments; --";
      const response = await confirm(
        id,
        { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
        { payment_method: method },
      );
      expect(response.statusCode).toBe(200);
      expect((await row(id)).paymentMethod).toBe(method);
    });
  });

  describe('access', () => {
    it("refuses another appointment's token, no token and a malformed id with the same 404", async () => {
      const mine = await create();
      const theirs = await create();
      await schedule(mine.id);
      const urls = [
        ['POST', `/api/appointments/${mine.id}/manual_confirm/`, {}],
        ['GET', `/api/payments/appointments/${mine.id}/payment_summary/`, undefined],
        ['POST', `/api/v2/appointments/${mine.id}/amount/`, { total: 10, discount: 0 }],
        ['PATCH', `/api/appointments/${mine.id}/last-mile/`, { folio: 'F1', amount: 1 }],
      ] as const;
      for (const [method, url, payload] of urls) {
        for (const headers of [{ [APPOINTMENT_TOKEN_HEADER]: theirs.token }, {}]) {
          const response = await t.app.inject({ method, url, headers, payload });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({
            err: 'appointment-not-found',
            msg: 'No fue encontrado el id de la cita',
          });
        }
      }
      const malformed = await t.app.inject({
        method: 'GET',
        url: '/api/payments/appointments/1%27%20OR%201=1/payment_summary/',
      });
      expect(malformed.statusCode).toBe(404);
      expect((await row(mine.id)).status).toBe('scheduled');
    });
  });

  describe('payment_summary', () => {
    it('answers data.appointment with status, payment, amounts, split and currency', async () => {
      const { id, token } = await create();
      const before = await t.app.inject({
        method: 'GET',
        url: `/api/payments/appointments/${id}/payment_summary/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: token },
      });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({
        data: {
          appointment: {
            id,
            status: 'pending',
            payment_method: null,
            payment_gateway: null,
            payment_status: null,
            amounts: null,
            split_payment: null,
            currency: 'CLP',
            confirmed_at: null,
            net_price: null,
            payment_at_home: null,
          },
        },
      });
      await schedule(id);
      await t.app.inject({
        method: 'POST',
        url: `/api/v2/appointments/${id}/amount/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: token },
        payload: { total: 1000, discount: 100 },
      });
      await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token }, { split_payment: true });
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/payments/appointments/${id}/payment_summary/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: token },
      });
      expect(after.json().data.appointment).toMatchObject({
        status: 'confirmed',
        payment_status: 'Payment Pending',
        amounts: { subtotal: 1000, discount: 100, iva: 171, total: 1071 },
        // A split with nothing on the company is no split.
        split_payment: null,
        confirmed_at: expect.any(String),
        // The server's quote of the stored cart: what a card would have been charged.
        net_price: expect.any(Number),
        payment_at_home: expect.any(Number),
      });
    });
  });

  describe('amount', () => {
    const setAmount = (id: string, token: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/appointments/${id}/amount/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: token, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });

    it("stores subtotal, discount, IVA and total, IVA at the appointment's country (Chile: 19 %, whole pesos)", async () => {
      const { id, token } = await create();
      const response = await setAmount(id, token, { total: 1234.5, discount: 34.25 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ subtotal: 1234.5, discount: 34.25, iva: 228, total: 1428 });
      expect((await row(id)).amounts).toEqual(response.json());
    });

    it.each([
      [{ total: 10, discount: 20 }, 'El descuento no puede ser mayor al subtotal'],
      [{ discount: 20 }, 'El subtotal es obligatorio'],
      [{ total: null, discount: 0 }, 'El subtotal es obligatorio'],
      [{ total: -5, discount: 0 }, 'El monto no puede ser negativo'],
      [{ total: 1e300, discount: 0 }, 'El monto es demasiado grande'],
    ])('%j → 400 %s', async (payload, msg) => {
      const { id, token } = await create();
      const response = await setAmount(id, token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: expect.any(String), msg });
      expect((await row(id)).amounts).toBeNull();
    });

    it.each([
      ['a string', { total: '100', discount: 0 }],
      ['NaN as text', '{"total": NaN, "discount": 0}'],
      ['an object', { total: { $gt: 0 }, discount: 0 }],
      ['SQL', { total: '1; DROP TABLE appointments', discount: 0 }],
    ])('refuses %s with a clean 400', async (_, payload) => {
      const { id, token } = await create();
      const response = await setAmount(id, token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape);
    });

    it('refuses once the appointment is confirmed', async () => {
      const { id, token } = await create();
      await schedule(id);
      await confirm(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      const response = await setAmount(id, token, { total: 10, discount: 0 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        err: 'invalid-appointment-status',
        msg: 'La cita ya está confirmada.',
      });
    });
  });

  describe('last-mile', () => {
    const patchLastMile = (id: string, headers: Record<string, string>, payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/appointments/${id}/last-mile/`,
        headers,
        payload: payload as object,
      });

    it('stores folio and amount for a last-mile client and answers the status', async () => {
      const { id } = await create('demo-laas');
      const response = await patchLastMile(
        id,
        { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
        { folio: ' F-123 ', amount: 4500 },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'pending' });
      expect((await row(id)).lastMile).toEqual({ folio: 'F-123', amount: 4500 });
    });

    it('refuses a client that is not last-mile with 403', async () => {
      const { id, token } = await create();
      const response = await patchLastMile(
        id,
        { [APPOINTMENT_TOKEN_HEADER]: token },
        { folio: 'F', amount: 1 },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        err: 'not-last-mile',
        msg: 'Este cliente no trabaja con última milla.',
      });
    });

    it.each([
      ['a 10 000-character folio', { folio: 'x'.repeat(10_000), amount: 1 }],
      ['a script folio', { folio: '<script>alert(1)</script>', amount: 1 }],
      ['a negative amount', { folio: 'F', amount: -1 }],
      ['a string amount', { folio: 'F', amount: 'mil' }],
    ])('refuses %s with a clean 400', async (_, payload) => {
      const { id } = await create('demo-laas');
      const response = await patchLastMile(id, { authorization: `Bearer ${DEMO_LAAS_TOKEN}` }, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape);
    });
  });

  describe('cancel and expire', () => {
    it('cancels pending and scheduled appointments and frees the hold; not twice', async () => {
      const pending = await create();
      expect((await cancelAppointment(t.app.db, pending.id)).status).toBe('cancelled');
      const scheduled = await create();
      await schedule(scheduled.id);
      const cancelled = await cancelAppointment(t.app.db, scheduled.id);
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) });
      expect(await visitOf(scheduled.id)).toBeUndefined();
      await expect(cancelAppointment(t.app.db, scheduled.id)).rejects.toMatchObject({
        statusCode: 409,
        err: 'invalid-appointment-status',
      });
    });

    it('expires a scheduled appointment only once its hold lapsed', async () => {
      const live = await create();
      await schedule(live.id);
      await expect(expireAppointment(t.app.db, live.id)).rejects.toMatchObject({ err: 'hold-not-expired' });
      const lapsed = await create();
      await schedule(lapsed.id, -1);
      expect((await expireAppointment(t.app.db, lapsed.id)).status).toBe('expired');
      const response = await confirm(lapsed.id, { [APPOINTMENT_TOKEN_HEADER]: lapsed.token });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ err: 'invalid-appointment-status' });
      const pending = await create();
      await expect(expireAppointment(t.app.db, pending.id)).rejects.toMatchObject({
        err: 'invalid-appointment-status',
      });
    });

    it('the sweep frees lapsed holds and expires their appointments, and leaves live ones', async () => {
      const live = await create();
      await schedule(live.id);
      const lapsed = await create();
      await schedule(lapsed.id, -1);
      const confirmed = await create();
      await schedule(confirmed.id);
      expect((await confirm(confirmed.id, { [APPOINTMENT_TOKEN_HEADER]: confirmed.token })).statusCode).toBe(
        200,
      );
      expect(await expireLapsedHolds(t.app.db)).toBeGreaterThanOrEqual(1);
      expect((await row(lapsed.id)).status).toBe('expired');
      expect(await visitOf(lapsed.id)).toBeUndefined();
      expect((await row(live.id)).status).toBe('scheduled');
      expect(await visitOf(live.id)).toMatchObject({ status: 'hold' });
      expect((await row(confirmed.id)).status).toBe('confirmed');
      expect(await visitOf(confirmed.id)).toMatchObject({ status: 'confirmed', expiresAt: null });
      // The person sees why: the summary answers the expired status, and paying is refused.
      const summary = await t.app.inject({
        method: 'GET',
        url: `/api/v2/appointments/${lapsed.id}/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: lapsed.token },
      });
      expect(summary.statusCode).toBe(200);
      expect(summary.json()).toMatchObject({ id: lapsed.id, status: 'expired' });
      const late = await confirm(lapsed.id, { [APPOINTMENT_TOKEN_HEADER]: lapsed.token });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({
        err: 'invalid-appointment-status',
        msg: 'La reserva de la cita expiró. Por favor, vuelve a elegir un horario.',
      });
    });
  });
});
