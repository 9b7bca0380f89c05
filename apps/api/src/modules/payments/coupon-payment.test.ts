import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, couponUses, coupons, payments } from '../../db/schema.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import {
  finalizeAppointment,
  finalizePatient,
  type HeldAppointment,
  insertLabNurse,
  insertScheduledAppointment,
  paidScheduledAppointment,
} from '../../test-support/scheduled-appointment.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';

/** Perfil lipídico and glicemia: the cart every booking here finalises. */
const ITEMS = [ID.perfilLipidico, ID.glicemia];

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
    nurseId = await insertLabNurse(t.app.db, 'Enfermera cupones');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A block of its own for each appointment, an hour after the last. */
  const nextBlock = () => {
    block += 1;
    return new Date(Date.UTC(2032, 0, 1) + block * 3_600_000);
  };

  /** A marketplace appointment with a live hold, as the date step leaves it. */
  const scheduled = () => insertScheduledAppointment(t.app.db, { nurseId, blockStart: nextBlock() });

  const finalize = (target: HeldAppointment, extra: Record<string, unknown>) =>
    finalizeAppointment(t.app, target, [finalizePatient({ items: ITEMS })], extra);

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
        patients: [{ is_fonasa: false, items: ITEMS, packs: [] }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json();
    return quote.net_price - quote.payment_at_home;
  }

  const summary = async (target: HeldAppointment) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/payments/appointments/${target.id}/payment_summary/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: target.token },
      })
    ).json().data.appointment;

  const usesOf = async (code: string) =>
    (await t.app.db.select().from(coupons).where(eq(coupons.code, code)))[0]?.usesCount ?? 0;

  it('stores BIENVENIDA10 at finalise: the summary and the card charge the discounted quote, the use counts once', async () => {
    let shown = 0;
    let usesBefore = 0;
    const target = await paidScheduledAppointment(t.app, {
      nurseId,
      blockStart: nextBlock(),
      patients: [finalizePatient({ items: ITEMS })],
      couponCode: ' bienvenida10 ',
      beforePayment: async (held) => {
        const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, held.id));
        expect(row?.couponCode).toBe('BIENVENIDA10');

        shown = await widgetQuote('BIENVENIDA10');
        expect(shown).toBeLessThan(await widgetQuote(null));
        const owed = await summary(held);
        expect(owed.net_price - owed.payment_at_home).toBe(shown);

        usesBefore = await usesOf('BIENVENIDA10');
      },
    });
    // The card paid the summary's amount, which is the quote the widget showed.
    expect(target.amount).toBe(shown);
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
