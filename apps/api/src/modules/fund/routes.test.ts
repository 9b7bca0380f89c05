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
import { DEMO_NOT_AFFILIATED_RUT, DEMO_PATIENT_RUT, DEMO_VACCINATED_RUT } from '../../db/seed/demo-users.ts';

const errorShape = { err: expect.any(String), msg: expect.any(String) };

describe.each(TEST_ENGINES)('compensation fund checks on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  /** A booking session of a partner: its new appointment's id and token. */
  const sessionOf = async (client: string, salesSource: string) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/appointments/',
      payload: { ...SEED_ADDRESS, client_id: client, sales_source: salesSource },
    });
    expect(created.statusCode).toBe(201);
    const { id, token } = createAppointmentAnswerSchema.parse(created.json());
    return { [APPOINTMENT_ID_HEADER]: id, [APPOINTMENT_TOKEN_HEADER]: token };
  };
  const get = (
    url: string,
    headers: Record<string, string> = { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
  ) => t.app.inject({ method: 'GET', url, headers });
  const rutStatusUrl = (rut: string) => `/api/v2/caja-los-andes/rut-status/?rut=${encodeURIComponent(rut)}`;
  // The fund asked about is the one behind the caller's partner: here the fund's own booking.
  const rutStatus = async (rut: string) =>
    get(rutStatusUrl(rut), await sessionOf('cajalosandes', 'cajalosandes'));

  it('a partner without a benefits fund has no affiliates', async () => {
    const asStaff = await get(rutStatusUrl(DEMO_PATIENT_RUT));
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json()).toEqual({ is_affiliated: false });
    const asMarketplace = await get(rutStatusUrl(DEMO_PATIENT_RUT), await sessionOf('demo', 'marketplace'));
    expect(asMarketplace.json()).toEqual({ is_affiliated: false });
  });
  const hasItem = (rut: string, item = 'vacuna-contra-influenza', source = 'cajalosandes') =>
    get(`/api/v2/patients/has_item/?item=${item}&source=${source}&rut=${encodeURIComponent(rut)}`);

  it.each([
    [DEMO_PATIENT_RUT, true],
    ['111111111', true],
    [DEMO_VACCINATED_RUT, true],
    [DEMO_NOT_AFFILIATED_RUT, false],
  ])('rut-status of %s is %s', async (rut, affiliated) => {
    const response = await rutStatus(rut);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_affiliated: affiliated });
  });

  it.each([
    ['an invalid check digit', '11.111.111-2'],
    ['leading zeros', '01.111.111-1'],
    ['SQL', "1' OR '1'='1"],
    ['script', '<script>'],
    ['10 000 characters', '1'.repeat(10_000)],
    ['nothing', ''],
  ])('rut-status answers 400 {err, msg} for %s', async (_case, rut) => {
    const response = await rutStatus(rut);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorShape);
  });

  it('has_item is true for the affiliate vaccinated on a confirmed appointment', async () => {
    expect((await hasItem(DEMO_VACCINATED_RUT)).json()).toEqual({ patient_has_item: true });
  });

  it.each([
    ['another patient', DEMO_PATIENT_RUT, 'vacuna-contra-influenza', 'cajalosandes'],
    ['another source', DEMO_VACCINATED_RUT, 'vacuna-contra-influenza', 'marketplace'],
    ['another item', DEMO_VACCINATED_RUT, 'hemograma', 'cajalosandes'],
    ['an unknown item', DEMO_VACCINATED_RUT, 'no-existe', 'cajalosandes'],
  ])('has_item is false for %s', async (_case, rut, item, source) => {
    const response = await hasItem(rut, item, source);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ patient_has_item: false });
  });

  it('has_item answers 400 for a bad RUT and for missing parameters', async () => {
    expect((await hasItem('12.345.678-0')).statusCode).toBe(400);
    const response = await get('/api/v2/patients/has_item/?rut=12.345.678-5');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorShape);
  });
});
