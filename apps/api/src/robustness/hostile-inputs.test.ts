import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LAAS_TOKEN } from '../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../test-support/databases.ts';
import { multipart, PDF } from '../modules/orders/test-files.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { SEED_ADDRESS, SEED_BODIES, SEED_PATIENT } from './seeds.ts';

/**
 * The hostile inputs people try, each with the exact answer the API gives: markup,
 * SQL, a 10 MB body, unicode oddities, negative and NaN amounts, far-future and malformed dates,
 * huge arrays and prototype-pollution keys. Every refusal is a 400 (or 413) `{err, msg}` naming
 * the field; nothing is echoed back as markup.
 */

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const UNSAFE = 'contiene caracteres no permitidos.';
/** Fastify's JSON parser refuses __proto__ and constructor.prototype keys outright. */
const FORBIDDEN_JSON = { err: 'invalid-json', msg: 'El cuerpo de la solicitud no es un JSON válido.' };
const STAFF_PATIENT = (SEED_BODIES['POST /api/alliances/clients/:clientId/patients'] as { patient: object })
  .patient;

describe.each(TEST_ENGINES)('hostile inputs on $name', (engine) => {
  let t: TestApp;
  let booking: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    booking = await create(SEED_ADDRESS).then((r) => r.json() as { id: string; token: string });
  }, 120_000);
  afterAll(() => t?.close());

  const create = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v2/appointments/', payload: body as object });
  const patchPatients = (patients: unknown[]) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v2/appointments/${booking.id}/patients/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
      payload: { patients },
    });
  const createStaffPatient = (patient: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/alliances/clients/demo-laas/patients/',
      headers: { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
      payload: { patient },
    });
  const search = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v2/search/client/?${new URLSearchParams({ query, country: 'Chile', commune: 'Las Condes', source: 'marketplace' })}`,
    });
  const idsOf = (response: { json: () => unknown }) =>
    (response.json() as { data: Array<{ id: number }> }).data.map((item) => item.id);
  const sendTo = (method: 'POST' | 'PATCH', url: string, payload: unknown, token = booking.token) =>
    t.app.inject({ method, url, headers: { [APPOINTMENT_TOKEN_HEADER]: token }, payload: payload as object });

  describe('markup', () => {
    it.each([
      ['first_name', SCRIPT],
      ['last_name', IMG],
      ['second_last_name', '<b>Díaz</b>'],
    ])(
      'refuses %s with markup in a patient with 400 invalid-patient, without echoing it',
      async (field, value) => {
        const response = await patchPatients([{ ...SEED_PATIENT, [field]: value }]);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ err: 'invalid-patient', msg: `${field}: ${UNSAFE}` });
        expect(response.body).not.toContain('<');
      },
    );

    it('refuses a staff-created patient whose name holds a script tag', async () => {
      const response = await createStaffPatient({ ...STAFF_PATIENT, first_name: SCRIPT });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: 'invalid-request', msg: `patient.first_name: ${UNSAFE}` });
      expect(response.body).not.toContain('<');
    });

    it.each([
      'target_address',
      'address_line_1',
      'target_apartment_number',
      'target_address_additional_info',
    ])('refuses a script tag in the address field %s with 400, without echoing it', async (field) => {
      const response = await create({ ...SEED_ADDRESS, [field]: `Avenida Apoquindo 4500 ${SCRIPT}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: 'invalid-request', msg: `${field}: ${UNSAFE}` });
      expect(response.body).not.toContain('<');
    });

    it("keeps what people really write (O'Higgins, Ñuñoa, & and quotes) as inert JSON text", async () => {
      const created = await create({
        ...SEED_ADDRESS,
        target_apartment_number: "Depto 5 & 6 'B'",
        target_address_additional_info: 'Casa "azul" de O\'Higgins, Ñuñoa 🏠',
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, token } = created.json() as { id: string; token: string };
      const summary = await t.app.inject({
        method: 'GET',
        url: `/api/v2/appointments/${id}/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: token },
      });
      expect(summary.statusCode).toBe(200);
      expect(summary.headers['content-type']).toMatch(/^application\/json/);
      expect(summary.json()).toMatchObject({ target_apartment_number: "Depto 5 & 6 'B'" });
    });
  });

  describe('SQL', () => {
    it("treats SQL in search as words: \"' OR '1'='1\" finds what 'or 1 1' finds, and no more", async () => {
      const injected = await search("' OR '1'='1");
      expect(injected.statusCode).toBe(200);
      expect(idsOf(injected)).toEqual(idsOf(await search('or 1 1')));
      expect(idsOf(injected).length).toBeLessThan(idsOf(await search('')).length);
    });

    it('answers a DROP TABLE search normally and the catalogue is still there', async () => {
      const before = idsOf(await search('hemograma'));
      expect(before.length).toBeGreaterThan(0);
      for (const query of [
        "'; DROP TABLE catalogue_items; --",
        '1; SELECT pg_sleep(10)--',
        "') OR 1=1; --",
      ]) {
        const response = await search(query);
        expect(response.statusCode, query).toBe(200);
        expect(Array.isArray((response.json() as { data: unknown }).data)).toBe(true);
      }
      expect(idsOf(await search('hemograma'))).toEqual(before);
    });

    it("gives LIKE wildcards no meaning: '%' and '_' find what an empty query finds", async () => {
      const all = idsOf(await search(''));
      expect(idsOf(await search('%'))).toEqual(all);
      expect(idsOf(await search('_'))).toEqual(all);
    });

    it('finds no staff patient and no patient by a SQL identifier', async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/alliances/clients/demo-laas/patients/?search=${encodeURIComponent("' OR 1=1 --")}`,
        headers: { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
      });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ results: [] });
      const lookup = await t.app.inject({
        method: 'GET',
        url: `/api/users/find_by_identifier/?identifier=${encodeURIComponent("' OR 1=1 --")}`,
        headers: { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
      });
      expect(lookup.statusCode).toBe(404);
      expect(lookup.json()).toMatchObject({
        err: 'patient-not-found',
        msg: 'No encontramos un paciente con ese identificador.',
      });
    });
  });

  describe('size', () => {
    it('refuses a 10 MB JSON body with 413 payload-too-large', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/appointments/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          ...SEED_ADDRESS,
          target_address_additional_info: 'x'.repeat(10 * 1024 * 1024),
        }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        err: 'payload-too-large',
        msg: 'El cuerpo de la solicitud es demasiado grande.',
      });
    });

    it('refuses 10,000 patients in a quote, 100,000 items for one patient and 1,000 patients on an appointment', async () => {
      const quote = (patients: unknown[]) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/cart-price/',
          payload: { country: 'cl', locality: 'Las Condes', patients },
        });
      const manyPatients = await quote(
        Array.from({ length: 10_000 }, () => ({ is_fonasa: false, items: [1], packs: [] })),
      );
      expect(manyPatients.statusCode).toBe(400);
      expect(manyPatients.json()).toEqual({
        err: 'invalid-request',
        msg: 'patients: Demasiado grande: se esperaba que arreglo tuviera <=50 elementos',
      });
      const manyItems = await quote([
        { is_fonasa: false, items: Array.from({ length: 100_000 }, () => 1), packs: [] },
      ]);
      expect(manyItems.statusCode).toBe(400);
      expect(manyItems.json()).toEqual({
        err: 'invalid-request',
        msg: 'patients.0.items: Demasiado grande: se esperaba que arreglo tuviera <=100 elementos',
      });
      const onAppointment = await patchPatients(Array.from({ length: 1_000 }, () => SEED_PATIENT));
      expect(onAppointment.statusCode).toBe(400);
      expect(onAppointment.json()).toEqual({
        err: 'invalid-request',
        msg: 'patients: Demasiado grande: se esperaba que arreglo tuviera <=50 elementos',
      });
    });

    it('refuses 5,000 ids in a catalogue query', async () => {
      const ids = Array.from({ length: 5_000 }, (_, i) => i + 1).join(',');
      const response = await t.app.inject({ method: 'GET', url: `/api/v2/items/?ids=${ids}&country=cl` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'invalid-request',
        msg: 'Se admiten hasta 200 identificadores (ids).',
      });
    });
  });

  describe('unicode', () => {
    it.each([
      ['NUL', 'Ana\u0000Luisa'],
      ['a lone surrogate', 'Ana\uD800'],
      ['a right-to-left override', 'Ana\u202Egnp.exe'],
      ['zero-width characters', 'A\u200Bn\u200Da\uFEFF'],
      ['a C1 control', 'Ana\u0085'],
    ])('refuses %s in a patient name with 400 invalid-patient', async (_name, value) => {
      const response = await patchPatients([{ ...SEED_PATIENT, first_name: value }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: 'invalid-patient', msg: `first_name: ${UNSAFE}` });
    });

    it.each([
      ['emoji', 'Ana 😀👍🏽'],
      ['Spanish letters', 'José Ñúñez'],
      ['combining accents', 'Jose\u0301'],
    ])('keeps %s in a patient name, as sent (NFC-composed)', async (_name, value) => {
      const response = await patchPatients([{ ...SEED_PATIENT, first_name: value }]);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { patients: Array<{ first_name: string }> }).patients[0]?.first_name).toBe(
        value.normalize('NFC'),
      );
    });

    it('refuses an emoji joined with zero-width joiners (a family) in a name, as any zero-width character', async () => {
      const response = await patchPatients([{ ...SEED_PATIENT, first_name: 'Ana 👩\u200D👧' }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: 'invalid-patient', msg: `first_name: ${UNSAFE}` });
    });

    it.each([
      ['NUL', 'Depto\u00005'],
      ['a right-to-left override', 'Depto \u202E5'],
      ['a zero-width space', 'Depto\u200B5'],
    ])('refuses %s in an address field with 400', async (_name, value) => {
      const response = await create({ ...SEED_ADDRESS, target_apartment_number: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: 'invalid-request', msg: `target_apartment_number: ${UNSAFE}` });
    });

    it('answers a NUL in ids and codes that reach the database with 4xx, never a 500', async () => {
      const sdk = await t.app.inject({ method: 'GET', url: '/api/alliances/clients/sdk-config/?id=de%00mo' });
      expect(sdk.statusCode).toBe(404);
      expect(sdk.json()).toEqual({
        err: 'client-not-found',
        msg: 'El identificador de cliente no es válido.',
      });
      const host = await t.app.inject({
        method: 'GET',
        url: '/api/embed/host/?client_id=de%00mo&parent_origin=https%3A%2F%2Fwww.example.cl',
      });
      expect(host.statusCode).toBe(404);
      expect(host.json()).toMatchObject({ err: 'client-not-found' });
      const form = multipart([
        { name: 'lead', value: JSON.stringify(SEED_BODIES['POST /api/orden-medica/create-ticket']) },
        { name: 'orden', filename: 'orden.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/orden-medica/create-ticket/?client_id=de%00mo',
        headers: form.headers,
        payload: form.payload,
      });
      expect(order.statusCode).toBe(400);
      expect(order.json()).toEqual({
        err: 'client-not-found',
        msg: 'El identificador de cliente no es válido.',
      });
      const sector = await t.app.inject({
        method: 'GET',
        url: '/api/v2/sector/sector-from-coordinates/?lat=-33.4129&lng=-70.5799&country=cl&sales_source=market%00place',
      });
      expect(sector.statusCode).toBe(400);
      expect(sector.json()).toEqual({ err: 'invalid-request', msg: `sales_source: ${UNSAFE}` });
      const card = await t.app.inject({
        method: 'POST',
        url: `/api/v2/mercado-pago/${booking.id}/card/`,
        headers: { authorization: `Bearer ${booking.token}` },
        payload: { token: 'tok\u0000en', payment_method_id: 'visa', amount: 1000 },
      });
      expect(card.statusCode).toBe(400);
      expect(card.json()).toEqual({
        err: 'invalid-card-token',
        msg: 'No pudimos validar tu tarjeta. Ingresa sus datos nuevamente.',
      });
    });
  });

  describe('amounts', () => {
    const amountUrl = () => `/api/v2/appointments/${booking.id}/amount/`;

    it('refuses a negative total and a negative discount with the documented text', async () => {
      const total = await sendTo('POST', amountUrl(), { total: -1, discount: 0 });
      expect(total.statusCode).toBe(400);
      expect(total.json()).toEqual({ err: 'invalid-subtotal', msg: 'El monto no puede ser negativo' });
      const discount = await sendTo('POST', amountUrl(), { total: 1000, discount: -5 });
      expect(discount.statusCode).toBe(400);
      expect(discount.json()).toEqual({ err: 'invalid-discount', msg: 'El monto no puede ser negativo' });
    });

    it.each([
      ['"NaN"', '{"total":"NaN","discount":0}'],
      ['NaN (not JSON)', '{"total":NaN,"discount":0}'],
      ['Infinity (not JSON)', '{"total":Infinity,"discount":0}'],
    ])('refuses %s as an amount with 400 {err, msg}', async (_name, payload) => {
      const response = await t.app.inject({
        method: 'POST',
        url: amountUrl(),
        headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
      expect(['invalid-request', 'invalid-json']).toContain(response.json().err);
    });

    it('refuses a negative card amount and a negative last-mile amount', async () => {
      const card = await t.app.inject({
        method: 'POST',
        url: `/api/v2/mercado-pago/${booking.id}/card/`,
        headers: { authorization: `Bearer ${booking.token}` },
        payload: { token: 'f'.repeat(32), payment_method_id: 'visa', amount: -100 },
      });
      expect(card.statusCode).toBe(400);
      expect(card.json()).toEqual({
        err: 'invalid-request',
        msg: 'amount: Demasiado pequeño: se esperaba que número fuera >=0',
      });
      const lastMile = await sendTo('PATCH', `/api/appointments/${booking.id}/last-mile/`, {
        folio: 'F-1',
        amount: -1,
      });
      expect(lastMile.statusCode).toBe(400);
      expect(lastMile.json()).toEqual({
        err: 'invalid-request',
        msg: 'amount: Demasiado pequeño: se esperaba que número fuera >=0',
      });
    });

    it('refuses negative item ids in a quote', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/cart-price/',
        payload: {
          country: 'cl',
          locality: 'Las Condes',
          patients: [{ is_fonasa: false, items: [-1], packs: [] }],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'unknown-items',
        msg: 'Estos servicios no existen o no tienen precio en Chile: -1.',
      });
    });
  });

  describe('dates', () => {
    const scheduleUrl = () => `/api/v2/appointments/${booking.id}/schedule/`;

    it('refuses a block in year 9999 as beyond the one-month horizon', async () => {
      const response = await sendTo('POST', scheduleUrl(), {
        begin_date: '9999-12-31 10:00:00',
        end_date: '9999-12-31 11:00:00',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'block-out-of-horizon',
        msg: 'Solo se puede agendar hasta un mes desde hoy.',
      });
    });

    it('refuses 30 February and a six-digit year as a block', async () => {
      const february = await sendTo('POST', scheduleUrl(), {
        begin_date: '2031-02-30 10:00:00',
        end_date: '2031-02-30 11:00:00',
      });
      expect(february.statusCode).toBe(400);
      expect(february.json()).toEqual({
        err: 'invalid-block',
        msg: 'La fecha u hora del bloque no es válida.',
      });
      const sixDigits = await sendTo('POST', scheduleUrl(), {
        begin_date: '+275760-09-13 10:00:00',
        end_date: '+275760-09-13 11:00:00',
      });
      expect(sixDigits.statusCode).toBe(400);
      expect(sixDigits.json()).toEqual({
        err: 'invalid-request',
        msg: 'begin_date: Fecha y hora no válidas.',
      });
    });

    it('refuses a birth date in year 3000 and one on 30 February', async () => {
      const future = await patchPatients([{ ...SEED_PATIENT, date_of_birth: '3000-01-01' }]);
      expect(future.statusCode).toBe(400);
      expect(future.json()).toEqual({
        err: 'invalid-birth-date',
        msg: 'fecha de nacimiento: La fecha de nacimiento no puede ser superior a hoy',
      });
      const impossible = await patchPatients([{ ...SEED_PATIENT, date_of_birth: '1990-02-30' }]);
      expect(impossible.statusCode).toBe(400);
      expect(impossible.json()).toEqual({
        err: 'invalid-request',
        msg: 'patients.0.date_of_birth: Inválido fecha ISO',
      });
    });

    it('offers no block from year 9999 and refuses month 13', async () => {
      const query = (fromDate: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/v2/time-availability/?appointment_id=${booking.id}&locality=Las%20Condes&country=cl&items=1&from_date=${fromDate}`,
          headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token },
        });
      const far = await query('9999-12-31');
      expect(far.statusCode).toBe(200);
      expect(far.json()).toEqual({ data: [] });
      const bad = await query('2031-13-45');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ err: 'invalid-request', msg: 'from_date: Inválido fecha ISO' });
    });
  });

  describe('prototype pollution', () => {
    it.each([
      ['__proto__', `{"__proto__":{"polluted":true},${JSON.stringify(SEED_ADDRESS).slice(1)}`],
      [
        'constructor.prototype',
        `{"constructor":{"prototype":{"polluted":true}},${JSON.stringify(SEED_ADDRESS).slice(1)}`,
      ],
    ])(
      'refuses a body with %s with 400 {err, msg} and leaves Object.prototype alone',
      async (_name, payload) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v2/appointments/',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(FORBIDDEN_JSON);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      },
    );

    it('refuses a nested __proto__ in a patient', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/v2/appointments/${booking.id}/patients/`,
        headers: { [APPOINTMENT_TOKEN_HEADER]: booking.token, 'content-type': 'application/json' },
        payload: `{"patients":[{"__proto__":{"admin":true},${JSON.stringify(SEED_PATIENT).slice(1)}]}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(FORBIDDEN_JSON);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
      "refuses country=%s in search as no country (not Object.prototype's member)",
      async (country) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v2/search/client/?query=hemo&country=${country}&commune=Las%20Condes&source=marketplace`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          err: 'invalid-request',
          msg: "Indica el país (country): 'Chile' o 'México'.",
        });
      },
    );

    it('ignores __proto__ and constructor as query keys', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/alliances/clients/sdk-config/?id=demo&__proto__=x&constructor=y&__proto__[polluted]=1',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: 'demo' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});
