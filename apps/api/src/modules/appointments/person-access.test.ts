import {
  APPOINTMENT_ID_HEADER,
  APPOINTMENT_TOKEN_HEADER,
  createAppointmentAnswerSchema,
} from '@visita/domain/contract/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { SEED_ADDRESS } from '../../robustness/seeds.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PATIENT_RUT, DEMO_VACCINATED_RUT } from '../../db/seed/demo-users.ts';
import { PERSON_ACCESS_REQUIRED, RATE_LIMITED } from '@visita/domain/contract/api-errors';

const engine = TEST_ENGINES[0];
if (!engine) throw new Error('no engine');

const FIND = `/api/users/find_by_identifier/?identifier=${encodeURIComponent(DEMO_PATIENT_RUT)}`;
const RUT_STATUS = `/api/v2/caja-los-andes/rut-status/?rut=${encodeURIComponent(DEMO_PATIENT_RUT)}`;
const HAS_ITEM = `/api/v2/patients/has_item/?item=vacuna-contra-influenza&source=cajalosandes&rut=${encodeURIComponent(DEMO_VACCINATED_RUT)}`;
const REGISTER = '/api/users/register_wo_password/';
const REGISTRATION = {
  email: 'camila.gonzalez@correo.cl',
  first_name: 'Camila',
  last_name: 'González',
  second_last_name: 'Muñoz',
  date_of_birth: '1988-07-21',
  document_type: 'ci',
  document_number: DEMO_PATIENT_RUT,
  gender: 'female',
  country: 'cl',
  phone: '+56987654321',
  locale: 'cl',
  scopes: 'consulta_appointments:create',
  is_partial_register: false,
  disable_email_create_password: true,
};

type Headers = Record<string, string>;

describe('personal data: who may look a person up, and how often', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: {
        RATE_LIMIT_PERSON_LOOKUPS_PER_APPOINTMENT: '3',
        RATE_LIMIT_REGISTER_PER_MINUTE: '2',
        RATE_LIMIT_FUND_CHECKS_PER_MINUTE: '4',
        TRUST_PROXY: '10.0.0.1',
      },
    });
  });
  afterAll(() => t.close());

  /** A booking session: a new appointment's id and token, as the widget holds them. */
  const session = async (payload: Record<string, unknown> = SEED_ADDRESS): Promise<Headers> => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/appointments/',
      payload,
    });
    expect(created.statusCode).toBe(201);
    const { id, token } = createAppointmentAnswerSchema.parse(created.json());
    return { [APPOINTMENT_ID_HEADER]: id, [APPOINTMENT_TOKEN_HEADER]: token };
  };
  let address = 0;
  /** Each test from its own address, so only the limit under test counts. */
  const from = () => ({ 'x-forwarded-for': `203.0.113.${(address += 1)}` });
  const get = (url: string, headers: Headers, ip: Headers = from()) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...ip }, remoteAddress: '10.0.0.1' });
  const register = (headers: Headers, ip: Headers = from()) =>
    t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: REGISTRATION,
      headers: { ...headers, ...ip },
      remoteAddress: '10.0.0.1',
    });

  it('answers a stranger, a wrong token or a foreign appointment 401 {err, msg} on every call that reveals a person', async () => {
    const own = await session();
    const other = await session();
    const credentials: Headers[] = [
      {},
      { [APPOINTMENT_TOKEN_HEADER]: own[APPOINTMENT_TOKEN_HEADER] ?? '' },
      { ...own, [APPOINTMENT_TOKEN_HEADER]: 'not-the-token' },
      { ...own, [APPOINTMENT_TOKEN_HEADER]: other[APPOINTMENT_TOKEN_HEADER] ?? '' },
      { authorization: 'Bearer not-a-client-token' },
    ];
    for (const headers of credentials) {
      for (const url of [FIND, RUT_STATUS, HAS_ITEM]) {
        const response = await get(url, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.json()).toEqual({ err: PERSON_ACCESS_REQUIRED.err, msg: PERSON_ACCESS_REQUIRED.msg });
        expect(response.body).not.toContain('Camila');
      }
      const registered = await register(headers);
      expect(registered.statusCode).toBe(401);
      expect(registered.json()).toEqual({ err: PERSON_ACCESS_REQUIRED.err, msg: PERSON_ACCESS_REQUIRED.msg });
    }
    expect(PERSON_ACCESS_REQUIRED.msg).toMatch(/^Se requiere/);
  });

  it('answers a booking session the patient id and masked contact data only', async () => {
    const response = await get(FIND, await session());
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.anything(),
      masked: true,
      email: 'c***@correo.cl',
      phone: '+569 **** **21',
    });
    for (const secret of ['Camila', 'González', '1988-07-21', '11.111.111-1', 'camila.gonzalez', '87654321'])
      expect(response.body).not.toContain(secret);
  });

  it("shows the client's staff (Bearer) the whole patient", async () => {
    const response = await get(FIND, { authorization: `Bearer ${DEMO_LAAS_TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().patient).toMatchObject({
      first_name: 'Camila',
      document_number: DEMO_PATIENT_RUT,
      email: 'camila.gonzalez@correo.cl',
      date_of_birth: '1988-07-21',
    });
  });

  it("lets a session run the fund's checks for its patient", async () => {
    // A booking with the benefits fund: its affiliates are the fund's.
    const own = await session({ ...SEED_ADDRESS, client_id: 'cajalosandes', sales_source: 'cajalosandes' });
    expect((await get(RUT_STATUS, own)).json()).toEqual({ is_affiliated: true });
    expect((await get(HAS_ITEM, own)).json()).toEqual({ patient_has_item: true });
  });

  it('limits the look-ups per appointment, whatever address they come from', async () => {
    const own = await session();
    for (let i = 0; i < 3; i += 1) expect((await get(FIND, own)).statusCode).toBe(200);
    const refused = await get(FIND, own);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ err: RATE_LIMITED.err, msg: RATE_LIMITED.msg });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another booking is counted apart.
    expect((await get(FIND, await session())).statusCode).toBe(200);
  });

  it('limits registration per address: its 409 tells whether a RUT has an account', async () => {
    const ip = from();
    for (let i = 0; i < 2; i += 1) {
      const answer = await register(await session(), ip);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().err).toBe('patient-already-has-account');
    }
    const refused = await register(await session(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ err: RATE_LIMITED.err, msg: RATE_LIMITED.msg });
  });

  it("limits the fund's checks per address", async () => {
    const ip = from();
    for (let i = 0; i < 4; i += 1) expect((await get(RUT_STATUS, await session(), ip)).statusCode).toBe(200);
    expect((await get(HAS_ITEM, await session(), ip)).statusCode).toBe(200);
    // rut-status and has_item are counted apart; each has its own budget of 4.
    for (let i = 0; i < 3; i += 1) await get(HAS_ITEM, await session(), ip);
    expect((await get(HAS_ITEM, await session(), ip)).statusCode).toBe(429);
    expect((await get(RUT_STATUS, await session(), ip)).statusCode).toBe(429);
  });
});
