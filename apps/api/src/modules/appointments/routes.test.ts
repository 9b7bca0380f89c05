import {
  APPOINTMENT_TOKEN_HEADER,
  appointmentAddressSchema,
  appointmentSummarySchema,
  type CreateAppointmentBodyInput,
} from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, sectors } from '../../db/schema.ts';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { hashApiToken } from '../clients/api-token.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hashAppointmentToken } from './access.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

/** A square around Las Condes, for the marketplace and for the staff test client. */
const square = (lng: number, lat: number, half = 0.05): [number, number][][] => [
  [
    [lng - half, lat - half],
    [lng + half, lat - half],
    [lng + half, lat + half],
    [lng - half, lat + half],
    [lng - half, lat - half],
  ],
];

const OTHER_STAFF_TOKEN = 'otro-cliente-token';

const address = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Las Condes',
  colony: null,
  address_line_1: 'Avenida Apoquindo 4500',
  target_street_number: '4500',
  target_residence_type: 'apartment',
  target_lat: -33.4129,
  target_lng: -70.5799,
  target_apartment_number: '1203',
  target_address_additional_info: 'Conserjería 24 horas',
  zip_code: null,
  target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
} as const;

const booking = (
  overrides: Partial<Record<keyof CreateAppointmentBodyInput | 'place_id', unknown>> = {},
) => ({
  ...address,
  sales_source: 'marketplace',
  last_mile: null,
  section_origin: 'address',
  client_origin: null,
  client_id: 'demo',
  fingerprint_required: false,
  ...overrides,
});

const errorShape = { err: expect.any(String), msg: expect.any(String) };

