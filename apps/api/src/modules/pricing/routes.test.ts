import { cartPriceAnswerSchema } from '@visita/domain/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertTestCatalogue, T } from './test-fixtures.ts';

type Patient = { is_fonasa?: boolean; fonasa_tier?: unknown; items?: unknown[]; packs?: unknown[] };

const particular = (...items: number[]): Patient => ({ is_fonasa: false, items, packs: [] });
const fonasa = (...items: number[]): Patient => ({ is_fonasa: true, items, packs: [] });

describe.each(TEST_ENGINES)('POST /api/v2/cart-price/ on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertTestCatalogue(t.testDb.database.db);
  });
  afterAll(() => t?.close());

  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v2/cart-price/', payload: payload as object });
  const quote = async (patients: Patient[], extra: Record<string, unknown> = {}) => {
    const response = await post({
      country: 'cl',
      locality: 'Las Condes',
      source: 'marketplace',
      coupon_code: null,
      patients: patients.map((patient) => ({ is_fonasa: false, items: [], packs: [], ...patient })),
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(cartPriceAnswerSchema.parse(body)).toEqual(body);
    return body;
  };

  describe('worked examples of the formula', () => {
    it('particular: exams summed, the visit fee once (the highest), no bonus', async () => {
      // 8.000 + 4.000 = 12.000; fees 5.000 and 5.000: one visit, 5.000; total 17.000.
      expect(await quote([particular(T.hemograma, T.glicemia)])).toEqual({
        base_price: 12000,
        service_fee: 5000,
        discount: 0,
        net_price: 17000,
        fonasa_discount: 0,
        payment_at_home: 0,
      });
    });

    it('fonasa: the bonus is the particular price minus the copay, only on items that allow fonasa', async () => {
      // Hemograma 8.000, copay 3.000: bonus 5.000. Glicemia does not allow fonasa: 4.000.
      // Fees: hemograma's fonasa fee 3.000, glicemia's 5.000: the visit costs 5.000.
      expect(await quote([fonasa(T.hemograma, T.glicemia)])).toEqual({
        base_price: 12000,
        service_fee: 5000,
        discount: 0,
        net_price: 12000,
        fonasa_discount: 5000,
        payment_at_home: 0,
      });
      // Alone, hemograma under fonasa takes its fonasa_service_fee: 8.000 − 5.000 + 3.000.
      expect(await quote([fonasa(T.hemograma)])).toMatchObject({
        base_price: 8000,
        fonasa_discount: 5000,
        service_fee: 3000,
        net_price: 6000,
      });
    });

    it.each([
      ['A', { fonasa_discount: 0, service_fee: 5000, net_price: 13000 }],
      ['B', { fonasa_discount: 5000, service_fee: 3000, net_price: 6000 }],
      ['C', { fonasa_discount: 5000, service_fee: 3000, net_price: 6000 }],
      ['D', { fonasa_discount: 5000, service_fee: 3000, net_price: 6000 }],
    ])('Fonasa tier %s: the copay for B, C and D; tier A priced as particular', async (tier, expected) => {
      expect(await quote([{ ...fonasa(T.hemograma), fonasa_tier: tier }])).toMatchObject({
        base_price: 8000,
        ...expected,
      });
    });

    it('a tier on a particular patient changes nothing', async () => {
      expect(await quote([{ ...particular(T.hemograma), fonasa_tier: 'B' }])).toMatchObject({
        fonasa_discount: 0,
      });
    });

    it.each([['E'], ['a'], [1], ['<script>']])(
      'a tier that is not one (%s) is a 400 in Spanish',
      async (tier) => {
        const response = await post({
          country: 'cl',
          locality: 'Las Condes',
          patients: [{ ...fonasa(T.hemograma), fonasa_tier: tier }],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          err: 'invalid-request',
          msg: expect.stringContaining('El tramo de Fonasa debe ser A, B, C o D.'),
        });
      },
    );

    it('fonasa in Talagante (no fonasa there) quotes as particular', async () => {
      expect(await quote([fonasa(T.hemograma)], { locality: 'Talagante' })).toMatchObject({
        base_price: 8000,
        fonasa_discount: 0,
        service_fee: 5000,
        net_price: 13000,
      });
    });

    it('mixes patients: each at its own insurance, one visit fee for the appointment', async () => {
      // 8.000 (particular) + 8.000 (fonasa, bonus 5.000); fees 5.000 and 3.000 → 5.000.
      expect(await quote([particular(T.hemograma), fonasa(T.hemograma)])).toMatchObject({
        base_price: 16000,
        fonasa_discount: 5000,
        service_fee: 5000,
        net_price: 16000,
      });
    });

    it('never charges a sub-item of a pack of the same patient, but charges it on another patient', async () => {
      expect(await quote([{ items: [T.hemograma, T.glicemia], packs: [T.chequeo] }])).toMatchObject({
        base_price: 30000,
        service_fee: 6000,
        net_price: 36000,
      });
      expect(await quote([{ packs: [T.chequeo] }, particular(T.hemograma)])).toMatchObject({
        base_price: 38000,
        service_fee: 6000,
        net_price: 44000,
      });
    });

    it('prices a panel on promotion at its promotion price and its measures at $0', async () => {
      expect(await quote([particular(T.perfil, T.glicemia)])).toMatchObject({
        base_price: 10000,
        service_fee: 7000,
        net_price: 17000,
      });
    });

    it('splits a familiar item over its patients (1/3 each) without rounding drift', async () => {
      const three = await quote([particular(T.familiar), particular(T.familiar), particular(T.familiar)]);
      expect(three).toMatchObject({ base_price: 10000, service_fee: 5000, net_price: 15000 });
      expect(await quote([particular(T.familiar)])).toMatchObject({ base_price: 3333.33 });
    });

    it('uses the sales source and commune prices of resolvePrices', async () => {
      // Glicemia: 4.200 in Vitacura, 4.500 for clinicaalemana (source beats commune).
      expect(await quote([particular(T.glicemia)], { locality: 'Vitacura' })).toMatchObject({
        base_price: 4200,
      });
      expect(
        await quote([particular(T.glicemia)], { locality: 'Vitacura', source: 'cruzverde' }),
      ).toMatchObject({ base_price: 4200 });
    });

    it('leaves patients without items out, and answers zeros for none', async () => {
      expect(await quote([{}, particular(T.glicemia), { items: [], packs: [] }])).toMatchObject({
        base_price: 4000,
        net_price: 9000,
      });
      expect(await quote([{}])).toEqual({
        base_price: 0,
        service_fee: 0,
        discount: 0,
        net_price: 0,
        fonasa_discount: 0,
        payment_at_home: 0,
      });
      expect(await quote([])).toMatchObject({ net_price: 0 });
    });

    it('quotes Mexico in MXN with no fonasa whatever is_fonasa says', async () => {
      expect(
        await quote([fonasa(T.mexicano)], {
          country: 'mx',
          locality: 'Benito Juárez',
          source: 'laboratoriochopo',
        }),
      ).toEqual({
        base_price: 250,
        service_fee: 150,
        discount: 0,
        net_price: 400,
        fonasa_discount: 0,
        payment_at_home: 0,
      });
    });

    it('accepts ids as strings of digits, and the same id twice on a patient once', async () => {
      expect(await quote([{ items: [String(T.glicemia), T.glicemia] }])).toMatchObject({ base_price: 4000 });
    });
  });

  describe('coupons', () => {
    it('takes the percentage off the exams, never off the visit fee (BIENVENIDA10)', async () => {
      // 10 % of 12.000 = 1.200; 12.000 − 1.200 + 5.000 = 15.800.
      expect(await quote([particular(T.hemograma, T.glicemia)], { coupon_code: 'BIENVENIDA10' })).toEqual({
        base_price: 12000,
        service_fee: 5000,
        discount: 1200,
        net_price: 15800,
        fonasa_discount: 0,
        payment_at_home: 0,
      });
    });

    it('applies to what the patient pays after the fonasa bonus', async () => {
      // Payable 3.000 + 4.000 = 7.000; 10 % = 700; 12.000 − 5.000 − 700 + 5.000 = 11.300.
      expect(await quote([fonasa(T.hemograma, T.glicemia)], { coupon_code: 'bienvenida10' })).toMatchObject({
        fonasa_discount: 5000,
        discount: 700,
        net_price: 11300,
      });
    });

    it('rounds the discount down to whole pesos', async () => {
      // 20 % of 3.333,33 = 666,67 → 666.
      expect(await quote([particular(T.familiar)], { coupon_code: 'PRUEBA20' })).toMatchObject({
        discount: 666,
      });
    });

    it('limits a coupon naming items to those items', async () => {
      // 50 % of glicemia's 4.000 only: 2.000.
      expect(await quote([particular(T.hemograma, T.glicemia)], { coupon_code: 'PRUEBAITEM' })).toMatchObject(
        {
          discount: 2000,
          net_price: 15000,
        },
      );
      // A sub-item is not charged, so the coupon has nothing to apply to.
      expect(
        await quote([{ items: [T.glicemia], packs: [T.chequeo] }], { coupon_code: 'PRUEBAITEM' }),
      ).toMatchObject({ discount: 0 });
      expect(await quote([particular(T.hemograma)], { coupon_code: 'PRUEBAITEM' })).toMatchObject({
        discount: 0,
      });
    });

    it.each([
      ['EXPIRADO'],
      ['USADO'],
      ['AGOTADO'],
      ['CLAMESDELCORAZON'],
      ['PRUEBAFUTURO'],
      ['PRUEBAMX'],
      ['PRUEBAREDSALUD'],
      ['PRUEBAAPAGADO'],
      ['NOEXISTE'],
      ["X' OR '1'='1"],
      ['<script>alert(1)</script>'],
      ['\u0000'],
      ['💉\u202e'],
      ['\ud800'],
    ])('gives no discount for %j, and still answers', async (coupon_code) => {
      expect(await quote([particular(T.glicemia)], { coupon_code })).toMatchObject({
        discount: 0,
        net_price: 9000,
      });
    });
  });

  describe('payment at home (price disclaimers)', () => {
    it('clinicaalemana: the exams are computed at home, the fee is paid online; its coupon applies', async () => {
      // Hemograma 8.000 + glicemia 4.500 (clinicaalemana's price) = 12.500; 15 % = 1.875.
      // Exams 10.625 at home; net 10.625 + 5.000 = 15.625; online 5.000.
      expect(
        await quote([particular(T.hemograma, T.glicemia)], {
          source: 'clinicaalemana',
          locality: 'Vitacura',
          coupon_code: 'CLAMESDELCORAZON',
        }),
      ).toEqual({
        base_price: 12500,
        service_fee: 5000,
        discount: 1875,
        net_price: 15625,
        fonasa_discount: 0,
        payment_at_home: 10625,
      });
    });

    it.each(['redsalud', 'esencial'])('%s: the copay is paid at home', async (source) => {
      expect(await quote([fonasa(T.hemograma)], { source })).toMatchObject({
        base_price: 8000,
        fonasa_discount: 5000,
        service_fee: 3000,
        net_price: 6000,
        payment_at_home: 3000,
      });
    });
  });

  describe('bad input: a clean 400 {err, msg} in Spanish, never a 500', () => {
    const valid = { country: 'cl', locality: 'Las Condes', patients: [particular(T.glicemia)] };

    it.each([
      ['a missing id', 999999],
      ['an inactive item', T.inactivo],
      ['an unpriced item', T.sinPrecio],
      ["another country's item", T.mexicano],
      ['a negative id', -5],
      ['id 0', 0],
      ['an id beyond int4', 2 ** 31],
      ['a non-numeric string', 'hemograma'],
    ])('names %s', async (_case, id) => {
      const response = await post({
        ...valid,
        patients: [{ is_fonasa: false, items: [T.glicemia, id], packs: [] }],
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.err).toBe('unknown-items');
      expect(body.msg).toMatch(/^Estos servicios no existen o no tienen precio en Chile: /);
      expect(body.msg).toContain(String(id).replace('-', ''));
      expect(body.msg).not.toContain(String(T.glicemia));
    });

    it('names at most ten ids and never echoes markup', async () => {
      const ids = ['<script>alert(1)</script>', ...Array.from({ length: 14 }, (_, i) => 999900 + i)];
      const response = await post({ ...valid, patients: [{ is_fonasa: false, items: ids, packs: [] }] });
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('<script>');
      expect(response.json().msg).toMatch(/ y 5 más\.$/);
    });

    it('refuses more than 200 distinct items', async () => {
      const patients = [0, 1, 2].map((p) => ({
        is_fonasa: false,
        items: Array.from({ length: 70 }, (_, i) => 1 + p * 70 + i),
        packs: [],
      }));
      const response = await post({ ...valid, patients });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'too-many-items',
        msg: expect.stringMatching(/como máximo 200/),
      });
    });

    it.each([
      ['no country', { country: undefined }],
      ['an unknown country', { country: 'ar' }],
      ['no locality', { locality: undefined }],
      ['an empty locality', { locality: '   ' }],
      ['a huge locality', { locality: 'x'.repeat(101) }],
      ['a NUL in the locality', { locality: 'Las\u0000Condes' }],
      ['a lone surrogate in the source', { source: 'a\ud800' }],
      ['no patients', { patients: undefined }],
      ['10 000 patients', { patients: Array.from({ length: 10_000 }, () => particular(T.glicemia)) }],
      ['101 items on a patient', { patients: [particular(...Array.from({ length: 101 }, (_, i) => i + 1))] }],
      ['a string for is_fonasa', { patients: [{ is_fonasa: 'sí', items: [T.glicemia], packs: [] }] }],
      ['a string for items', { patients: [{ is_fonasa: false, items: 'hemograma', packs: [] }] }],
      ['a fractional id', { patients: [{ is_fonasa: false, items: [1.5], packs: [] }] }],
      ['an id of 1e20', { patients: [{ is_fonasa: false, items: [1e20], packs: [] }] }],
      ['an object for an id', { patients: [{ is_fonasa: false, items: [{ id: 1 }], packs: [] }] }],
      ['a number for the coupon', { coupon_code: 10 }],
    ])('%s', async (_case, change) => {
      const response = await post({ ...valid, ...change });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      expect(body).toEqual({ err: expect.any(String), msg: expect.any(String) });
      // Spanish, and naming the field.
      expect(body.msg).not.toMatch(/\b(expected|Invalid|received)\b/);
    });

    it('answers a body that is not JSON with 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/cart-price/',
        headers: { 'content-type': 'application/json' },
        payload: '{"country": "cl", ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().err).toBe('invalid-json');
    });

    it('answers unicode oddities in the commune normally (no special price there)', async () => {
      expect(await quote([particular(T.glicemia)], { locality: '💉 Ñuñoa \u202e' })).toMatchObject({
        base_price: 4000,
      });
    });
  });
});
