import {
  CARD_CVC_MESSAGE,
  CARD_EXPIRY_MESSAGE,
  CARD_NUMBER_MESSAGE,
  NOT_PAYABLE_SERVER_ERROR,
  STOCKOUT_MESSAGE,
} from '@visita/domain/cards';
import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appointments,
  cardTokens,
  catalogueItems,
  clients,
  couponUses,
  coupons,
  nurses,
  outboxEvents,
  payments,
  sandboxCharges,
  visits,
} from '../../db/schema.ts';
import { createSandboxGateway } from '../../adapters/payments/sandbox-gateway.ts';
import { reconcileDuePayments } from './reconcile.ts';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { demoEmployeeRut } from '../../db/seed/demo-company-roster.ts';
import { forgetKeptClients } from '../clients/kept-clients.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hashAppointmentToken, newAppointmentToken } from '../appointments/access.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';

const VISA = '4111111111111111';
const MASTER = '5555555555554444';
const AMEX = '378282246310005';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const errorShape = { err: expect.any(String), msg: expect.any(String) };

/** Every outcome card of the status, and for a rejection the err and the widget's text. */
const OUTCOMES = [
  ['APRO', 200, { status: 'approved', status_detail: 'accredited' }, 'confirmed'],
  ['CONT', 200, { status: 'in_process', status_detail: 'pending_contingency' }, 'scheduled'],
  [
    'CALL',
    402,
    { err: 'cc_rejected_call_for_authorize', msg: 'Pago rechazado con validación para autorizar.' },
    'scheduled',
  ],
  [
    'FUND',
    402,
    { err: 'cc_rejected_insufficient_amount', msg: 'Pago rechazado por fondos insuficientes.' },
    'scheduled',
  ],
  [
    'SECU',
    402,
    { err: 'cc_rejected_bad_filled_security_code', msg: 'Pago rechazado por código de seguridad inválido.' },
    'scheduled',
  ],
  [
    'EXPI',
    402,
    { err: 'cc_rejected_bad_filled_date', msg: 'Pago rechazado por un problema con la fecha de expiración.' },
    'scheduled',
  ],
  [
    'FORM',
    402,
    { err: 'cc_rejected_bad_filled_other', msg: 'Pago rechazado debido a un error en el formulario.' },
    'scheduled',
  ],
  ['OTHE', 402, { err: 'cc_rejected_other_reason', msg: 'Ocurrió un error inesperado.' }, 'scheduled'],
] as const;

interface Cart {
  items?: number[];
  packs?: number[];
  /** The patient's RUT (a company pays only for the people on its roster). */
  document?: string;
}