describe.each(TEST_ENGINES)('appointments on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const polygon = square(-70.5799, -33.4129);
    await t.app.db.insert(sectors).values(
      ['marketplace', 'demo-laas', 'otro'].map((salesSource) => ({
        name: `Prueba ${salesSource}`,
        salesSource,
        country: 'cl' as const,
        services: ['lab' as const],
        polygon,
        timeZone: 'America/Santiago',
      })),
    );
    await t.app.db.insert(clients).values({
      id: 'otro-cliente',
      name: 'Otro cliente',
      country: 'cl',
      salesSource: 'otro',
      apiTokenHash: hashApiToken(OTHER_STAFF_TOKEN),
    });
  });
  afterAll(() => t?.close());

  const create = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v2/appointments/', payload: payload as object, headers });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });
  const withToken = (token: string) => ({ [APPOINTMENT_TOKEN_HEADER]: token });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function newAppointment(overrides: Parameters<typeof booking>[0] = {}) {
    const response = await create(booking(overrides));
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; token: string };
  }

  describe('POST /api/v2/appointments/', () => {
    it('creates an appointment with a random UUID and a 43-character token, storing only its hash', async () => {
      const { id, token } = await newAppointment();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row?.tokenHash).toBe(hashAppointmentToken(token));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row).toMatchObject({
        status: 'pending',
        clientId: 'demo',
        salesSource: 'marketplace',
        comuna: 'Las Condes',
      });
      expect(row?.sectorId).toEqual(expect.any(Number));
    });

    it('takes a Chilean address without the optional fields (colony, apartment, additional info, postal code)', async () => {
      const payload = booking() as Record<string, unknown>;
      for (const field of [
        'colony',
        'target_apartment_number',
        'target_address_additional_info',
        'zip_code',
      ]) {
        delete payload[field];
      }
      const response = await create(payload);
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: string };
      const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({ colony: null, targetApartmentNumber: null, zipCode: null });
    });

    it('gives every appointment its own id and token', async () => {
      const first = await newAppointment();
      const second = await newAppointment();
      expect(first.id).not.toBe(second.id);
      expect(first.token).not.toBe(second.token);
    });

    it('keeps every field of the product table', async () => {
      const response = await create(
        booking({
          client_id: 'demo-laas',
          sales_source: 'demo-laas',
          last_mile: { folio: 'F-123', amount: 15000 },
          section_origin: 'laas',
          client_origin: 'Mesa central',
          fingerprint_required: true,
          receiver_id: 2,
          referral_code: 'bienvenida10',
          place_id: 'local:apoquindo-4500',
        }),
      );
      expect(response.statusCode).toBe(201);
      const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, response.json().id));
      expect(row).toMatchObject({
        clientId: 'demo-laas',
        lastMile: { folio: 'F-123', amount: 15000 },
        sectionOrigin: 'laas',
        clientOrigin: 'Mesa central',
        fingerprintRequired: true,
        receiverId: '2',
        referralCode: 'BIENVENIDA10',
        placeId: 'local:apoquindo-4500',
        targetApartmentNumber: '1203',
        targetAddressAdditionalInfo: 'Conserjería 24 horas',
      });
    });

    it('answers an address outside every sector with the product slug and text', async () => {
      const response = await create(booking({ target_lat: -50.1, target_lng: -73.2, comuna: 'Tortel' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'no-nurses-for-given-location',
        msg: 'No hay enfermeras disponibles para la dirección dada',
      });
    });

    it.each([
      ['an unknown client', { client_id: 'no-existe' }, 'client-not-found'],
      ['another source than the client', { sales_source: 'clinicaalemana' }, 'invalid-sales-source'],
      ['another country than the client', { country: 'mx' }, 'invalid-country'],
      [
        'a receiver the client does not have',
        { client_id: 'demo-laas', sales_source: 'demo-laas', receiver_id: 99 },
        'invalid-receiver',
      ],
      ['a receiver for a client without receivers', { receiver_id: 'Mesa central' }, 'invalid-receiver'],
      ['no client id', { client_id: undefined }, 'invalid-request'],
      ['no coordinates', { target_lat: undefined }, 'invalid-request'],
      ['a latitude beyond 90', { target_lat: 91 }, 'invalid-request'],
      ['a longitude beyond -180', { target_lng: -181 }, 'invalid-request'],
      ['text for a coordinate', { target_lat: 'abc' }, 'invalid-request'],
      ['an unknown residence type', { target_residence_type: 'castillo' }, 'invalid-request'],
      ['a negative last-mile amount', { last_mile: { folio: 'x', amount: -1 } }, 'invalid-request'],
      ['a string for fingerprint_required', { fingerprint_required: 'yes' }, 'invalid-request'],
    ])('answers %s with 400 %s', async (_case, overrides, err) => {
      const response = await create(booking(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err, msg: expect.any(String) });
    });

    it('names the field in Spanish when validation fails', async () => {
      const response = await create(booking({ target_lat: 91 }));
      expect(response.json().msg).toMatch(/^target_lat: Demasiado grande/);
    });

    const textFields = [
      'region',
      'comuna',
      'address_line_1',
      'target_street_number',
      'target_apartment_number',
      'target_address_additional_info',
      'zip_code',
      'target_address',
      'section_origin',
      'client_origin',
      'client_id',
      'sales_source',
      'referral_code',
      'colony',
    ] as const;

    it.each(textFields)('refuses a 10 000-character %s with a clean 400', async (field) => {
      const response = await create(booking({ [field]: 'a'.repeat(10_000) }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: 'invalid-request', msg: expect.stringContaining(field) });
    });

    it.each(textFields)('refuses a script tag in %s', async (field) => {
      // Short enough for the 20-character fields, so the markup rule is what refuses it.
      const response = await create(booking({ [field]: '<script>' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'invalid-request',
        msg: `${field}: contiene caracteres no permitidos.`,
      });
      expect(response.body).not.toContain('<script>');
    });

    it.each(textFields)('answers SQL in %s with a 4xx or stores it verbatim, never a 500', async (field) => {
      const sqlText = "x'); DROP TABLE appointments; --";
      const response = await create(booking({ [field]: sqlText }));
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode >= 400) expect(response.json()).toEqual(errorShape);
      const count = await t.app.db.select().from(appointments);
      expect(count.length).toBeGreaterThan(0);
    });

    it("stores an apostrophe as typed (O'Higgins is a real street)", async () => {
      const response = await create(booking({ address_line_1: "Avenida Libertador Bernardo O'Higgins 100" }));
      expect(response.statusCode).toBe(201);
      const address = await get(
        `/api/v2/appointments/${response.json().id}/address/`,
        withToken(response.json().token),
      );
      expect(address.json().address_line_1).toBe("Avenida Libertador Bernardo O'Higgins 100");
    });

    it.each([
      ['a NUL character', 'Apoquindo\u00004500'],
      ['a right-to-left override', 'Apoquindo \u202e0054'],
      ['a zero-width space', 'Apo\u200bquindo'],
      ['a lone surrogate', 'Apoquindo \ud800'],
      ['a line break', 'Apoquindo\n4500'],
    ])('refuses %s in a text field', async (_case, value) => {
      const response = await create(booking({ address_line_1: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'invalid-request',
        msg: 'address_line_1: contiene caracteres no permitidos.',
      });
    });

    it('accepts accents, ñ and emoji-free unicode letters as typed, normalised to one form', async () => {
      const decomposed = 'N\u0303un\u0303oa';
      const response = await create(booking({ comuna: decomposed }));
      expect(response.statusCode).toBe(201);
      const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, response.json().id));
      expect(row?.comuna).toBe('Ñuñoa');
    });

    it.each([
      ['malformed JSON', '{"client_id":'],
      ['a JSON array', '[]'],
      ['a JSON string', '"hola"'],
    ])('answers %s with a clean 400', async (_case, payload) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/appointments/',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorShape);
    });
  });

  describe('updating with appointment_id', () => {
    it('updates the address with the token and answers the same id and token', async () => {
      const { id, token } = await newAppointment();
      const response = await create(
        booking({
          appointment_id: id,
          address_line_1: 'Avenida Apoquindo 4501',
          target_street_number: '4501',
        }),
        withToken(token),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id, token });
      const address = await get(`/api/v2/appointments/${id}/address/`, withToken(token));
      expect(address.json()).toMatchObject({
        address_line_1: 'Avenida Apoquindo 4501',
        target_street_number: '4501',
      });
    });

    it('lets the client staff update with its Bearer token, handing out a new token', async () => {
      const first = await newAppointment({ client_id: 'demo-laas', sales_source: 'demo-laas' });
      const response = await create(
        booking({
          client_id: 'demo-laas',
          sales_source: 'demo-laas',
          appointment_id: first.id,
          comuna: 'Vitacura',
        }),
        bearer(DEMO_LAAS_TOKEN),
      );
      expect(response.statusCode).toBe(200);
      const { id, token } = response.json();
      expect(id).toBe(first.id);
      expect(token).not.toBe(first.token);
      expect((await get(`/api/v2/appointments/${id}/`, withToken(token))).statusCode).toBe(200);
      expect((await get(`/api/v2/appointments/${id}/`, withToken(first.token))).statusCode).toBe(404);
    });

    it.each([
      ['no token', () => ({})],
      ['a wrong token', () => withToken('x'.repeat(43))],
    ])('answers 404 for an update with %s, and changes nothing', async (_case, headers) => {
      const { id, token } = await newAppointment();
      const response = await create(booking({ appointment_id: id, comuna: 'Vitacura' }), headers());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        err: 'appointment-not-found',
        msg: 'No fue encontrado el id de la cita',
      });
      expect((await get(`/api/v2/appointments/${id}/address/`, withToken(token))).json().comuna).toBe(
        'Las Condes',
      );
    });

    it('answers 404 for an appointment_id that does not exist, or is not an id', async () => {
      const { token } = await newAppointment();
      for (const appointmentId of ['6d2f1a3c-4b5e-4f60-8a71-000000000000', 'no-es-un-id', "1' OR '1'='1"]) {
        const response = await create(booking({ appointment_id: appointmentId }), withToken(token));
        expect(response.statusCode).toBe(404);
        expect(response.json().err).toBe('appointment-not-found');
      }
    });

    it('answers 404 when the body moves the appointment to another client', async () => {
      const { id, token } = await newAppointment();
      const response = await create(
        booking({ appointment_id: id, client_id: 'demo-laas', sales_source: 'demo-laas' }),
        withToken(token),
      );
      expect(response.statusCode).toBe(404);
    });

    it('refuses to move a confirmed appointment', async () => {
      const { id, token } = await newAppointment();
      await setConfirmed(t.app.db, id);
      const response = await create(booking({ appointment_id: id, comuna: 'Vitacura' }), withToken(token));
      expect(response.statusCode).toBe(409);
      expect(response.json().err).toBe('appointment-not-editable');
    });
  });

  describe('GET /api/v2/appointments/{id}/ and /address/', () => {
    it('answers the summary with the currency of the country', async () => {
      const { id, token } = await newAppointment();
      const response = await get(`/api/v2/appointments/${id}/`, withToken(token));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(appointmentSummarySchema.parse(body)).toEqual(body);
      expect(body).toEqual({
        id,
        status: 'pending',
        patients: [],
        local_begin_date: null,
        local_work_period_max_lateness: null,
        target_address: address.target_address,
        target_apartment_number: '1203',
        currency: 'CLP',
      });
    });

    it('answers MXN for a Mexican appointment', async () => {
      await t.app.db.insert(sectors).values({
        name: 'Benito Juárez',
        salesSource: 'marketplace',
        country: 'mx',
        services: ['lab'],
        polygon: square(-99.17, 19.38),
        timeZone: 'America/Mexico_City',
      });
      const { id, token } = await newAppointment({
        client_id: 'demo-mx',
        country: 'mx',
        region: 'Ciudad de México',
        comuna: 'Benito Juárez',
        colony: 'Del Valle',
        zip_code: '03100',
        target_lat: -0 + 19.38,
        target_lng: -99.17,
      });
      expect((await get(`/api/v2/appointments/${id}/`, withToken(token))).json().currency).toBe('MXN');
    });

    it('answers every address field of the product', async () => {
      const { id, token } = await newAppointment();
      const response = await get(`/api/v2/appointments/${id}/address/`, withToken(token));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(appointmentAddressSchema.parse(body)).toEqual(body);
      expect(body).toEqual(address);
    });

    it('lets the own client read it with its Bearer token', async () => {
      const { id } = await newAppointment({ client_id: 'demo-laas', sales_source: 'demo-laas' });
      expect((await get(`/api/v2/appointments/${id}/`, bearer(DEMO_LAAS_TOKEN))).statusCode).toBe(200);
      expect((await get(`/api/v2/appointments/${id}/address/`, bearer(DEMO_LAAS_TOKEN))).statusCode).toBe(
        200,
      );
    });

    describe.each(['/', '/address/'])('the same 404 on %s for', (suffix) => {
      const notFound = { err: 'appointment-not-found', msg: 'No fue encontrado el id de la cita' };
      let mine: { id: string; token: string };
      let theirs: { id: string; token: string };
      let staffs: { id: string; token: string };
      beforeAll(async () => {
        mine = await newAppointment();
        theirs = await newAppointment();
        staffs = await newAppointment({ client_id: 'demo-laas', sales_source: 'demo-laas' });
      });

      const cases: Array<[string, () => [string, Record<string, string>]]> = [
        ['no token', () => [mine.id, {}]],
        ['another appointment’s token', () => [mine.id, withToken(theirs.token)]],
        ['the right token for a wrong id', () => [theirs.id, withToken(mine.token)]],
        ['a truncated token', () => [mine.id, withToken(mine.token.slice(0, 42))]],
        ['the token with one more character', () => [mine.id, withToken(`${mine.token}A`)]],
        ['the token hash instead of the token', () => [mine.id, withToken(hashAppointmentToken(mine.token))]],
        ['an empty token', () => [mine.id, withToken('')]],
        ['a 10 000-character token', () => [mine.id, withToken('a'.repeat(10_000))]],
        ['the token as Bearer', () => [mine.id, bearer(mine.token)]],
        ['a staff token of another client', () => [staffs.id, bearer(OTHER_STAFF_TOKEN)]],
        ['the staff token on a marketplace appointment', () => [mine.id, bearer(DEMO_LAAS_TOKEN)]],
        ['an unknown id', () => ['6d2f1a3c-4b5e-4f60-8a71-000000000000', withToken(mine.token)]],
        ['a malformed id', () => ['no-es-un-id', withToken(mine.token)]],
        ['SQL for an id', () => [encodeURIComponent("1' OR '1'='1"), withToken(mine.token)]],
        [
          'a script tag for an id',
          () => [encodeURIComponent('<script>alert(1)</script>'), withToken(mine.token)],
        ],
        ['a NUL in the id', () => ['%00', withToken(mine.token)]],
        ['the id in upper case with a wrong token', () => [mine.id.toUpperCase(), withToken(theirs.token)]],
      ];

      it.each(cases)('%s', async (_case, input) => {
        const [id, headers] = input();
        const response = await get(`/api/v2/appointments/${id}${suffix}`, headers);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
        expect(response.body).not.toContain('Apoquindo');
      });
    });

    it('answers a cancelled appointment with 410, not a 500', async () => {
      const { id, token } = await newAppointment();
      await t.app.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, id));
      const response = await get(`/api/v2/appointments/${id}/`, withToken(token));
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ err: 'appointment-cancelled', msg: 'La cita fue cancelada.' });
    });

    // The router refuses it (414 FST_ERR_MAX_PARAM_LENGTH) before any handler runs, in Fastify's
    // own shape: app.ts's frameworkErrors would be the place to turn it into {err, msg}.
    it('answers an id longer than a path allows with a 4xx, never a 500 or data', async () => {
      const response = await get(`/api/v2/appointments/${'a'.repeat(10_000)}/`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'invalid-request',
        msg: 'La dirección de la solicitud no es válida.',
      });
      expect(response.body).not.toContain('Apoquindo');
    });
  });
});
