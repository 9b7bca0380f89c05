import * as ERRORS from '@visita/domain/contract/api-errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { auditLog, couponUsePeople, coupons, payments, referralCodes } from '../../db/schema.ts';
import {
  consoleCall,
  consoleSessionsByRole,
  type ConsoleCredentials,
} from '../../test-support/console-session.ts';
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
import { computeCartPrice } from '../pricing/service.ts';

/** Valentina Morales with a lipid profile and glicemia, under the given document number. */
const patient = (documentNumber = '111111111') => ({
  ...finalizePatient({ items: [ID.perfilLipidico, ID.glicemia] }),
  document_number: documentNumber,
});

/** A coupon body as the console sends it, every field given. */
const couponBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'CONSOLA5000',
  discount_percent: null,
  discount_amount: 5000,
  valid_from: null,
  valid_until: null,
  sales_sources: [],
  country: 'cl',
  item_ids: [],
  max_uses: null,
  once_per_person: false,
  active: true,
  ...overrides,
});

const fieldsOf = (body: Record<string, unknown>) => {
  const { code: _code, ...fields } = body;
  return fields;
};

describe('computeCartPrice with an amount coupon', () => {
  const item = (id: number, price: number) => ({
    id,
    name: `Examen ${id}`,
    resourcetype: 'Exam',
    type: 'exam',
    price,
    is_promotion: false,
    promotion_price: null,
    allows_fonasa: false,
    fonasa_price: null,
    fonasa_copayment: null,
    service_fee: 3000,
    fonasa_service_fee: null,
    is_familiar: false,
    number_of_patients: 1,
    items: [],
  });
  const cart = [{ insurance: 'particular' as const, items: [item(1, 10000), item(2, 4000)] }];

  it('takes the amount off the items it applies to, never the visit fee', () => {
    const quote = computeCartPrice(
      cart,
      { discountPercent: null, discountAmount: 2500, appliesTo: () => true },
      false,
    );
    expect(quote).toMatchObject({ base_price: 14000, discount: 2500, service_fee: 3000, net_price: 14500 });
  });

  it('never takes more than the items it applies to are worth', () => {
    const quote = computeCartPrice(
      cart,
      { discountPercent: null, discountAmount: 9000, appliesTo: (id) => id === 2 },
      false,
    );
    expect(quote).toMatchObject({ discount: 4000, net_price: 13000 });
  });

  it('prices a percent coupon as before', () => {
    const quote = computeCartPrice(cart, { discountPercent: 10, appliesTo: () => true }, false);
    expect(quote).toMatchObject({ discount: 1400, net_price: 15600 });
  });
});

