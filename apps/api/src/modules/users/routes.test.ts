import { registerAnswerSchema } from '@visita/domain/contract/patients';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PATIENT_EMAIL, DEMO_PATIENT_RUT } from '../../db/seed/demo-users.ts';
import { hashAccessToken } from './service.ts';

const REGISTER = '/api/users/register_wo_password/';
const FIND = '/api/users/find_by_identifier/';
const errorShape = { err: expect.any(String), msg: expect.any(String) };

let serial = 0;
/** A valid Chilean RUT not used by the demo data, different on every call. */
function freshRut(): string {
  serial += 1;
  const body = String(30_000_000 + serial);
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  const dv = digit === 11 ? '0' : digit === 10 ? 'K' : String(digit);
  return `${body.slice(0, 2)}.${body.slice(2, 5)}.${body.slice(5)}-${dv}`;
}

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `  Paciente${(serial += 1)}@Correo.CL `,
  first_name: 'Ignacio',
  second_name: 'Andrés',
  last_name: 'Rojas',
  second_last_name: 'Fuentes',
  date_of_birth: '1990-05-17',
  document_type: 'ci',
  document_number: freshRut(),
  gender: 'male',
  country: 'cl',
  phone: '+56912345678',
  services: [],
  locale: 'cl',
  scopes: 'consulta_appointments:create consulta_appointments:read',
  is_partial_register: false,
  disable_email_create_password: true,
  acquisition_source: 'sdk',
  ...overrides,
});