describe.each(TEST_ENGINES)('payments on $name', (engine) => {
  let t: TestApp;
  let nurseId: number;
  let block = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera pagos', skills: ['lab', 'vaccine', 'medical_service'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    nurseId = nurse.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.db;

  /**
   * An appointment as finalise leaves it: its patients' cart stored, status scheduled and a
   * 20-minute hold on a fresh block (the steps before payment are other modules' tests).
   */
  async function appointment(
    options: {
      clientId?: string;
      salesSource?: string;
      country?: 'cl' | 'mx';
      carts?: Cart[];
      coupon?: string;
      status?: 'pending' | 'scheduled';
    } = {},
  ): Promise<{ id: string; token: string }> {
    const token = newAppointmentToken();
    const country = options.country ?? 'cl';
    const carts = options.carts ?? [{ items: [ID.perfilLipidico] }];
    const [row] = await db()
      .insert(appointments)
      .values({
        tokenHash: hashAppointmentToken(token),
        status: options.status ?? 'scheduled',
        clientId: options.clientId ?? 'demo',
        salesSource: options.salesSource ?? 'marketplace',
        country,
        region: country === 'cl' ? 'Región Metropolitana de Santiago' : 'Ciudad de México',
        comuna: country === 'cl' ? 'Las Condes' : 'Benito Juárez',
        addressLine1: 'Avenida Apoquindo 4500',
        targetAddress: 'Avenida Apoquindo 4500, Las Condes',
        targetStreetNumber: '4500',
        targetLat: -33.4129,
        targetLng: -70.5799,
        couponCode: options.coupon ?? null,
        patients: carts.map((cart, index) => ({
          first_name: 'Paciente',
          last_name: `Número ${index + 1}`,
          email: `paciente${index + 1}@correo.cl`,
          is_fonasa: false,
          items: cart.items ?? [],
          packs: cart.packs ?? [],
          ...(cart.document ? { document_type: 'ci' as const, document_number: cart.document } : {}),
        })),
      })
      .returning();
    if (!row) throw new Error('appointment insert returned nothing');
    if ((options.status ?? 'scheduled') === 'scheduled') {
      block += 1;
      const blockStart = new Date(Date.UTC(2031, 0, 1) + block * 3_600_000);
      await db()
        .insert(visits)
        .values({
          appointmentId: row.id,
          nurseId,
          blockStart,
          blockEnd: new Date(blockStart.getTime() + 3_600_000),
          status: 'hold',
          expiresAt: new Date(Date.now() + 20 * 60_000),
        });
    }
    return { id: row.id, token };
  }

  /** What the widget pays: the quote's net price minus what is paid at home. */
  async function quoted(id: string): Promise<number> {
    const [row] = await db().select().from(appointments).where(eq(appointments.id, id));
    if (!row) throw new Error('no appointment');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/cart-price/',
      payload: {
        coupon_code: row.couponCode,
        country: row.country,
        locality: row.comuna,
        source: row.salesSource,
        patients: (row.patients as Array<{ items: number[]; packs: number[] }>).map((patient) => ({
          is_fonasa: false,
          items: patient.items,
          packs: patient.packs,
        })),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json();
    return quote.net_price - quote.payment_at_home;
  }

  async function cardToken(
    cardholder_name: string,
    card_number = VISA,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sandbox/card-tokens/',
      payload: {
        card_number,
        cardholder_name,
        expiration_month: 12,
        expiration_year: NEXT_YEAR,
        security_code: card_number.startsWith('37') ? '1234' : '123',
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  const pay = (id: string, bearer: string | null, payload: Record<string, unknown>, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/mercado-pago/${id}/card/`,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      payload,
    });

  const cash = (id: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/payments/appointments/${id}/cash_payment/`, headers });

  const statusOf = async (id: string) =>
    (await db().select().from(appointments).where(eq(appointments.id, id)))[0];
  const paymentsOf = (id: string) => db().select().from(payments).where(eq(payments.appointmentId, id));
  const visitOf = async (id: string) =>
    (await db().select().from(visits).where(eq(visits.appointmentId, id)))[0];
  const setStock = (itemId: number, stock: number | null) =>
    db().update(catalogueItems).set({ stock }).where(eq(catalogueItems.id, itemId));
  const stockOf = async (itemId: number) =>
    (
      await db()
        .select({ stock: catalogueItems.stock })
        .from(catalogueItems)
        .where(eq(catalogueItems.id, itemId))
    )[0]?.stock;

  describe('GET /api/v2/payments/config/', () => {
    it('names the sandbox gateway, which needs no public key', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/payments/config/?country=cl' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ gateway: 'sandbox', public_key: null });
    });

    it('refuses an unknown country with 400 {err, msg}', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/payments/config/?country=ar' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape);
    });
  });

  describe('POST /api/v2/sandbox/card-tokens/', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      card_number: VISA,
      cardholder_name: 'APRO',
      expiration_month: 11,
      expiration_year: NEXT_YEAR,
      security_code: '123',
      ...overrides,
    });
    const tokenize = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v2/sandbox/card-tokens/', payload });

    it('answers a token with brand, first six and last four, and stores nothing of the number or code', async () => {
      const response = await tokenize(body({ card_number: MASTER, cardholder_name: ' fund ' }));
      expect(response.statusCode).toBe(201);
      const answer = response.json();
      expect(answer).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        payment_method_id: 'master',
        first_six_digits: '555555',
        last_four_digits: '4444',
      });
      const [stored] = await db().select().from(cardTokens).where(eq(cardTokens.id, answer.id));
      expect(stored).toMatchObject({
        brand: 'master',
        lastFour: '4444',
        expMonth: 11,
        expYear: NEXT_YEAR,
        outcome: 'FUND',
        usedAt: null,
      });
      expect(JSON.stringify(stored)).not.toContain(MASTER);
      expect(JSON.stringify(stored)).not.toContain('555555');
    });

    it('takes amex with its 4-digit code and the 405188 debit card without one', async () => {
      expect((await tokenize(body({ card_number: AMEX, security_code: '1234' }))).statusCode).toBe(201);
      expect((await tokenize(body({ card_number: '4051885600446623', security_code: '' }))).statusCode).toBe(
        201,
      );
    });

    it.each([
      [
        'a number failing Luhn',
        { card_number: '4111111111111112' },
        'invalid-card-number',
        CARD_NUMBER_MESSAGE,
      ],
      [
        'an unsupported brand (Discover)',
        { card_number: '6011111111111117' },
        'invalid-card-number',
        CARD_NUMBER_MESSAGE,
      ],
      ['a visa of 13 digits', { card_number: '4222222222222' }, 'invalid-card-number', CARD_NUMBER_MESSAGE],
      [
        'an expired card (last year)',
        { expiration_year: NEXT_YEAR - 2, expiration_month: 12 },
        'invalid-expiration-date',
        CARD_EXPIRY_MESSAGE,
      ],
      ['a 2-digit code', { security_code: '12' }, 'invalid-security-code', CARD_CVC_MESSAGE],
      [
        'amex with 3 digits',
        { card_number: AMEX, security_code: '123' },
        'invalid-security-code',
        CARD_CVC_MESSAGE,
      ],
    ])('refuses %s', async (_case, overrides, err, msg) => {
      const response = await tokenize(body(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err, msg });
    });

    it('refuses a card that expired last month', async () => {
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const response = await tokenize(
        body({ expiration_year: lastMonth.getUTCFullYear(), expiration_month: lastMonth.getUTCMonth() + 1 }),
      );
      expect(response.json()).toEqual({ err: 'invalid-expiration-date', msg: CARD_EXPIRY_MESSAGE });
    });

    it.each([
      ['spaces in the number', { card_number: '4111 1111 1111 1111' }],
      ['no cardholder', { cardholder_name: '' }],
      ['month 13', { expiration_month: 13 }],
      ['a string month', { expiration_month: '12' }],
      ['a 5-digit code', { security_code: '12345' }],
      ['SQL as the number', { card_number: "4111' OR '1'='1" }],
      ['a 10 000-character name', { cardholder_name: 'A'.repeat(10_000) }],
    ])('answers %s with 400 {err, msg}', async (_case, overrides) => {
      const response = await tokenize(body(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape);
    });
  });

  describe('POST /api/v2/mercado-pago/{id}/card/', () => {
    it.each(OUTCOMES)(
      'the %s card answers %i %j and leaves the appointment %s',
      async (name, code, answer, after) => {
        const { id, token } = await appointment();
        const amount = await quoted(id);
        const response = await pay(id, token, {
          token: await cardToken(name),
          payment_method_id: 'visa',
          amount,
          customer_id: null,
        });
        expect(response.statusCode, response.body).toBe(code);
        expect(response.json()).toEqual(answer);
        const row = await statusOf(id);
        expect(row?.status).toBe(after);
        const [payment] = await paymentsOf(id);
        expect(payment).toMatchObject({ gateway: 'sandbox', method: 'visa', amount, currency: 'CLP' });
        if (after === 'confirmed') {
          expect(row).toMatchObject({
            paymentMethod: 'visa',
            paymentGateway: 'Sandbox',
            paymentStatus: 'Payment Successful',
          });
          expect(row?.confirmedAt).toBeInstanceOf(Date);
          expect(await visitOf(id)).toMatchObject({ status: 'confirmed', expiresAt: null });
          expect(payment?.status).toBe('approved');
        } else {
          expect(await visitOf(id)).toMatchObject({ status: 'hold' });
          expect(payment?.status).toBe(code === 200 ? 'pending' : 'rejected');
        }
      },
    );

    it('leaves a rejected appointment payable again, and approves with another card', async () => {
      const { id, token } = await appointment();
      const amount = await quoted(id);
      const rejected = await pay(id, token, {
        token: await cardToken('FUND'),
        payment_method_id: 'visa',
        amount,
      });
      expect(rejected.statusCode).toBe(402);
      const approved = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount,
      });
      expect(approved.json()).toEqual({ status: 'approved', status_detail: 'accredited' });
      expect((await statusOf(id))?.status).toBe('confirmed');
      expect((await paymentsOf(id)).map((payment) => payment.status).sort()).toEqual([
        'approved',
        'rejected',
      ]);
    });

    it('does not take a second payment while one is pending review (CONT)', async () => {
      const { id, token } = await appointment();
      const amount = await quoted(id);
      const pendingToken = await cardToken('CONT');
      expect(
        (await pay(id, token, { token: pendingToken, payment_method_id: 'visa', amount })).statusCode,
      ).toBe(200);
      const second = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ err: 'payment-in-process', msg: NOT_PAYABLE_SERVER_ERROR });
      // The same attempt again is answered as before.
      const again = await pay(id, token, { token: pendingToken, payment_method_id: 'visa', amount });
      expect(again.json()).toEqual({ status: 'in_process', status_detail: 'pending_contingency' });
      expect((await statusOf(id))?.status).toBe('scheduled');
      expect(await paymentsOf(id)).toHaveLength(1);
    });

    it('charges a double submit once and counts the coupon once', async () => {
      const { id, token } = await appointment({ coupon: 'BIENVENIDA10' });
      const amount = await quoted(id);
      const [before] = await db().select().from(coupons).where(eq(coupons.code, 'BIENVENIDA10'));
      const body = { token: await cardToken('APRO'), payment_method_id: 'visa', amount };
      const first = await pay(id, token, body);
      const second = await pay(id, token, body);
      expect(first.json()).toEqual({ status: 'approved', status_detail: 'accredited' });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await paymentsOf(id)).toHaveLength(1);
      const [after] = await db().select().from(coupons).where(eq(coupons.code, 'BIENVENIDA10'));
      expect(after?.usesCount).toBe((before?.usesCount ?? 0) + 1);
      expect(await db().select().from(couponUses).where(eq(couponUses.appointmentId, id))).toHaveLength(1);
    });

    it('charges five concurrent submits of one card once; all get the approval', async () => {
      const { id, token } = await appointment();
      const amount = await quoted(id);
      const body = { token: await cardToken('APRO'), payment_method_id: 'visa', amount };
      const responses = await Promise.all(Array.from({ length: 5 }, () => pay(id, token, body)));
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ status: 'approved', status_detail: 'accredited' });
      }
      expect(await paymentsOf(id)).toHaveLength(1);
      expect((await statusOf(id))?.status).toBe('confirmed');
    });

    it('takes one of two different cards submitted at the same instant; the other is not charged', async () => {
      const { id, token } = await appointment();
      const amount = await quoted(id);
      const tokens = [await cardToken('APRO'), await cardToken('APRO')];
      const responses = await Promise.all(
        tokens.map((card) => pay(id, token, { token: card, payment_method_id: 'visa', amount })),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const refused = responses.find((response) => response.statusCode === 409);
      expect(refused?.json().msg).toBe(NOT_PAYABLE_SERVER_ERROR);
      const used = await Promise.all(
        tokens.map(
          async (card) => (await db().select().from(cardTokens).where(eq(cardTokens.id, card)))[0]?.usedAt,
        ),
      );
      expect(used.filter(Boolean)).toHaveLength(1);
      expect((await paymentsOf(id)).filter((payment) => payment.status === 'approved')).toHaveLength(1);
    });

    it('accepts the Idempotency-Key header as the attempt: a retry with it charges once', async () => {
      const { id, token } = await appointment();
      const amount = await quoted(id);
      const headers = { 'idempotency-key': 'intento-1' };
      const first = await pay(
        id,
        token,
        { token: await cardToken('APRO'), payment_method_id: 'visa', amount },
        headers,
      );
      const retry = await pay(
        id,
        token,
        { token: await cardToken('APRO'), payment_method_id: 'visa', amount },
        headers,
      );
      expect(first.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await paymentsOf(id)).toHaveLength(1);
    });

    it("refuses an appointment that is not scheduled with the server's English text", async () => {
      const pending = await appointment({ status: 'pending' });
      const amount = await quoted(pending.id);
      const response = await pay(pending.id, pending.token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ err: 'appointment-not-payable', msg: NOT_PAYABLE_SERVER_ERROR });

      const paid = await appointment();
      const paidAmount = await quoted(paid.id);
      await pay(paid.id, paid.token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount: paidAmount,
      });
      const twice = await pay(paid.id, paid.token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount: paidAmount,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ err: 'appointment-not-payable', msg: NOT_PAYABLE_SERVER_ERROR });
      expect(await paymentsOf(paid.id)).toHaveLength(1);
    });

    it("answers another appointment's token, no token and a client token of another client with the same 404", async () => {
      const mine = await appointment();
      const other = await appointment();
      const amount = await quoted(mine.id);
      const card = await cardToken('APRO');
      const body = { token: card, payment_method_id: 'visa', amount };
      const notFound = { err: 'appointment-not-found', msg: 'No fue encontrado el id de la cita' };
      for (const response of [
        await pay(mine.id, other.token, body),
        await pay(mine.id, null, body),
        await pay(mine.id, DEMO_LAAS_TOKEN, body),
        await pay(mine.id, null, body, { [APPOINTMENT_TOKEN_HEADER]: other.token }),
        await pay('00000000-0000-4000-8000-000000000000', mine.token, body),
        await pay('no-es-un-id', mine.token, body),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
      expect((await statusOf(mine.id))?.status).toBe('scheduled');
      expect((await db().select().from(cardTokens).where(eq(cardTokens.id, card)))[0]?.usedAt).toBeNull();
      // The appointment header is accepted as everywhere else.
      const viaHeader = await pay(mine.id, null, body, { [APPOINTMENT_TOKEN_HEADER]: mine.token });
      expect(viaHeader.statusCode).toBe(200);
    });

    it('refuses an amount that is not the server quote, without charging', async () => {
      const { id, token } = await appointment();
      const amount = await quoted(id);
      const card = await cardToken('APRO');
      for (const wrong of [amount - 1, amount * 100, amount / 100, 1]) {
        const response = await pay(id, token, { token: card, payment_method_id: 'visa', amount: wrong });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          err: 'amount-mismatch',
          msg: 'El monto a pagar no coincide con el valor de la cita. Actualiza la página e intenta nuevamente.',
        });
      }
      expect(await paymentsOf(id)).toHaveLength(0);
      expect((await db().select().from(cardTokens).where(eq(cardTokens.id, card)))[0]?.usedAt).toBeNull();
    });

    it('charges a source that pays its exams at home only the service fee (net − payment_at_home)', async () => {
      const { id, token } = await appointment({ clientId: 'redsalud', salesSource: 'redsalud' });
      const amount = await quoted(id);
      // Orina completa at RedSalud, plus the lab visit fee: only the fee is paid online.
      expect(amount).toBe(1490);
      const response = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount,
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it.each([
      ['no token', { payment_method_id: 'visa', amount: 100 }],
      ['an empty token', { token: '', payment_method_id: 'visa', amount: 100 }],
      ['an unknown brand', { token: 'x', payment_method_id: 'discover', amount: 100 }],
      ['a zero amount', { token: 'x', payment_method_id: 'visa', amount: 0 }],
      ['a negative amount', { token: 'x', payment_method_id: 'visa', amount: -5 }],
      ['a string amount', { token: 'x', payment_method_id: 'visa', amount: '12990' }],
      ['a 1 000-character token', { token: 'x'.repeat(1000), payment_method_id: 'visa', amount: 100 }],
      ['an object as the token', { token: { $ne: null }, payment_method_id: 'visa', amount: 100 }],
    ])('answers %s with 400 {err, msg}', async (_case, payload) => {
      const { id, token } = await appointment();
      const response = await pay(id, token, payload as Record<string, unknown>);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape);
      expect(await paymentsOf(id)).toHaveLength(0);
    });

    it('answers a malformed Idempotency-Key with 400', async () => {
      const { id, token } = await appointment();
      const response = await pay(
        id,
        token,
        { token: 'x', payment_method_id: 'visa', amount: 100 },
        { 'idempotency-key': 'con espacios' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape);
    });

    it('answers an unknown or already used card token with 400 invalid-card-token; the appointment stays payable', async () => {
      const { id, token } = await appointment();
      const amount = await quoted(id);
      const unknown = await pay(id, token, { token: 'f'.repeat(32), payment_method_id: 'visa', amount });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        err: 'invalid-card-token',
        msg: 'No pudimos validar tu tarjeta. Ingresa sus datos nuevamente.',
      });
      const other = await appointment();
      const card = await cardToken('APRO');
      expect(
        (await pay(other.id, other.token, { token: card, payment_method_id: 'visa', amount })).statusCode,
      ).toBe(200);
      const reused = await pay(id, token, { token: card, payment_method_id: 'visa', amount });
      expect(reused.json().err).toBe('invalid-card-token');
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    it('rejects a payment method that is not the card brand (bad_filled_other)', async () => {
      const { id, token } = await appointment();
      const amount = await quoted(id);
      const response = await pay(id, token, {
        token: await cardToken('APRO', MASTER),
        payment_method_id: 'visa',
        amount,
      });
      expect(response.statusCode).toBe(402);
      expect(response.json().err).toBe('cc_rejected_bad_filled_other');
    });

    it('answers stockout before charging when the vaccine has no doses left', async () => {
      await setStock(ID.vacunaInfluenza, 0);
      try {
        const { id, token } = await appointment({ carts: [{ items: [ID.vacunaInfluenza] }] });
        const amount = await quoted(id);
        const card = await cardToken('APRO');
        const response = await pay(id, token, { token: card, payment_method_id: 'visa', amount });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ err: 'stockout', msg: STOCKOUT_MESSAGE });
        expect((await db().select().from(cardTokens).where(eq(cardTokens.id, card)))[0]?.usedAt).toBeNull();
        expect(await paymentsOf(id)).toHaveLength(0);
      } finally {
        await setStock(ID.vacunaInfluenza, 1000);
      }
    });

    it('takes one dose per patient when the card is approved', async () => {
      await setStock(ID.vacunaInfluenza, 10);
      const { id, token } = await appointment({
        carts: [{ items: [ID.vacunaInfluenza] }, { items: [ID.vacunaInfluenza, ID.hemograma] }],
      });
      const amount = await quoted(id);
      expect(
        (await pay(id, token, { token: await cardToken('APRO'), payment_method_id: 'visa', amount }))
          .statusCode,
      ).toBe(200);
      expect(await stockOf(ID.vacunaInfluenza)).toBe(8);
      await setStock(ID.vacunaInfluenza, 1000);
    });
  });

  describe('split payment (the company pays the checked exams)', () => {
    const splitAppointment = () =>
      appointment({
        clientId: 'demo-split',
        salesSource: 'demo-split',
        carts: [
          { items: [ID.perfilLipidico, ID.glicemia], document: demoEmployeeRut(0) },
          { items: [ID.hemograma], document: demoEmployeeRut(1) },
        ],
      });
    /** The quote of what the patient pays: the cart without the company's exams. */
    async function quoteOf(patients: number[][]): Promise<number> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/cart-price/',
        payload: {
          country: 'cl',
          locality: 'Las Condes',
          source: 'demo-split',
          patients: patients.map((items) => ({ is_fonasa: false, items, packs: [] })),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().net_price - response.json().payment_at_home;
    }
    const manualConfirm = (id: string, token: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/appointments/${id}/manual_confirm/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: token },
        payload,
      });
    const company = [
      { patient_index: 0, item_ids: [ID.perfilLipidico] },
      { patient_index: 1, item_ids: [ID.hemograma] },
    ];

    it('charges the card only the rest and stores who pays what', async () => {
      const { id, token } = await splitAppointment();
      const rest = await quoteOf([[ID.glicemia]]);
      expect(rest).toBeLessThan(await quoted(id));
      const response = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount: rest,
        client_exams_to_pay: company,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().status).toBe('approved');
      const whole = await quoted(id);
      // The patient's part is paid; the company's is owed, never recorded as a payment received.
      expect(
        (await paymentsOf(id))
          .map(({ amount, status }) => ({ amount, status }))
          .sort((a, b) => a.amount - b.amount),
      ).toEqual(
        [
          { amount: rest, status: 'approved' },
          { amount: whole - rest, status: 'company_billed' },
        ].sort((a, b) => a.amount - b.amount),
      );
      expect(await statusOf(id)).toMatchObject({ paymentStatus: 'Payment Successful' });
      expect((await statusOf(id))?.splitPayment).toEqual({
        split_payment: true,
        client_exams_to_pay: company,
        patient_exams_to_pay: [{ patient_index: 0, item_ids: [ID.glicemia] }],
        company_amount: whole - rest,
      });
    });

    it('refuses exams put on the company for a person not on its roster, charging nothing', async () => {
      const { id, token } = await appointment({
        clientId: 'demo-split',
        salesSource: 'demo-split',
        carts: [{ items: [ID.perfilLipidico, ID.glicemia], document: '11.111.111-1' }],
      });
      for (const response of [
        await pay(id, token, {
          token: await cardToken('APRO'),
          payment_method_id: 'visa',
          amount: await quoteOf([[ID.glicemia]]),
          client_exams_to_pay: [{ patient_index: 0, item_ids: [ID.perfilLipidico] }],
        }),
        await manualConfirm(id, token, {
          split_payment: true,
          client_exams_to_pay: [{ patient_index: 0, item_ids: [ID.perfilLipidico, ID.glicemia] }],
        }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          err: 'not-company-employee',
          msg: 'La persona atendida no figura en la nómina de la empresa: la empresa no puede pagar sus exámenes.',
        });
      }
      expect(await paymentsOf(id)).toEqual([]);
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    it('refuses an exam the company does not pay, charging nothing', async () => {
      const { id, token } = await appointment({
        clientId: 'demo-split',
        salesSource: 'demo-split',
        carts: [{ items: [ID.glicemia, ID.estudioCariotipo], document: demoEmployeeRut(2) }],
      });
      const response = await manualConfirm(id, token, {
        split_payment: true,
        client_exams_to_pay: [{ patient_index: 0, item_ids: [ID.glicemia, ID.estudioCariotipo] }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().err).toBe('exam-not-paid-by-company');
      expect(response.json().msg).toMatch(/^La empresa no paga el examen .+\.$/);
      expect(await paymentsOf(id)).toEqual([]);
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    it('refuses more than the company pays per person', async () => {
      const [client] = await db().select().from(clients).where(eq(clients.id, 'demo-split'));
      const profile = client?.profile as { rules: { company_pays: { cap_per_person: number } } };
      await db()
        .update(clients)
        .set({
          profile: {
            ...profile,
            rules: {
              ...profile.rules,
              company_pays: { ...profile.rules.company_pays, cap_per_person: 1_000 },
            },
          },
        })
        .where(eq(clients.id, 'demo-split'));
      forgetKeptClients(db(), 'demo-split');
      try {
        const { id, token } = await splitAppointment();
        const response = await manualConfirm(id, token, {
          split_payment: true,
          client_exams_to_pay: everyExam,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          err: 'company-cap-exceeded',
          msg: 'La empresa paga como máximo $1.000 por persona atendida.',
        });
        expect((await statusOf(id))?.status).toBe('scheduled');
      } finally {
        await db().update(clients).set({ profile }).where(eq(clients.id, 'demo-split'));
        forgetKeptClients(db(), 'demo-split');
      }
    });

    it('refuses the full price when the company pays part, charging nothing', async () => {
      const { id, token } = await splitAppointment();
      const response = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount: await quoted(id),
        client_exams_to_pay: company,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().err).toBe('amount-mismatch');
      expect(await paymentsOf(id)).toEqual([]);
    });

    it('refuses a split for a client without the split-payment step', async () => {
      const { id, token } = await appointment({ carts: [{ items: [ID.perfilLipidico, ID.glicemia] }] });
      const response = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount: await quoteOf([[ID.glicemia]]),
        client_exams_to_pay: [{ patient_index: 0, item_ids: [ID.perfilLipidico] }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'split-payment-not-allowed',
        msg: 'Este cliente no tiene pago compartido con la empresa.',
      });
      expect(await paymentsOf(id)).toEqual([]);
    });

    it.each([
      ['an exam the patient does not have', [{ patient_index: 0, item_ids: [ID.hemograma] }]],
      ['a patient that does not exist', [{ patient_index: 5, item_ids: [ID.glicemia] }]],
    ])('refuses %s with 400 invalid-split-payment', async (_name, exams) => {
      const { id, token } = await splitAppointment();
      const response = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount: 1000,
        client_exams_to_pay: exams,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().err).toBe('invalid-split-payment');
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    const everyExam = [
      { patient_index: 0, item_ids: [ID.perfilLipidico, ID.glicemia] },
      { patient_index: 1, item_ids: [ID.hemograma] },
    ];

    it('lets the patient confirm without paying when the company pays every exam', async () => {
      const { id, token } = await splitAppointment();
      const response = await manualConfirm(id, token, {
        split_payment: true,
        client_exams_to_pay: everyExam,
        patient_exams_to_pay: [],
      });
      expect(response.statusCode, response.body).toBe(200);
      // Nothing was charged: the visit is owed by the company, never a successful payment.
      expect(response.json().payment_status).toBe('Company Billed');
      const whole = await quoted(id);
      const row = await statusOf(id);
      expect(row?.status).toBe('confirmed');
      expect(row?.paymentStatus).toBe('Company Billed');
      expect(row?.splitPayment).toEqual({
        split_payment: true,
        client_exams_to_pay: everyExam,
        patient_exams_to_pay: [],
        company_amount: whole,
      });
      expect((await paymentsOf(id)).map(({ amount, status }) => ({ amount, status }))).toEqual([
        { amount: whole, status: 'company_billed' },
      ]);
      expect(await visitOf(id)).toMatchObject({ status: 'confirmed' });
    });

    it.each([
      ['the company pays only part', { split_payment: true, client_exams_to_pay: company }],
      ['no split at all', {}],
    ])('refuses a patient confirming without paying when %s', async (_name, payload) => {
      const { id, token } = await splitAppointment();
      const response = await manualConfirm(id, token, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().err).toBe('manual-confirmation-not-allowed');
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    it('refuses the split of a client without the split-payment step', async () => {
      const { id, token } = await appointment({ carts: [{ items: [ID.glicemia] }] });
      const response = await manualConfirm(id, token, {
        split_payment: true,
        client_exams_to_pay: [{ patient_index: 0, item_ids: [ID.glicemia] }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().err).toBe('split-payment-not-allowed');
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    it('answers nothing-to-pay when the company pays every exam', async () => {
      const { id, token } = await splitAppointment();
      const response = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount: 1000,
        client_exams_to_pay: [
          { patient_index: 0, item_ids: [ID.perfilLipidico, ID.glicemia] },
          { patient_index: 1, item_ids: [ID.hemograma] },
        ],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().err).toBe('nothing-to-pay');
    });
  });

  describe('a confirmed appointment has a patient with a service', () => {
    const WITHOUT_PATIENTS = {
      err: 'appointment-without-patients',
      msg: 'La cita no tiene pacientes con servicios. Agrega al menos un paciente con un examen o servicio antes de confirmarla.',
    };

    it.each([
      ['no patients', []],
      ['a patient without services', [{ items: [] }]],
    ])('a card payment of an appointment with %s is refused before any charge', async (_, carts) => {
      const { id, token } = await appointment({ carts });
      const response = await pay(id, token, {
        token: await cardToken('APRO'),
        payment_method_id: 'visa',
        amount: 1000,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(WITHOUT_PATIENTS);
      expect(await paymentsOf(id)).toEqual([]);
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    it.each([
      ['no patients', []],
      ['a patient without services', [{ items: [] }]],
    ])('paying at home an appointment with %s is refused and records nothing', async (_, carts) => {
      for (const [options, headers] of [
        [{ clientId: 'demo-mx', country: 'mx' as const }, null],
        [{ clientId: 'demo-laas', salesSource: 'demo-laas' }, { authorization: `Bearer ${DEMO_LAAS_TOKEN}` }],
      ] as const) {
        const { id, token } = await appointment({ ...options, carts });
        const response = await cash(id, headers ?? { [APPOINTMENT_TOKEN_HEADER]: token });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual(WITHOUT_PATIENTS);
        expect(await paymentsOf(id)).toEqual([]);
        expect(await statusOf(id)).toMatchObject({ status: 'scheduled', paymentStatus: null });
        expect(await visitOf(id)).toMatchObject({ status: 'hold' });
      }
    });
  });

  describe('POST /api/payments/appointments/{id}/cash_payment/', () => {
    it('confirms a Mexican appointment paid at home: In address, Partner, Payment Pending (to collect), one cash row', async () => {
      const { id, token } = await appointment({
        clientId: 'demo-mx',
        country: 'mx',
        carts: [{ items: [ID.biometriaHematica] }],
      });
      const response = await cash(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        id,
        status: 'confirmed',
        payment_method: 'In address',
        payment_gateway: 'Partner',
        payment_status: 'Payment Pending',
        confirmed_at: expect.any(String),
      });
      const row = await statusOf(id);
      expect(row).toMatchObject({
        status: 'confirmed',
        paymentMethod: 'In address',
        paymentGateway: 'Partner',
      });
      expect(await visitOf(id)).toMatchObject({ status: 'confirmed' });
      const rows = await paymentsOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'cash',
        gateway: 'Partner',
        method: 'In address',
        currency: 'MXN',
      });
      // A repeated call answers the same confirmation; nothing more is recorded.
      const again = await cash(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe('confirmed');
      expect(await paymentsOf(id)).toHaveLength(1);
    });

    it("labels Caja Los Andes 'Payment Pending' and counts the coupon once", async () => {
      const { id, token } = await appointment({
        clientId: 'cajalosandes',
        salesSource: 'cajalosandes',
        carts: [{ items: [ID.vacunaInfluenza] }],
        coupon: 'BIENVENIDA10',
      });
      const [before] = await db().select().from(coupons).where(eq(coupons.code, 'BIENVENIDA10'));
      const response = await cash(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().payment_status).toBe('Payment Pending');
      const [after] = await db().select().from(coupons).where(eq(coupons.code, 'BIENVENIDA10'));
      expect(after?.usesCount).toBe((before?.usesCount ?? 0) + 1);
    });

    it('lets staff confirm their own appointment paid at home with their Bearer token', async () => {
      const { id } = await appointment({ clientId: 'demo-laas', salesSource: 'demo-laas' });
      const response = await cash(id, { authorization: `Bearer ${DEMO_LAAS_TOKEN}` });
      expect(response.statusCode, response.body).toBe(200);
    });

    it("refuses a staff client's Chilean booking paid at home with the appointment token alone", async () => {
      const { id, token } = await appointment({ clientId: 'demo-laas', salesSource: 'demo-laas' });
      const response = await cash(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode).toBe(403);
      expect(response.json().err).toBe('cash-payment-not-allowed');
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    it('refuses a Chilean marketplace appointment, which must be paid by card', async () => {
      const { id, token } = await appointment();
      const response = await cash(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        err: 'cash-payment-not-allowed',
        msg: 'Esta cita debe pagarse con tarjeta; no admite pago en domicilio.',
      });
      expect((await statusOf(id))?.status).toBe('scheduled');
    });

    it("refuses a pending appointment with the server's English text, and a foreign token with 404", async () => {
      const pending = await appointment({
        clientId: 'demo-mx',
        country: 'mx',
        status: 'pending',
        carts: [{ items: [ID.biometriaHematica] }],
      });
      const response = await cash(pending.id, { [APPOINTMENT_TOKEN_HEADER]: pending.token });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ err: 'appointment-not-payable', msg: NOT_PAYABLE_SERVER_ERROR });
      const other = await appointment({
        clientId: 'demo-mx',
        country: 'mx',
        carts: [{ items: [ID.biometriaHematica] }],
      });
      const foreign = await cash(other.id, { [APPOINTMENT_TOKEN_HEADER]: pending.token });
      expect(foreign.statusCode).toBe(404);
    });

    it('refuses paying at home while a card payment is pending review', async () => {
      const { id, token } = await appointment({
        clientId: 'demo-mx',
        country: 'mx',
        carts: [{ items: [ID.biometriaHematica] }],
      });
      const amount = await quoted(id);
      const card = await pay(id, token, {
        token: await cardToken('CONT'),
        payment_method_id: 'visa',
        amount,
      });
      expect(card.json().status).toBe('in_process');
      const response = await cash(id, { [APPOINTMENT_TOKEN_HEADER]: token });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ err: 'payment-in-process', msg: NOT_PAYABLE_SERVER_ERROR });
      expect((await statusOf(id))?.status).toBe('scheduled');
    });
  });

  describe('stock at confirmation', () => {
    beforeEach(() => setStock(ID.vacunaInfluenza, 1000));
    const fundAppointment = () =>
      appointment({
        clientId: 'cajalosandes',
        salesSource: 'cajalosandes',
        carts: [{ items: [ID.vacunaInfluenza] }],
      });
    const operative = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v2/operative/cajalosandes/status/' })).json();

    it('manual_confirm takes the dose too', async () => {
      const { id, token } = await fundAppointment();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/${id}/manual_confirm/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: token },
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await stockOf(ID.vacunaInfluenza)).toBe(999);
    });

    it('gives the last dose to exactly one of two concurrent confirmations; the other is stockout and the fund turns inactive', async () => {
      await setStock(ID.vacunaInfluenza, 1);
      const first = await fundAppointment();
      const second = await fundAppointment();
      expect(await operative()).toEqual({ active: true, reason: null });
      const responses = await Promise.all([
        cash(first.id, { [APPOINTMENT_TOKEN_HEADER]: first.token }),
        cash(second.id, { [APPOINTMENT_TOKEN_HEADER]: second.token }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const loser = responses.find((response) => response.statusCode === 409);
      expect(loser?.json()).toEqual({ err: 'stockout', msg: STOCKOUT_MESSAGE });
      expect(await stockOf(ID.vacunaInfluenza)).toBe(0);
      const statuses = [(await statusOf(first.id))?.status, (await statusOf(second.id))?.status].sort();
      expect(statuses).toEqual(['confirmed', 'scheduled']);
      // The loser's confirmation rolled back whole: no cash row, its hold still a hold.
      const loserId = responses[0]?.statusCode === 409 ? first.id : second.id;
      expect(await paymentsOf(loserId)).toHaveLength(0);
      expect(await visitOf(loserId)).toMatchObject({ status: 'hold' });
      expect(await operative()).toEqual({ active: false, reason: 'stockout' });
    });

    it('gives the last dose to one of two concurrent manual confirmations and card payments', async () => {
      await setStock(ID.vacunaInfluenza, 1);
      const byHand = await fundAppointment();
      const byCard = await appointment({ carts: [{ items: [ID.vacunaInfluenza] }] });
      const amount = await quoted(byCard.id);
      const card = await cardToken('APRO');
      const responses = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/appointments/${byHand.id}/manual_confirm/`,
          headers: { [APPOINTMENT_TOKEN_HEADER]: byHand.token },
          payload: {},
        }),
        pay(byCard.id, byCard.token, { token: card, payment_method_id: 'visa', amount }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const loser = responses.find((response) => response.statusCode === 409);
      expect(loser?.json()).toEqual({ err: 'stockout', msg: STOCKOUT_MESSAGE });
      expect(await stockOf(ID.vacunaInfluenza)).toBe(0);
      // If the card lost after being charged, its payment is recorded as refunded, never approved.
      const cardPayments = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.appointmentId, byCard.id), eq(payments.status, 'approved')));
      expect(cardPayments.length).toBe(responses[1]?.statusCode === 200 ? 1 : 0);
    });
  });

  describe('reconciliation with the gateway: nothing stays processing or pending for good', () => {
    const sandbox = () => createSandboxGateway(db());
    const ctx = () => ({ db: db(), gateway: sandbox(), log: t.app.log, leaseMs: 120_000 });
    const LATER = () => new Date(Date.now() + 5 * 60_000);
    /** A payment as a crash leaves it: claimed 'processing', and maybe charged by the gateway, never recorded. */
    async function crashedPayment(id: string, cardholder: string | null) {
      const [row] = await db()
        .insert(payments)
        .values({
          appointmentId: id,
          idempotencyKey: `key:crash-${id}`,
          gateway: 'sandbox',
          method: 'visa',
          status: 'processing',
          amount: await quoted(id),
          currency: 'CLP',
        })
        .returning();
      if (!row) throw new Error('payment insert returned nothing');
      if (cardholder) {
        await sandbox().charge({
          token: await cardToken(cardholder),
          paymentMethodId: 'visa',
          amount: row.amount,
          currency: 'CLP',
          idempotencyKey: row.id,
          externalReference: row.id,
          description: 'Visita a domicilio',
          payerEmail: null,
          customerId: null,
        });
      }
      return row;
    }

    it('records a charge made before the crash and confirms the visit, once past the lease', async () => {
      const { id } = await appointment();
      const payment = await crashedPayment(id, 'APRO');
      // Within the lease the request that claimed it may still be running: left alone.
      expect(await reconcileDuePayments(ctx())).toBe(0);
      expect(await reconcileDuePayments(ctx(), LATER())).toBeGreaterThanOrEqual(1);
      expect((await paymentsOf(id)).find((row) => row.id === payment.id)).toMatchObject({
        status: 'approved',
        gatewayPaymentId: expect.stringMatching(/^sandbox-/),
      });
      expect(await statusOf(id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Payment Successful' });
      expect(await visitOf(id)).toMatchObject({ status: 'confirmed' });
    });

    it('fails a payment the gateway never charged, and the person may pay again', async () => {
      const { id, token } = await appointment();
      const payment = await crashedPayment(id, null);
      const card = { payment_method_id: 'visa', amount: await quoted(id) };
      // Until the lease ends the retry is told the payment is in process…
      const early = await pay(id, token, { ...card, token: await cardToken('APRO') });
      expect(early.statusCode).toBe(409);
      await db()
        .update(payments)
        .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(payments.id, payment.id));
      // …after it, the retry itself settles the stuck payment and is charged.
      const retry = await pay(id, token, { ...card, token: await cardToken('APRO') });
      expect(retry.statusCode, retry.body).toBe(200);
      expect((await paymentsOf(id)).find((row) => row.id === payment.id)).toMatchObject({
        status: 'rejected',
        statusDetail: 'not_charged',
      });
      expect((await statusOf(id))?.status).toBe('confirmed');
    });

    it('keeps the block while the gateway reviews a payment, and confirms when the review approves it', async () => {
      const { id, token } = await appointment();
      const response = await pay(id, token, {
        token: await cardToken('CONT'),
        payment_method_id: 'visa',
        amount: await quoted(id),
      });
      expect(response.json()).toEqual({ status: 'in_process', status_detail: 'pending_contingency' });
      const hold = await visitOf(id);
      // Held past the 20 minutes while in review.
      expect(hold?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
      const [pending] = await paymentsOf(id);
      await sandbox().review(pending?.gatewayPaymentId ?? '', 'APRO');
      await reconcileDuePayments(ctx(), LATER());
      expect((await paymentsOf(id))[0]).toMatchObject({ status: 'approved' });
      expect(await statusOf(id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Payment Successful' });
    });

    it('refunds a charge it finds for a visit that can no longer be confirmed', async () => {
      const { id } = await appointment();
      const payment = await crashedPayment(id, 'APRO');
      await db().update(appointments).set({ status: 'expired' }).where(eq(appointments.id, id));
      await reconcileDuePayments(ctx(), LATER());
      const [row] = (await paymentsOf(id)).filter((one) => one.id === payment.id);
      expect(row?.status).toBe('rejected');
      expect(row?.statusDetail).toMatch(/^refunded:/);
      const [charge] = await db()
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.externalReference, payment.id));
      expect(charge?.refunded).toBe(true);
      expect((await statusOf(id))?.status).toBe('expired');
      // The person, gone since, is told by e-mail that the money went back.
      const told = await db().select().from(outboxEvents).where(eq(outboxEvents.appointmentId, id));
      expect(told.map((event) => [event.topic, event.channel, event.payload])).toEqual([
        [
          'appointment.payment_refunded',
          'email',
          { to: 'paciente1@correo.cl', kind: 'refunded', refunded: payment.amount },
        ],
      ]);
    });
  });
});
