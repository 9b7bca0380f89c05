import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_NOT_AFFILIATED_RUT, DEMO_PATIENT_RUT, DEMO_VACCINATED_RUT } from '../users/demo-seed.ts';

const errorShape = { err: expect.any(String), msg: expect.any(String) };

describe.each(TEST_ENGINES)('compensation fund checks on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${DEMO_LAAS_TOKEN}` } });
  const rutStatus = (rut: string) => get(`/api/v2/caja-los-andes/rut-status/?rut=${encodeURIComponent(rut)}`);
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
