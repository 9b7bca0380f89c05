import { APPOINTMENT_TOKEN_HEADER } from '@visita/domain/contract/appointments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema.ts';
import { DEMO_LAAS_TOKEN } from '../../db/seed/demo-clients.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_NOT_AFFILIATED_RUT, DEMO_PATIENT_RUT, DEMO_VACCINATED_RUT } from '../../db/seed/demo-users.ts';
import { insertFundAffiliatesIfMissing } from '../fund/queries.ts';
import { hashAppointmentToken, newAppointmentToken } from './access.ts';
import { insertAppointment } from './queries.ts';
import { setConfirmed } from '../../test-support/confirmed-row.ts';

const errorShape = { err: expect.any(String), msg: expect.any(String) };
// Demo catalogue ids (db/seed/demo-catalogue-items.ts): 50 is vacuna-contra-influenza.
const INFLUENZA = 50;

const ADDRESS = {
  country: 'cl',
  region: 'Región Metropolitana de Santiago',
  comuna: 'Las Condes',
  addressLine1: 'Avenida Apoquindo 4500',
  targetAddress: 'Avenida Apoquindo 4500, Las Condes',
  targetStreetNumber: '4500',
  targetLat: -33.4129,
  targetLng: -70.5799,
} as const;

const patient = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Valentina',
  second_name: null,
  last_name: 'Morales',
  second_last_name: 'Díaz',
  date_of_birth: '1992-04-08',
  gender: 'female',
  document_type: 'ci',
  document_number: '111111111',
  email: 'valentina.morales@correo.cl',
  phone: '912345678',
  items: [INFLUENZA],
  packs: [],
  ...overrides,
});

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe.each(TEST_ENGINES)('appointment patients and finalisation on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  async function appointment(
    options: { status?: 'pending' | 'scheduled' | 'confirmed'; client?: string; source?: string } = {},
  ) {
    const token = newAppointmentToken();
    const row = await insertAppointment(t.app.db, {
      ...ADDRESS,
      tokenHash: hashAppointmentToken(token),
      clientId: options.client ?? 'demo',
      salesSource: options.source ?? 'marketplace',
      status: options.status ?? 'scheduled',
    });
    return { id: row.id, token };
  }
  const call = (
    method: 'PATCH' | 'POST',
    target: { id: string; token: string },
    payload: unknown,
    token = target.token,
  ) =>
    t.app.inject({
      method,
      url: `/api/v2/appointments/${target.id}/${method === 'PATCH' ? 'patients' : 'finalize'}/`,
      headers: { [APPOINTMENT_TOKEN_HEADER]: token },
      payload: payload as object,
    });
  const finalize = (target: { id: string; token: string }, patients: unknown[], extra = {}) =>
    call('POST', target, { patients, sales_source: 'marketplace', ...extra });
  const patch = (target: { id: string; token: string }, patients: unknown[]) =>
    call('PATCH', target, { patients });

  describe('PATCH patients', () => {
    it('stores the patients normalised: RUT formatted, phone with its prefix', async () => {
      const target = await appointment({ status: 'pending' });
      const response = await patch(target, [patient()]);
      expect(response.statusCode).toBe(200);
      expect(response.json().patients[0]).toMatchObject({
        document_number: DEMO_PATIENT_RUT,
        phone: '+56912345678',
        items: [INFLUENZA],
      });
    });

    it('keeps the Fonasa tier the person chose, so the quote and the charge price it', async () => {
      const target = await appointment({ status: 'pending' });
      expect((await patch(target, [patient({ is_fonasa: true, fonasa_tier: 'B' })])).statusCode).toBe(200);
      const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, target.id));
      expect(row?.patients[0]).toMatchObject({ is_fonasa: true, fonasa_tier: 'B' });
      // A particular patient stores no tier.
      await patch(target, [patient({ is_fonasa: false })]);
      const [again] = await t.app.db.select().from(appointments).where(eq(appointments.id, target.id));
      expect(again?.patients[0]?.fonasa_tier).toBeUndefined();
    });

    it('answers 409 on a confirmed appointment', async () => {
      const response = await patch(await appointment({ status: 'confirmed' }), [patient()]);
      expect(response.statusCode).toBe(409);
      expect(response.json().err).toBe('appointment-not-editable');
    });
  });

  describe('finalize', () => {
    it('stores the patients and sets finalized_at', async () => {
      const target = await appointment();
      const response = await finalize(target, [
        patient(),
        patient({ document_number: '12.345.678-5', items: [1] }),
      ]);
      expect(response.statusCode).toBe(200);
      const [row] = await t.app.db.select().from(appointments).where(eq(appointments.id, target.id));
      expect(row?.finalizedAt).toBeInstanceOf(Date);
      expect(row?.patients).toHaveLength(2);
    });

    it.each(['pending', 'confirmed'] as const)(
      'answers 409 appointment-not-scheduled when %s',
      async (status) => {
        const response = await finalize(await appointment({ status }), [patient()]);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ err: 'appointment-not-scheduled', msg: expect.any(String) });
      },
    );

    it('answers 400 for another sales source and for an unknown access token', async () => {
      const target = await appointment();
      expect((await finalize(target, [patient()], { sales_source: 'otro' })).json().err).toBe(
        'invalid-sales-source',
      );
      expect((await finalize(target, [patient()], { access_token: 'no-existe' })).json().err).toBe(
        'invalid-access-token',
      );
    });
  });

  describe.each(['PATCH', 'POST'] as const)('%s rules', (method) => {
    const send = (target: { id: string; token: string }, patients: unknown[], source = 'marketplace') =>
      call(method, target, method === 'PATCH' ? { patients } : { patients, sales_source: source });

    it('answers vaccine-age for a vaccinated patient under 3 years old', async () => {
      const response = await send(await appointment(), [patient({ date_of_birth: isoDaysAgo(365 * 2) })]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        err: 'vaccine-age',
        msg: 'Pacientes menores a 3 años no pueden ser vacunados.',
      });
    });

    it('lets a 2-year-old have a lab exam', async () => {
      const response = await send(await appointment(), [
        patient({ date_of_birth: isoDaysAgo(365 * 2), items: [1] }),
      ]);
      expect(response.statusCode).toBe(200);
    });

    it('answers 404 with another appointment’s token, with none, and for an unknown id', async () => {
      const target = await appointment();
      const other = await appointment();
      expect((await call(method, target, { patients: [patient()] }, other.token)).statusCode).toBe(404);
      expect((await call(method, target, { patients: [patient()] }, '')).statusCode).toBe(404);
      const unknown = { id: '00000000-0000-4000-8000-000000000000', token: target.token };
      expect((await send(unknown, [patient()])).statusCode).toBe(404);
    });

    it.each([
      ['a future birth date', { date_of_birth: '2999-01-01' }, 'invalid-birth-date'],
      ['a RUT with leading zeros', { document_number: '011.111.111-1' }, 'invalid-document-number'],
      ['a RUT with a wrong check digit', { document_number: '11.111.111-2' }, 'invalid-document-number'],
      ['a script in a name', { first_name: '<script>alert(1)</script>' }, 'invalid-patient'],
      ['a 10 000-character name', { last_name: 'x'.repeat(10_000) }, 'invalid-request'],
      ['a right-to-left override', { last_name: 'Mora\u202eles' }, 'invalid-patient'],
      ['a NUL', { last_name: 'Mora\u0000les' }, 'invalid-patient'],
      ['an unknown item', { items: [999_999] }, 'invalid-item'],
      ['no services', { items: [] }, 'patient-without-services'],
      ['a bad phone', { phone: '1234' }, 'invalid-phone-format'],
    ])('answers a clean 400 for %s', async (_case, overrides, err) => {
      const response = await send(await appointment(), [patient(overrides)]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err, msg: expect.any(String) });
    });

    it('accepts SQL-looking text in a name as a name', async () => {
      const response = await send(await appointment(), [
        patient({ last_name: "O'Higgins'); DROP TABLE x;--" }),
      ]);
      expect(response.statusCode).toBe(200);
    });

    describe('cajalosandes', () => {
      const fund = () => appointment({ client: 'cajalosandes', source: 'cajalosandes' });

      it('answers the affiliation text for a RUT that is not affiliated', async () => {
        const response = await send(
          await fund(),
          [patient({ document_number: DEMO_NOT_AFFILIATED_RUT })],
          'cajalosandes',
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          err: 'rut-not-affiliated',
          msg: 'El rut ingresado no está afiliado a Caja los Andes',
        });
      });

      it('answers 409 once-per-patient for the vaccinated affiliate', async () => {
        const response = await send(
          await fund(),
          [patient({ document_number: DEMO_VACCINATED_RUT })],
          'cajalosandes',
        );
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          err: 'item-already-booked',
          msg: 'Lo sentimos, solo está permitido agendar una vez por paciente',
        });
      });

      it('answers 409 for the same patient twice on one appointment', async () => {
        const response = await send(await fund(), [patient(), patient()], 'cajalosandes');
        expect(response.statusCode).toBe(409);
      });

      it('accepts an affiliate who has not had the vaccine', async () => {
        const response = await send(await fund(), [patient()], 'cajalosandes');
        expect(response.statusCode).toBe(200);
      });
    });
  });

  it('once a cajalosandes appointment is finalised, has_item is true and a second one is refused', async () => {
    // A new affiliate, so earlier tests' finalisations do not count.
    const affiliate = patient({ document_number: '15.678.234-3' });
    await insertFundAffiliatesIfMissing(t.app.db, [{ rut: '15.678.234-3', salesSource: 'cajalosandes' }]);
    const hasItem = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v2/patients/has_item/?item=vacuna-contra-influenza&source=cajalosandes&rut=156782343',
        headers: { authorization: `Bearer ${DEMO_LAAS_TOKEN}` },
      });
    expect((await hasItem()).json()).toEqual({ patient_has_item: false });
    const first = await appointment({ client: 'cajalosandes', source: 'cajalosandes' });
    const ok = await call('POST', first, { patients: [affiliate], sales_source: 'cajalosandes' });
    expect(ok.statusCode).toBe(200);
    expect((await hasItem()).json()).toEqual({ patient_has_item: true });
    // Finalising the same appointment again (a retry) is not a second booking.
    expect(
      (await call('POST', first, { patients: [affiliate], sales_source: 'cajalosandes' })).statusCode,
    ).toBe(200);
    const second = await appointment({ client: 'cajalosandes', source: 'cajalosandes' });
    const again = await call('POST', second, { patients: [affiliate], sales_source: 'cajalosandes' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorShape);
  });

  it('frees the once-per-patient claim when the appointment is finalised again without the vaccine', async () => {
    const affiliate = (items: number[]) => patient({ document_number: '16.543.218-5', items });
    await insertFundAffiliatesIfMissing(t.app.db, [{ rut: '16.543.218-5', salesSource: 'cajalosandes' }]);
    const fund = () => appointment({ client: 'cajalosandes', source: 'cajalosandes' });
    const body = (items: number[]) => ({ patients: [affiliate(items)], sales_source: 'cajalosandes' });
    const first = await fund();
    expect((await call('POST', first, body([INFLUENZA]))).statusCode).toBe(200);
    const second = await fund();
    expect((await call('POST', second, body([INFLUENZA]))).statusCode).toBe(409);
    // The first appointment changes its mind: a lab exam instead. Its claim goes with the vaccine.
    const changed = await call('POST', first, body([1]));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().patients[0].items).toEqual([1]);
    expect((await call('POST', second, body([INFLUENZA]))).statusCode).toBe(200);
    // A refused finalisation (the first is no longer scheduled) releases nothing.
    await setConfirmed(t.app.db, second.id);
    expect((await call('POST', second, body([1]))).statusCode).toBe(409);
    expect((await call('POST', first, body([INFLUENZA]))).statusCode).toBe(409);
  });

  it('gives a patient the once-per-patient vaccine on exactly one of 8 appointments finalised at once', async () => {
    const affiliate = patient({ document_number: '9.876.543-3' });
    await insertFundAffiliatesIfMissing(t.app.db, [{ rut: '9.876.543-3', salesSource: 'cajalosandes' }]);
    const rows = await Promise.all(
      Array.from({ length: 8 }, () => appointment({ client: 'cajalosandes', source: 'cajalosandes' })),
    );
    const answers = await Promise.all(
      rows.map((row) => call('POST', row, { patients: [affiliate], sales_source: 'cajalosandes' })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toEqual({
        err: 'item-already-booked',
        msg: 'Lo sentimos, solo está permitido agendar una vez por paciente',
      });
    }
  });
});