describe.each(TEST_ENGINES)('patient accounts on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  // The client's staff (Bearer): the full answers; sessions are in person-access.test.ts.
  const staff = { authorization: `Bearer ${DEMO_LAAS_TOKEN}` };
  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: REGISTER, payload: payload as object, headers: staff });
  const find = (identifier: string) =>
    t.app.inject({
      method: 'GET',
      url: `${FIND}?identifier=${encodeURIComponent(identifier)}`,
      headers: staff,
    });

  describe('find_by_identifier', () => {
    it('finds the demo patient by RUT, however punctuated, without the token hash', async () => {
      for (const identifier of [DEMO_PATIENT_RUT, '111111111', '11111111-1']) {
        const response = await find(identifier);
        expect(response.statusCode).toBe(200);
        expect(response.json().patient).toMatchObject({
          first_name: 'Camila',
          document_type: 'ci',
          document_number: DEMO_PATIENT_RUT,
          email: DEMO_PATIENT_EMAIL,
        });
        expect(response.body).not.toMatch(/token|hash/i);
      }
    });

    it('answers 404 with error, err and msg for an unknown identifier', async () => {
      const response = await find('22.222.222-2');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: expect.any(String),
        err: 'patient-not-found',
        msg: expect.any(String),
      });
    });

    it.each([
      ['SQL', "11.111.111-1' OR '1'='1"],
      ['script', '<script>alert(1)</script>'],
      ['unicode oddities', '11.111.111-1\u202e'],
      ['leading zeros', '011.111.111-1'],
    ])('answers a clean 404 for %s', async (_case, identifier) => {
      const response = await find(identifier);
      expect(response.statusCode).toBe(404);
      expect(response.json().err).toBe('patient-not-found');
    });

    it('answers 400 {err, msg} for a missing or 10 000-character identifier', async () => {
      for (const url of [FIND, `${FIND}?identifier=${'1'.repeat(10_000)}`]) {
        const response = await t.app.inject({ method: 'GET', url, headers: staff });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(errorShape);
      }
    });
  });

  describe('register_wo_password', () => {
    it('registers, stores only the token hash, the e-mail trimmed and lower-cased, and finds it after', async () => {
      const payload = registration();
      const response = await register(payload);
      expect(response.statusCode).toBe(201);
      const { access_token } = registerAnswerSchema.parse(response.json());
      expect(access_token.length).toBeGreaterThanOrEqual(40);
      const [row] = await t.app.db.select().from(users).where(eq(users.identifier, payload.document_number));
      expect(row).toMatchObject({
        email: payload.email.trim().toLowerCase(),
        accessTokenHash: hashAccessToken(access_token),
        locale: 'cl',
        acquisitionSource: 'sdk',
        scopes: payload.scopes,
      });
      expect(JSON.stringify(row)).not.toContain(access_token);
      expect((await find(payload.document_number)).statusCode).toBe(200);
    });

    it("registers a patient who chose 'No binario' (gender other) and keeps the gender", async () => {
      const payload = registration({ gender: 'other' });
      const response = await register(payload);
      expect(response.statusCode).toBe(201);
      const [row] = await t.app.db.select().from(users).where(eq(users.identifier, payload.document_number));
      expect(row?.gender).toBe('other');
    });

    it('names male, female and other when the gender is none of them', async () => {
      const response = await register(registration({ gender: 'x' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'invalid-gender',
        msg: 'El género debe ser male (masculino), female (femenino) u other (no binario)',
      });
    });

    it('answers email-already-used with the patient step text', async () => {
      const response = await register(registration({ email: ` ${DEMO_PATIENT_EMAIL.toUpperCase()} ` }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        err: 'email-already-used',
        msg: 'Este correo ya tiene un usuario asociado, intenta con otro correo.',
      });
    });

    it('answers patient-already-has-account for a registered RUT', async () => {
      const response = await register(registration({ document_number: DEMO_PATIENT_RUT }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        err: 'patient-already-has-account',
        msg: 'El paciente ya tiene una cuenta',
      });
    });

    it('creates one account when the same person registers ten times at once', async () => {
      const payload = registration();
      const responses = await Promise.all(Array.from({ length: 10 }, () => register(payload)));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, ...Array(9).fill(409)]);
      const rows = await t.app.db.select().from(users).where(eq(users.identifier, payload.document_number));
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['invalid-email-format', { email: 'no-es-correo' }],
      ['invalid-country', { country: 'ar' }],
      ['invalid-phone-format', { phone: '12345' }],
      ['invalid-document-type', { document_type: 'dni' }],
      ['invalid-rut-number', { document_number: '11.111.111-2' }],
      ['invalid-rut-number', { document_number: '111111111' }],
      ['invalid-rut-number', { document_number: '01.111.111-1' }],
      ['invalid-birth-date', { date_of_birth: '17-05-1990' }],
      ['invalid-birth-date', { date_of_birth: '1990-02-30' }],
      ['invalid-birth-date', { date_of_birth: '2999-01-01' }],
      ['invalid-birth-date', { date_of_birth: '0000-01-01' }],
      ['invalid-gender', { gender: 'no binario' }],
    ])('answers 400 %s', async (err, overrides) => {
      const response = await register(registration(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err, msg: expect.any(String) });
    });

    it('answers the future birth date with the form text', async () => {
      const response = await register(registration({ date_of_birth: '2999-01-01' }));
      expect(response.json().msg).toBe('La fecha de nacimiento no puede ser superior a hoy');
    });

    it('lists every empty key', async () => {
      const response = await register(registration({ email: ' ', phone: undefined, gender: null }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'missing-keys',
        msg: 'The following keys cannot be empty: email, phone, gender',
      });
    });

    it('registers a Mexican patient without a document under the generated generic_id', async () => {
      const payload = registration({
        country: 'mx',
        locale: 'mx',
        phone: '+525512345678',
        document_type: 'passport',
        document_number: '',
        first_name: 'José Luis',
        last_name: 'Hernández',
        date_of_birth: '1979-11-03',
      });
      const response = await register(payload);
      expect(response.statusCode).toBe(201);
      const found = await find('JOSÉHERNÁNDEZ19791103');
      expect(found.statusCode).toBe(200);
      expect(found.json().patient).toMatchObject({ document_type: 'generic_id' });
    });

    it.each([
      ['SQL in a name', { first_name: "Robert'); DROP TABLE users;--" }, 201],
      ['script in a name', { first_name: '<script>alert(1)</script>' }, 400],
      ['a 10 000-character name', { last_name: 'a'.repeat(10_000) }, 400],
      ['a NUL character', { second_last_name: 'Fu\u0000entes' }, 400],
      ['a lone surrogate', { first_name: 'Ana\ud800' }, 400],
      ['a right-to-left override', { first_name: 'Ana\u202e' }, 400],
      ['is_partial_register true', { is_partial_register: true }, 400],
      ['a missing locale', { locale: undefined }, 400],
    ])('answers %s cleanly', async (_case, overrides, status) => {
      const response = await register(registration(overrides));
      expect(response.statusCode).toBe(status);
      if (status !== 201) expect(response.json()).toEqual(errorShape);
    });
  });
});