describe.each(TEST_ENGINES)("the console's coupons on $name", (engine) => {
  let t: TestApp;
  let admin: ConsoleCredentials;
  let coordinator: ConsoleCredentials;
  let finance: ConsoleCredentials;
  let partner: ConsoleCredentials;
  let nurseId: number;
  let block = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ admin, coordinator, finance, partner } = await consoleSessionsByRole(t.app));
    nurseId = await insertLabNurse(t.app.db, 'Enfermera cupones de consola');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    who: ConsoleCredentials = admin,
  ) => consoleCall(t.app, method, url, who, payload);
  const create = (body: Record<string, unknown>, who: ConsoleCredentials = admin) =>
    call('POST', '/api/console/coupons', body, who);
  const update = (code: string, body: Record<string, unknown>, who: ConsoleCredentials = admin) =>
    call('PUT', `/api/console/coupons/${code}`, fieldsOf(body), who);
  const expectRefusal = (
    response: Awaited<ReturnType<typeof call>>,
    status: number,
    entry?: { err: string; msg: string },
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    if (entry) expect(response.json()).toEqual({ err: entry.err, msg: entry.msg });
    else expect(response.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
  };

  /** What the widget shows for the cart: the quote with the coupon it applied. */
  async function quote(coupon: string | null, items = [ID.perfilLipidico, ID.glicemia]) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/cart-price/',
      payload: {
        coupon_code: coupon,
        country: 'cl',
        locality: 'Las Condes',
        source: 'marketplace',
        patients: [{ is_fonasa: false, items, packs: [] }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { discount: number; net_price: number; payment_at_home: number };
  }

  /** The next block of the nurse's, one per appointment. */
  const nextBlock = () => {
    block += 1;
    return new Date(Date.UTC(2033, 0, 1) + block * 3_600_000);
  };

  /** A marketplace appointment with a live hold, as the date step leaves it. */
  const scheduled = () => insertScheduledAppointment(t.app.db, { nurseId, blockStart: nextBlock() });

  const finalize = (target: HeldAppointment, coupon: string, documentNumber?: string) =>
    finalizeAppointment(t.app, target, [patient(documentNumber)], { coupon_code: coupon });

  it('lets admins and coordinators in, and nobody else', async () => {
    expect((await call('GET', '/api/console/coupons')).statusCode).toBe(200);
    expect((await call('GET', '/api/console/coupons', undefined, coordinator)).statusCode).toBe(200);
    expectRefusal(await call('GET', '/api/console/coupons', undefined, finance), 403);
    expectRefusal(await call('GET', '/api/console/coupons', undefined, partner), 403);
    expectRefusal(await create(couponBody({ code: 'SOCIO1' }), partner), 403);
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/console/coupons' }), 401);
  });

  it('creates an amount coupon, audited, listed, and priced by the very next quote', async () => {
    const created = await create(couponBody({ code: ' consola5000 ' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      code: 'CONSOLA5000',
      discount_percent: null,
      discount_amount: 5000,
      valid_from: null,
      valid_until: null,
      sales_sources: [],
      country: 'cl',
      item_ids: [],
      max_uses: null,
      uses_count: 0,
      once_per_person: false,
      active: true,
    });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'coupon'), eq(auditLog.entityId, 'CONSOLA5000')));
    expect(audit).toMatchObject({ action: 'coupon.created', operatorId: admin.operatorId, before: null });
    expect(audit?.after).toMatchObject({ discount_amount: 5000 });

    const list = await call('GET', '/api/console/coupons?q=sola5');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((c: { code: string }) => c.code)).toEqual(['CONSOLA5000']);

    const without = await quote(null);
    const withIt = await quote('CONSOLA5000');
    expect(withIt.discount).toBe(5000);
    expect(withIt.net_price).toBe(without.net_price - 5000);
  });

  it('charges an amount coupon by card as quoted, counts its use and lists it on the coupon', async () => {
    expect((await create(couponBody({ code: 'PAGO3000', discount_amount: 3000 }))).statusCode).toBe(201);
    let shown = { net_price: 0, payment_at_home: 0 };
    // Finalised with the coupon, then paid by card what the summary says is owed (approved).
    const target = await paidScheduledAppointment(t.app, {
      nurseId,
      blockStart: nextBlock(),
      patients: [patient()],
      couponCode: 'PAGO3000',
      beforePayment: async () => {
        shown = await quote('PAGO3000');
      },
    });
    // What the summary charged is what the quote showed.
    expect(target.amount).toBe(shown.net_price - shown.payment_at_home);
    const [charged] = await t.app.db.select().from(payments).where(eq(payments.appointmentId, target.id));
    expect(charged).toMatchObject({ status: 'approved', amount: shown.net_price - shown.payment_at_home });

    const detail = await call('GET', '/api/console/coupons/pago3000');
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().coupon.uses_count).toBe(1);
    expect(detail.json().uses).toEqual([
      expect.objectContaining({
        appointment_id: target.id,
        status: 'confirmed',
        sales_source: 'marketplace',
      }),
    ]);
  });

  it('takes a once-per-person coupon once per patient document, whatever the appointment', async () => {
    expect(
      (
        await create(
          couponBody({ code: 'UNAVEZ', discount_amount: null, discount_percent: 15, once_per_person: true }),
        )
      ).statusCode,
    ).toBe(201);
    let shown = { net_price: 0, payment_at_home: 0 };
    // Finalised with the coupon, then paid by card what the summary says is owed (approved).
    const first = await paidScheduledAppointment(t.app, {
      nurseId,
      blockStart: nextBlock(),
      patients: [patient('12.345.678-5')],
      couponCode: 'UNAVEZ',
      beforePayment: async () => {
        shown = await quote('UNAVEZ');
      },
    });
    expect(first.amount).toBe(shown.net_price - shown.payment_at_home);
    expect(
      await t.app.db.select().from(couponUsePeople).where(eq(couponUsePeople.couponCode, 'UNAVEZ')),
    ).toEqual([expect.objectContaining({ person: 'ci:123456785', appointmentId: first.id })]);

    // The same person, written otherwise, on another appointment: refused at finalise.
    const second = await scheduled();
    const again = await finalize(second, 'UNAVEZ', '12345678-5');
    expectRefusal(again, 409, ERRORS.couponRefused('already_used'));
    // Someone else may still use it.
    expect((await finalize(second, 'UNAVEZ', '11.111.111-1')).statusCode).toBe(200);
  });

  it('refuses bad values with a 400 in Spanish, and a code taken with a 409', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ discount_percent: 10 }, 'Indica un porcentaje o un monto de descuento, uno de los dos.'],
      [{ discount_amount: null }, 'Indica un porcentaje o un monto de descuento, uno de los dos.'],
      [{ discount_amount: null, discount_percent: 120 }, 'El porcentaje va de 1 a 100.'],
      [{ discount_amount: 0 }, 'El monto debe ser mayor que cero.'],
      [{ code: 'a b' }, 'El código debe tener de 3 a 40 letras sin tilde, números, guiones o guiones bajos.'],
      [
        { valid_from: '2026-12-10T00:00:00-03:00', valid_until: '2026-12-01T00:00:00-03:00' },
        'El fin de la vigencia no puede ser anterior a su inicio.',
      ],
      [{ max_uses: 0 }, 'Los usos totales deben ser al menos 1, o ninguno para no limitarlos.'],
    ];
    for (const [overrides, msg] of cases) {
      const response = await create(couponBody({ code: 'MALO', ...overrides }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().msg).toContain(msg);
    }
    expectRefusal(
      await create(couponBody({ code: 'MALO', country: null })),
      400,
      ERRORS.CONSOLE_COUPON_AMOUNT_NEEDS_COUNTRY,
    );
    expectRefusal(
      await create(couponBody({ code: 'MALO', sales_sources: ['marketplace', 'nadie'] })),
      400,
      ERRORS.consoleCouponUnknownSources('nadie'),
    );
    expectRefusal(
      await create(couponBody({ code: 'MALO', item_ids: [ID.glicemia, 999999] })),
      400,
      ERRORS.consoleCouponUnknownItems('999999'),
    );
    expect(await t.app.db.select().from(coupons).where(eq(coupons.code, 'MALO'))).toEqual([]);
    expectRefusal(await create(couponBody({ code: 'BIENVENIDA10' })), 409, ERRORS.CONSOLE_COUPON_EXISTS);
    expectRefusal(await call('GET', '/api/console/coupons/NOEXISTE'), 404, ERRORS.CONSOLE_COUPON_NOT_FOUND);
  });

  it('edits and deactivates a coupon in one audited write; the widget sees it at once', async () => {
    const body = couponBody({
      code: 'EDITABLE',
      discount_amount: null,
      discount_percent: 20,
      sales_sources: ['marketplace'],
      item_ids: [ID.glicemia],
      max_uses: 5,
    });
    expect((await create(body)).statusCode).toBe(201);
    expect((await quote('EDITABLE')).discount).toBeGreaterThan(0);

    await t.app.db.update(coupons).set({ usesCount: 3 }).where(eq(coupons.code, 'EDITABLE'));
    expectRefusal(
      await update('EDITABLE', { ...body, max_uses: 2 }),
      400,
      ERRORS.consoleCouponMaxUsesBelowUses(3),
    );

    const edited = await update('EDITABLE', { ...body, sales_sources: ['redsalud'], max_uses: 3 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ sales_sources: ['redsalud'], max_uses: 3, uses_count: 3 });
    expect((await quote('EDITABLE')).discount).toBe(0);

    const off = await update('EDITABLE', { ...body, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    const validated = await t.app.inject({
      method: 'GET',
      url: `/api/v2/coupons/validate/?coupon=EDITABLE&source=marketplace&country=cl&items=${ID.glicemia}`,
    });
    expect(validated.json()).toEqual({ status: 'invalid' });

    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'coupon'), eq(auditLog.entityId, 'EDITABLE')));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'coupon.created',
      'coupon.updated',
      'coupon.updated',
    ]);
    const last = audits.find((row) => (row.after as { active?: boolean })?.active === false);
    expect(last?.before).toMatchObject({ active: true, sales_sources: ['redsalud'] });
  });

  it('reads and edits a coupon older than the console whose code it would not create (Ñ)', async () => {
    await t.app.db.insert(coupons).values({ code: 'AÑONUEVO', discountPercent: 5 });
    const url = `/api/console/coupons/${encodeURIComponent('añonuevo')}`;
    const read = await call('GET', url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().coupon).toMatchObject({ code: 'AÑONUEVO', discount_percent: 5 });
    const edited = await call(
      'PUT',
      url,
      fieldsOf(couponBody({ discount_amount: null, discount_percent: 7, country: null })),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ code: 'AÑONUEVO', discount_percent: 7 });
  });

  it('offers the sales sources and active items a coupon may name', async () => {
    const answer = await call('GET', '/api/console/coupons/options');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().sales_sources).toEqual(expect.arrayContaining(['marketplace', 'clinicaalemana']));
    expect(answer.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ID.glicemia, country: 'cl' })]),
    );
  });

  it('sets and removes a sales source referral code, audited; only an existing coupon', async () => {
    const listed = await call('GET', '/api/console/referral-codes');
    expect(listed.json().results).toEqual(
      expect.arrayContaining([{ sales_source: 'clinicaalemana', referral_code: 'CLAMESDELCORAZON' }]),
    );
    expectRefusal(
      await call('PUT', '/api/console/referral-codes/marketplace', { referral_code: 'NOESCUPON' }),
      400,
      ERRORS.CONSOLE_REFERRAL_UNKNOWN_COUPON,
    );
    expectRefusal(
      await call('PUT', '/api/console/referral-codes/nadie', { referral_code: 'BIENVENIDA10' }),
      400,
      ERRORS.consoleCouponUnknownSources('nadie'),
    );
    const set = await call('PUT', '/api/console/referral-codes/marketplace', {
      referral_code: 'bienvenida10',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ sales_source: 'marketplace', referral_code: 'BIENVENIDA10' });
    const widget = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/alliance/?alliance=marketplace',
    });
    expect(widget.json()).toEqual([{ referral_code: 'BIENVENIDA10' }]);

    const removed = await call('PUT', '/api/console/referral-codes/marketplace', { referral_code: null });
    expect(removed.json()).toEqual({ sales_source: 'marketplace', referral_code: null });
    expect(
      await t.app.db.select().from(referralCodes).where(eq(referralCodes.salesSource, 'marketplace')),
    ).toEqual([]);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral_code.updated'), eq(auditLog.entityId, 'marketplace')));
    expect(audits).toHaveLength(2);
  });
});
