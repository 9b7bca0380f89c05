import {
  clientPatientsAnswerSchema,
  createClientPatientAnswerSchema,
} from '@visita/domain/contract/patients';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPatients, clients } from '../../db/schema.ts';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { hashApiToken } from '../clients/api-token.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

const OTHER_TOKEN = 'otro-cliente-token';
const URL = '/api/alliances/clients/demo-laas/patients/';

const patient = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'María',
  second_name: 'José',
  last_name: 'Pérez',
  second_last_name: 'Núñez',
  date_of_birth: '1985-03-14',
  gender: 'female',
  document_type: 'ci',
  document_number: '11.111.111-1',
  email: 'maria.perez@correo.cl',
  phone: '+56912345678',
  ...overrides,
});

describe.each(TEST_ENGINES)('staff patients on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.db.insert(clients).values({
      id: 'otro-cliente',
      name: 'Otro cliente',
      country: 'cl',
      salesSource: 'otro',
      apiTokenHash: hashApiToken(OTHER_TOKEN),
    });
  });
  afterAll(() => t?.close());

  const auth = (token = DEMO_LAAS_TOKEN) => ({ authorization: `Bearer ${token}` });
  const list = (search = '', headers: Record<string, string> = auth(), url = URL) =>
    t.app.inject({ method: 'GET', url: `${url}?search=${encodeURIComponent(search)}`, headers });
  const create = (body: unknown, headers: Record<string, string> = auth(), url = URL) =>
    t.app.inject({ method: 'POST', url, payload: body as object, headers });

  describe('POST', () => {
    it('creates the patient, the RUT stored normalised, the phone with its prefix', async () => {
      const response = await create({
        patient: patient({ document_number: '111111111', phone: '912345678' }),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(createClientPatientAnswerSchema.parse(body)).toEqual(body);
      expect(body).toEqual({
        id: expect.any(String),
        email: 'maria.perez@correo.cl',
        phone: '+56912345678',
        patient: {
          first_name: 'María',
          second_name: 'José',
          last_name: 'Pérez',
          second_last_name: 'Núñez',
          date_of_birth: '1985-03-14',
          gender: 'female',
          document_type: 'ci',
          document_number: '11.111.111-1',
        },
      });
    });

    it('answers the same document for the same client with 409 and the documented text', async () => {
      const response = await create({
        patient: patient({ document_number: '11111111-1', first_name: 'Otra' }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        err: 'patient-already-exists',
        msg: 'Paciente ya existe en el cliente',
      });
    });

    it('lets another client keep the same patient', async () => {
      const response = await create(
        { patient: patient() },
        auth(OTHER_TOKEN),
        '/api/alliances/clients/otro-cliente/patients/',
      );
      expect(response.statusCode).toBe(201);
    });

    it('answers two simultaneous creations of one document with one 201 and one 409', async () => {
      const body = { patient: patient({ document_number: '12.345.678-5', email: null, phone: null }) };
      const statuses = (await Promise.all([create(body), create(body), create(body)])).map(
        (r) => r.statusCode,
      );
      expect(statuses.sort()).toEqual([201, 409, 409]);
    });

    it.each([
      ['an invalid RUT', { document_number: '11.111.111-2' }, 'invalid-rut-number', 'El rut es inválido'],
      ['a RUT with letters', { document_number: 'abc' }, 'invalid-rut-number', 'El rut es inválido'],
      ['a bad e-mail', { email: 'maria@' }, 'invalid-email-format', 'el email no tiene el formato correcto'],
      [
        'a bad phone',
        { phone: '+5691234' },
        'invalid-phone-format',
        'el número no tiene el formato correcto',
      ],
      [
        'a birth date in the future',
        { date_of_birth: '2999-01-01' },
        'invalid-birth-date',
        'La fecha de nacimiento no puede ser superior a hoy',
      ],
      [
        'a bad passport',
        { document_type: 'passport', document_number: 'AB 12/34' },
        'invalid-document-number',
        'El número de documento no es válido.',
      ],
    ])('refuses %s', async (_case, overrides, err, msg) => {
      const response = await create({ patient: patient({ document_number: '9.999.999-3', ...overrides }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err, msg });
    });

    it.each([
      ['a blank first name', { first_name: '  ' }],
      ['no last name', { last_name: undefined }],
      ['an impossible date', { date_of_birth: '1990-02-30' }],
      ['an unknown gender', { gender: 'x' }],
      ['an unknown document type', { document_type: 'dni' }],
      ['a 10 000-character first name', { first_name: 'a'.repeat(10_000) }],
      ['a 10 000-character e-mail', { email: `${'a'.repeat(10_000)}@correo.cl` }],
      ['a script tag in a name', { first_name: '<script>alert(1)</script>' }],
      ['a NUL in a name', { last_name: 'Pé\u0000rez' }],
      ['a right-to-left override in a name', { last_name: '\u202ezereP' }],
      ['a lone surrogate in a name', { last_name: 'P\ud800' }],
    ])('answers %s with a clean 400 {err, msg}', async (_case, overrides) => {
      const response = await create({ patient: patient({ document_number: '9.999.999-3', ...overrides }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: 'invalid-request', msg: expect.stringMatching(/^patient\./) });
      expect(response.body).not.toContain('<script>');
    });

    it('stores SQL-looking text verbatim, harmlessly', async () => {
      const response = await create({
        patient: patient({
          document_number: '7.777.777-6',
          last_name: "O'Brien'); DROP TABLE client_patients; --",
        }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().patient.last_name).toBe("O'Brien'); DROP TABLE client_patients; --");
      expect((await list("O'Brien")).json().results).toHaveLength(1);
    });

    it('answers no body with a 400', async () => {
      const response = await create({});
      expect(response.statusCode).toBe(400);
      expect(response.json().err).toBe('invalid-request');
    });
  });

  describe('GET', () => {
    beforeAll(async () => {
      await create({
        patient: patient({
          first_name: 'José',
          second_name: null,
          last_name: 'Muñoz',
          second_last_name: 'Soto',
          document_number: '5.126.663-3',
          email: 'jose.munoz@correo.cl',
        }),
      });
      for (let i = 0; i < 25; i += 1) {
        await create({
          patient: patient({
            first_name: 'Lote',
            last_name: `Paciente${i}`,
            document_type: 'passport',
            document_number: `LOTE${i}`,
            email: null,
            phone: null,
          }),
        });
      }
    });

    it('answers {results} in the documented shape', async () => {
      const response = await list('Muñoz');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(clientPatientsAnswerSchema.parse(body)).toEqual(body);
      expect(body.results).toHaveLength(1);
      expect(body.results[0].patient).toMatchObject({
        first_name: 'José',
        last_name: 'Muñoz',
        document_number: '5.126.663-3',
      });
    });

    it.each([
      ['without accents', 'jose munoz'],
      ['in capitals', 'JOSÉ MUÑOZ'],
      ['by second last name', 'soto'],
      ['by part of a name', 'muñ'],
      ['by RUT with dots and dash', '5.126.663-3'],
      ['by RUT without dots', '5126663-3'],
      ['by RUT without anything', '51266633'],
      ['by e-mail', 'jose.munoz@correo.cl'],
    ])('finds the patient %s', async (_case, search) => {
      const results = (await list(search)).json().results;
      expect(results.map((r: { patient: { last_name: string } }) => r.patient.last_name)).toContain('Muñoz');
    });

    it('answers at most 20 results', async () => {
      expect((await list('lote')).json().results).toHaveLength(20);
      expect((await list('')).json().results).toHaveLength(20);
    });

    it('never answers another client’s patients', async () => {
      const results = (
        await list('', auth(OTHER_TOKEN), '/api/alliances/clients/otro-cliente/patients/')
      ).json().results;
      expect(results).toHaveLength(1);
      expect(JSON.stringify(results)).not.toContain('Muñoz');
    });

    it.each([
      ['a LIKE wildcard', '%'],
      ['an underscore', '_'],
      ['SQL', "' OR 1=1 --"],
    ])('treats %s as text, not a pattern', async (_case, search) => {
      const response = await list(search);
      expect(response.statusCode).toBe(200);
      expect(response.json().results.length).toBeLessThanOrEqual(20);
      const rows = await t.app.db
        .select()
        .from(clientPatients)
        .where(eq(clientPatients.clientId, 'demo-laas'));
      expect(rows.length).toBeGreaterThan(20);
    });

    it.each([
      ['a 10 000-character search', 'a'.repeat(10_000)],
      ['a script tag', '<script>alert(1)</script>'],
      ['a NUL', 'a\u0000b'],
    ])('answers %s with a clean 400', async (_case, search) => {
      const response = await list(search);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err: 'invalid-request', msg: expect.stringMatching(/^search/) });
    });
  });

  describe.each(['GET', 'POST'] as const)('%s behind the client token', (method) => {
    const call = (headers: Record<string, string>, url = URL) =>
      t.app.inject({
        method,
        url,
        headers,
        ...(method === 'POST' ? { payload: { patient: patient() } } : {}),
      });

    it.each([
      ['no token', {}],
      ['an unknown token', { authorization: 'Bearer no-existe' }],
      ['another scheme', { authorization: `Basic ${DEMO_LAAS_TOKEN}` }],
      ['an empty Bearer', { authorization: 'Bearer ' }],
      ['a token without its scheme', { authorization: DEMO_LAAS_TOKEN }],
      ['a truncated token', { authorization: `Bearer ${DEMO_LAAS_TOKEN.slice(0, -1)}` }],
      ['a 10 000-character token', { authorization: `Bearer ${'a'.repeat(10_000)}` }],
    ])(
      'answers {err, msg} with %s: 401 for the list, 403 (ignored by the widget) for the save',
      async (_case, headers) => {
        const response = await call(headers);
        expect(response.statusCode).toBe(method === 'GET' ? 401 : 403);
        expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
        expect(response.body).not.toContain('Pérez');
      },
    );

    it('answers 403 for another client’s token', async () => {
      const response = await call(auth(OTHER_TOKEN));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        err: 'forbidden',
        msg: 'El token de acceso no corresponde a este cliente.',
      });
    });

    it('answers 403 for a client that does not exist, before anything else', async () => {
      const response = await call(auth(), '/api/alliances/clients/no-existe/patients/');
      expect(response.statusCode).toBe(403);
    });

    it('accepts the scheme in any case', async () => {
      const response = await call({ authorization: `bearer ${DEMO_LAAS_TOKEN}` });
      expect([200, 201, 409]).toContain(response.statusCode);
    });
  });
});
