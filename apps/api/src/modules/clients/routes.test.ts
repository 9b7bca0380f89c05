import { clientConfigSchema } from '@visita/domain/contract/client-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { partnerTermsSchema } from '@visita/domain/partner-profile';

const DESIGN_CLIENT_IDS = [
  'demo',
  'demo-mx',
  'clinicaalemana',
  'redsalud',
  'esencial',
  'cruzverde',
  'confuturo',
  'idoktor',
  'laboratoriochopo',
  'hospitalessanangelinn',
  'demo-laas',
  'demo-split',
  'demo-tyc',
  'cajalosandes',
];

describe.each(TEST_ENGINES)('GET /api/alliances/clients/sdk-config/ on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/alliances/clients/sdk-config/${query}` });

  it.each(DESIGN_CLIENT_IDS)('answers the whole config of the demo client %s', async (id) => {
    const response = await get(`?id=${id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(clientConfigSchema.parse(body)).toEqual(body);
    expect(body.id).toBe(id);
  });

  it("serves the partner's profile with its defaults, never its webhook", async () => {
    const clinic = (await get('?id=clinicaalemana')).json();
    expect(clinic.profile.rules).toMatchObject({
      exams_paid_at_home: true,
      exam_price_at_home: true,
      confirmation_display_names: true,
      fund: null,
      origin_other: true,
    });
    expect(clinic.profile.help.action).toEqual({
      kind: 'phone',
      label: 'Llama a la central',
      href: 'tel:+56229100000',
    });
    const fund = (await get('?id=cajalosandes')).json();
    expect(fund.profile.footer).toBe('alliance');
    expect(fund.profile.rules.fund).toMatchObject({ name: 'Caja los Andes', close_warning: true });
    const plain = (await get('?id=demo')).json();
    expect(plain.profile.footer).toBe('operated');
    expect(plain.profile.copy.price_disclaimer).toBeNull();
    expect(plain.profile).not.toHaveProperty('webhook');
  });

  it.each([
    [
      'clinicaalemana',
      [
        '$11.000',
        '$15.000 por paciente',
        '$7.000 por visita',
        '$122.570',
        'dosis 3',
        '24 horas',
        '15 MB',
        '48 horas',
        'lunes a viernes de 08:00 a 14:00',
        'Chicureo',
        'Huechuraba',
      ],
    ],
    ['cajalosandes', ['$6.990', 'Máximo 2 vacunas', '24 horas', '$3.000', '1.000']],
    ['laboratoriochopo', ['pesos mexicanos', 'IVA', 'Ley Federal de Protección de Datos Personales']],
  ])("serves %s's terms as a document with the figures it must show", async (id, figures) => {
    const { terms } = (await get(`?id=${id}`)).json().profile;
    expect(partnerTermsSchema.safeParse(terms).success).toBe(true);
    const text = JSON.stringify(terms);
    for (const figure of figures) expect(text).toContain(figure);
  });

  it('carries every field with its value', async () => {
    const body = (await get('?id=demo-laas')).json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'default_patient_email',
        'extra_amount',
        'id',
        'is_last_mile',
        'laas_config_v2',
        'logo_url',
        'max_patients_per_appointment',
        'name',
        'origins',
        'profile',
        'receivers',
        'country',
        'sales_source',
        'sdk_config_v2',
        'show_results',
        'show_tyc',
        'steps',
      ].sort(),
    );
    expect(body).toMatchObject({
      country: 'cl',
      sales_source: 'demo-laas',
      is_last_mile: true,
      receivers: [
        { id: 1, name: 'Mesa central' },
        { id: 2, name: 'Ejecutivo comercial' },
        { id: 3, name: 'Sucursal Providencia' },
      ],
    });
    expect(body.laas_config_v2).toMatchObject({ main_color: '#334155' });
    // The staff API token is a secret: never part of the public config.
    expect(JSON.stringify(body)).not.toContain('demo-laas-token');
    expect(JSON.stringify(body)).not.toContain('api_token');
  });

  it('gives each client its own country, source and options', async () => {
    expect((await get('?id=demo-mx')).json()).toMatchObject({ country: 'mx', sales_source: 'marketplace' });
    expect((await get('?id=demo-split')).json().steps).toEqual([
      { value: 'split-payment', label: '¿Qué análisis clínicos paga la empresa?' },
    ]);
    expect((await get('?id=demo-tyc')).json().show_tyc).toBe(true);
    expect((await get('?id=demo')).json().sdk_config_v2.availableFeatures).toEqual([
      'self-service',
      'medical-order',
    ]);
  });

  it('carries the medical-order variants only for the clients that have them', async () => {
    const redirect = (await get('?id=demo-om-redirect')).json();
    expect(clientConfigSchema.parse(redirect)).toEqual(redirect);
    expect(redirect.sdk_config_v2).toMatchObject({
      availableFeatures: ['medical-order'],
      order_success_url: '/demo-host/orden-recibida.html',
    });
    const tracking = (await get('?id=demo-om-tracking')).json();
    expect(tracking.sdk_config_v2.tracking_events).toBe(true);
    expect(tracking.sdk_config_v2.order_success_url).toBeUndefined();
    const plain = (await get('?id=demo')).json().sdk_config_v2;
    expect(plain.order_success_url).toBeUndefined();
    expect(plain.tracking_events).toBeUndefined();
  });

  it('answers 404 with the documented text for an unknown id', async () => {
    const response = await get('?id=no-existe');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      err: 'client-not-found',
      msg: 'El identificador de cliente no es válido.',
    });
  });

  it.each([
    ['no id', ''],
    ['an empty id', '?id='],
    ['a blank id', '?id=%20%20'],
    ['an id longer than 100 characters', `?id=${'a'.repeat(101)}`],
  ])('answers 400 {err, msg} for %s', async (_case, query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.err).toBe('invalid-request');
    expect(body.msg).toMatch(/identificador de cliente/);
  });

  it.each([
    ['SQL in the id', "?id=demo'%20OR%20'1'='1"],
    ['a script tag', '?id=%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['unicode oddities', '?id=%F0%9F%92%89%E2%80%AEdemo'],
    ['a repeated id', '?id=x&id=y'],
  ])('answers %s with a clean 4xx, never a 500', async (_case, query) => {
    const response = await get(query);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json()).toEqual({ err: expect.any(String), msg: expect.any(String) });
    expect(response.body).not.toContain('<script>');
  });
});
