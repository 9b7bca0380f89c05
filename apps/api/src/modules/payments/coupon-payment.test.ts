import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, couponUses, coupons, nurses, payments, visits } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hashAppointmentToken, newAppointmentToken } from '../appointments/access.ts';
import { insertAppointment } from '../appointments/queries.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';

const patient = (items: number[]) => ({
  first_name: 'Valentina',
  second_name: null,
  last_name: 'Morales',
  second_last_name: 'Díaz',
  date_of_birth: '1992-04-08',
  gender: 'female',
  document_type: 'ci',
  document_number: '111111111',
  email: 'valentina.morales@correo.cl',
  phone: '912345678',
  is_fonasa: false,
  items,
  packs: [],
});

/**
 * A coupon applied in the widget is stored on the appointment when it is finalised, so the quote
 * the person sees, the payment summary and the card charge are one price, and its use is counted.
 */
describe.each(TEST_ENGINES)('a booking with a coupon on $name', (engine) => {
  let t: TestApp;
  let nurseId: number;
  let block = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const [nurse] = await t.app.db
      .insert(nurses)
      .values({ name: 'Enfermera cupones', skills: ['lab'] })
      .returning();
    if (!nurse) throw new Error('nurse insert returned nothing');
    nurseId = nurse.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A marketplace appointment with a live hold, as the date step leaves it. */
  async function scheduled(): Promise<{ id: string; token: string }> {
    const token = newAppointmentToken();
    const row = await insertAppointment(t.app.db, {
      tokenHash: hashAppointmentToken(token),
      clientId: 'demo',
      salesSource: 'marketplace',
      status: 'scheduled',
      country: 'cl',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Las Condes',
      addressLine1: 'Avenida Apoquindo 4500',
      targetAddress: 'Avenida Apoquindo 4500, Las Condes',
      targetStreetNumber: '4500',
      targetLat: -33.4129,
      targetLng: -70.5799,
    });
    block += 1;
    const blockStart = new Date(Date.UTC(2032, 0, 1) + block * 3_600_000);
    await t.app.db.insert(visits).values({
      appointmentId: row.id,
      nurseId,
      blockStart,
      blockEnd: new Date(blockStart.getTime() + 3_600_000),
      status: 'hold',
      expiresAt: new Date(Date.now() + 20 * 60_000),
    });
    return { id: row.id, token };
  }

  const finalize = (target: { id: string; token: string }, extra: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/appointments/${target.id}/finalize/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: target.token },
      payload: {
        patients: [patient([ID.perfilLipidico, ID.glicemia])],
        sales_source: 'marketplace',
        ...extra,
      },
    });

  /** What the widget shows: the cart's quote with the coupon it applied. */
  async function widgetQuote(coupon: string | null): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/cart-price/',
      payload: {
        coupon_code: coupon,
        country: 'cl',
        locality: 'Las Condes',
        source: 'marketplace',
        patients: [{ is_fonasa: false, items: [ID.perfilLipidico, ID.glicemia], packs: [] }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json();
    return quote.net_price - quote.payment_at_home;
  }

  const summary = async (target: { id: string; token: string }) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/payments/appointments/${target.id}/payment_summary/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: target.token },
      })
    ).json().data.appointment;

  const usesOf = async (code: string) =>
    (await t.app.db.select().from(coupons).where(eq(coupons.code, code)))[0]?.usesCount ?? 0;

  async function cardToken(): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sandbox/card-tokens/',
      payload: {
        card_number: '4111111111111111',
        cardholder_name: 'APRO',
        expiration_month: 12,
        expiration_year: new Date().getUTCFullYear() + 1,
        security_code: '123',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  it('stores BIENVENIDA10 at finalise: the summary and the card charge the discounted quote, the use counts once', async () => {
    const target = await scheduled();
    const response = await finalize(target, { coupon_code: ' bienvenida10 ' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, target.id));
    expect(row?.couponCode).toBe('BIENVENIDA10');

    const shown = await widgetQuote('BIENVENIDA10');
    expect(shown).toBeLessThan(await widgetQuote(null));
    const owed = await summary(target);
    expect(owed.net_price - owed.payment_at_home).toBe(shown);

    const usesBefore = await usesOf('BIENVENIDA10');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v2/mercado-pago/${target.id}/card/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: target.token },
      payload: { token: await cardToken(), payment_method_id: 'visa', amount: shown },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('approved');
    const [charged] = await t.app.db.select().from(payments).where(eq(payments.appointmentId, target.id));
    expect(charged).toMatchObject({ status: 'approved', amount: shown });
    expect(await usesOf('BIENVENIDA10')).toBe(usesBefore + 1);
    expect(await t.app.db.select().from(couponUses).where(eq(couponUses.appointmentId, target.id))).toEqual([
      expect.objectContaining({ couponCode: 'BIENVENIDA10' }),
    ]);
  });

  it.each([
    ['EXPIRADO', 'coupon-expired', 'Este cupón ya expiró'],
    ['USADO', 'coupon-already-used', 'Este cupón ya fue utilizado'],
    ['AGOTADO', 'coupon-no-uses', 'Este cupón ya no se puede utilizar'],
    ['CLAMESDELCORAZON', 'coupon-invalid', 'Este cupón no es válido'],
    ["X' OR 1=1 --", 'coupon-invalid', 'Este cupón no es válido'],
  ])('refuses %s at finalise with 409 %s and stores nothing', async (code, err, msg) => {
    const target = await scheduled();
    const response = await finalize(target, { coupon_code: code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ err, msg });
    const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, target.id));
    expect(row).toMatchObject({ couponCode: null, finalizedAt: null });
  });

  it('null removes a coupon stored before; left out, the stored one stays', async () => {
    const target = await scheduled();
    expect((await finalize(target, { coupon_code: 'BIENVENIDA10' })).statusCode).toBe(200);
    expect((await finalize(target, {})).statusCode).toBe(200);
    const couponOf = async () =>
      (await t.app.db.select().from(appointments).where(eq(appointments.id, target.id)))[0]?.couponCode;
    expect(await couponOf()).toBe('BIENVENIDA10');
    expect((await finalize(target, { coupon_code: null })).statusCode).toBe(200);
    expect(await couponOf()).toBeNull();
    const owed = await summary(target);
    expect(owed.net_price - owed.payment_at_home).toBe(await widgetQuote(null));
  });
});
