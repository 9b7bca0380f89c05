import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LAAS_LM_TOKEN, DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

const booking = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Las Condes',
  address_line_1: 'Avenida Apoquindo 4500',
  target_street_number: '4500',
  target_residence_type: 'house',
  target_lat: -33.4129,
  target_lng: -70.5799,
  target_address: 'Avenida Apoquindo 4500, Las Condes, Región Metropolitana de Santiago, Chile',
  sales_source: 'demo-laas',
  section_origin: 'address',
  client_id: 'demo-laas-lm',
};

describe.each(TEST_ENGINES)("the appointment's origin on $name", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const staff = { authorization: `Bearer ${DEMO_LAAS_LM_TOKEN}` };
  const create = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/appointments/',
      headers: staff,
      payload: booking,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; token: string }>();
  };
  const setOrigin = (id: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${id}/origin/`,
      headers,
      payload: payload as object,
    });
  const read = (id: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v2/appointments/${id}/`, headers });

  it("staff record the chosen origin ('Otro' as its typed text) and read it back on the appointment", async () => {
    const { id } = await create();
    expect((await read(id, staff)).json().client_origin).toBeNull();
    const response = await setOrigin(id, staff, { client_origin: '  Feria de salud Ñuñoa ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ client_origin: 'Feria de salud Ñuñoa' });
    expect((await read(id, staff)).json().client_origin).toBe('Feria de salud Ñuñoa');
  });

  it('the staff widget, sending its Bearer token and the appointment token, records it', async () => {
    const { id, token } = await create();
    const both = { ...staff, [APPOINTMENT_TOKEN_HEADER]: token };
    expect((await setOrigin(id, both, { client_origin: 'Mesa central' })).statusCode).toBe(200);
    expect((await read(id, both)).json().client_origin).toBe('Mesa central');
  });

  it("a patient's appointment token neither sets nor reads the origin", async () => {
    const { id, token } = await create();
    await setOrigin(id, staff, { client_origin: 'Mesa central' });
    const patient = { [APPOINTMENT_TOKEN_HEADER]: token };
    const refused = await setOrigin(id, patient, { client_origin: 'Otro' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      err: 'origin-staff-only',
      msg: 'Solo el personal del cliente puede registrar el origen de la cita.',
    });
    const summary = await read(id, patient);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).not.toHaveProperty('client_origin');
  });

  it("another client's staff get the same 404, and an empty origin is a 400", async () => {
    const { id } = await create();
    expect(
      (await setOrigin(id, { authorization: `Bearer ${DEMO_LAAS_TOKEN}` }, { client_origin: 'X' }))
        .statusCode,
    ).toBe(404);
    const empty = await setOrigin(id, staff, { client_origin: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
  });
});
