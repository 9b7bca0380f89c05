import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertTestCatalogue, T } from '../pricing/test-fixtures.ts';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A partner as an operator would first write it: its own colours, texts, terms, rules and site. */
const farmacia = (id: string) => ({
  id,
  name: 'Farmacia Norte',
  country: 'cl',
  sales_source: 'marketplace',
  domains: ['https://www.farmacianorte.cl', 'https://www.farmacianorte.cl'],
  sdk_config_v2: { main_color: '#5B2C83', availableFeatures: ['self-service'], manual_confirmation: true },
  show_tyc: true,
  profile: {
    rules: { skips_payment_and_closes: true, confirmation_back_to_date: true },
    copy: { introduction: { title: 'Exámenes de Farmacia Norte en tu casa' } },
    terms: {
      title: 'Términos de Farmacia Norte',
      sections: [{ heading: 'Pagos', paragraphs: ['Se paga en el local.'] }],
    },
    webhook: { url: 'https://hooks.farmacianorte.cl/visita', secret: 'whsec_farmacia_norte_0123' },
  },
});

describe.each(TEST_ENGINES)('operator partner API on $name', (engine) => {
  let t: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_TOKEN } });
    closed = await createTestApp(engine, { seed: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await closed?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = auth,
  ) => t.app.inject({ method, url, payload: payload as object, headers });
  const sdkConfig = (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/alliances/clients/sdk-config/?id=${id}` });

  it('does not exist without ADMIN_TOKEN, and refuses a stranger before reading the body', async () => {
    const none = await closed.app.inject({ method: 'GET', url: '/api/admin/partners', headers: auth });
    expect(none.statusCode).toBe(404);
    expect((await call('POST', '/api/admin/partners', { id: 'x' }, {} as typeof auth)).statusCode).toBe(401);
    const wrong = await call('GET', '/api/admin/partners', undefined, { authorization: 'Bearer nope' });
    expect(wrong.statusCode).toBe(403);
  });

  it('creates a partner that the widget is served at once, with its profile and without its secret', async () => {
    const created = await call('POST', '/api/admin/partners', farmacia('farmacia-norte'));
    expect(created.statusCode, created.body).toBe(201);
    const answer = created.json();
    expect(answer).toMatchObject({
      id: 'farmacia-norte',
      name: 'Farmacia Norte',
      domains: ['https://www.farmacianorte.cl'],
      has_api_token: false,
    });
    expect(answer.profile.webhook.secret).toBe('••••••••');
    expect(created.body).not.toContain('whsec_farmacia');

    const config = await sdkConfig('farmacia-norte');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      name: 'Farmacia Norte',
      show_tyc: true,
      sdk_config_v2: { main_color: '#5B2C83' },
      profile: {
        rules: { skips_payment_and_closes: true, confirmation_back_to_date: true, origin_other: true },
        copy: { introduction: { title: 'Exámenes de Farmacia Norte en tu casa' } },
        terms: { title: 'Términos de Farmacia Norte' },
      },
    });
    expect(config.json().profile).not.toHaveProperty('webhook');
    // Its site may embed the widget, and no other.
    const host = (origin: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/embed/host/?client_id=farmacia-norte&parent_origin=${encodeURIComponent(origin)}`,
      });
    expect((await host('https://www.farmacianorte.cl')).json()).toMatchObject({ allowed: true });
    expect((await host('https://www.otro.cl')).json()).toMatchObject({ allowed: false });
  });

  it('refuses an id already taken with 409', async () => {
    await call('POST', '/api/admin/partners', farmacia('farmacia-doble'));
    const again = await call('POST', '/api/admin/partners', farmacia('farmacia-doble'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ err: 'partner-exists', msg: 'Ya existe un socio con ese id.' });
    expect((await call('POST', '/api/admin/partners', { ...farmacia('demo') })).statusCode).toBe(409);
  });

  it('changes only what a PATCH sends, keeps the webhook secret unsent, and every instance sees it', async () => {
    await call('POST', '/api/admin/partners', farmacia('farmacia-cambia'));
    expect((await sdkConfig('farmacia-cambia')).json().name).toBe('Farmacia Norte');
    const patched = await call('PATCH', '/api/admin/partners/farmacia-cambia', {
      name: 'Farmacia Norte Express',
      profile: { footer: 'alliance', webhook: { url: 'https://hooks.farmacianorte.cl/v2' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = (await sdkConfig('farmacia-cambia')).json();
    expect(after.name).toBe('Farmacia Norte Express');
    expect(after.profile.footer).toBe('alliance');
    // What the PATCH did not name stays.
    expect(after.profile.copy.introduction.title).toBe('Exámenes de Farmacia Norte en tu casa');
    expect(after.sdk_config_v2.main_color).toBe('#5B2C83');
    const stored = await t.app.db.query.clients.findFirst({
      where: (c, { eq }) => eq(c.id, 'farmacia-cambia'),
    });
    expect(stored?.profile).toMatchObject({
      webhook: { url: 'https://hooks.farmacianorte.cl/v2', secret: 'whsec_farmacia_norte_0123' },
    });
  });

  it.each([
    ['an id with a slash', { ...farmacia('x'), id: 'farmacia/../demo' }, 'id'],
    ['an id in capitals', { ...farmacia('x'), id: 'Farmacia' }, 'id'],
    ['an unknown key', { ...farmacia('farmacia-extra'), is_admin: true }, '(documento)'],
    ['a plain-http site', { ...farmacia('farmacia-http'), domains: ['http://farmacia.cl'] }, 'domains.0'],
    [
      'a site with a path',
      { ...farmacia('farmacia-ruta'), domains: ['https://farmacia.cl/tienda'] },
      'domains.0',
    ],
    ['a name of 10,000 characters', { ...farmacia('farmacia-larga'), name: 'a'.repeat(10_000) }, 'name'],
    ['a country that is not one', { ...farmacia('farmacia-pe'), country: 'pe' }, 'country'],
    [
      'an unknown payment method',
      { ...farmacia('farmacia-pago'), profile: { rules: { payment_methods: ['bitcoin'] } } },
      'profile.rules.payment_methods.0',
    ],
    [
      'a help link that runs script',
      {
        ...farmacia('farmacia-js'),
        profile: {
          help: {
            question: '¿Ayuda?',
            action: { kind: 'phone', label: 'Llamar', href: 'javascript:alert(1)' },
            hours: 'Siempre',
          },
        },
      },
      'profile.help.action.href',
    ],
    [
      'a webhook on plain http',
      {
        ...farmacia('farmacia-hook'),
        profile: { webhook: { url: 'http://hooks.example', secret: 'whsec_0123456789abcdef' } },
      },
      'profile.webhook.url',
    ],
  ])('answers 400 with the field in Spanish for %s', async (_case, body, field) => {
    const response = await call('POST', '/api/admin/partners', body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json();
    expect(answer.err).toBe('invalid-partner');
    expect(Object.keys(answer.fields)).toContain(field);
    // Spanish, not the validator's English.
    expect(answer.msg).not.toMatch(/\b(Invalid|Expected|Unrecognized)\b/);
  });

  it.each([
    ['a line break', 'Farmacia\nNorte'],
    ['a carriage return', 'Farmacia\rNorte'],
    ['a C0 control', 'Farmacia\u0007Norte'],
    ['DEL', 'Farmacia\u007fNorte'],
    ['a C1 control (next line)', 'Farmacia\u0085Norte'],
    ['a line separator', 'Farmacia\u2028Norte'],
    ['a paragraph separator', 'Farmacia\u2029Norte'],
    ['a right-to-left override', 'Farmacia \u202eetroN'],
    ['a right-to-left isolate', 'Farmacia \u2067Norte'],
  ])('refuses a name with %s, created or changed, with the field in Spanish', async (_case, name) => {
    const reason = 'No puede tener saltos de línea, caracteres de control o invisibles, ni < o >.';
    const created = await call('POST', '/api/admin/partners', { ...farmacia('farmacia-nombre'), name });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toMatchObject({ err: 'invalid-partner', fields: { name: reason } });
    const patched = await call('PATCH', '/api/admin/partners/demo', { name });
    expect(patched.statusCode, patched.body).toBe(400);
    expect(patched.json()).toMatchObject({ err: 'invalid-partner', fields: { name: reason } });
    expect((await call('GET', '/api/admin/partners/farmacia-nombre')).statusCode).toBe(404);
    expect((await sdkConfig('demo')).json().name).not.toBe(name);
  });

  it('keeps accents, apostrophes and dashes in a name, and drops line breaks at its ends', async () => {
    const created = await call('POST', '/api/admin/partners', {
      ...farmacia('farmacia-ohiggins'),
      name: "\n  Clínica O'Higgins – Ñuñoa\r\n",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe("Clínica O'Higgins – Ñuñoa");
  });

  it('a __proto__ key changes nothing but the partner it names', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"id":"farmacia-proto","name":"X","country":"cl","sales_source":"marketplace","profile":{"__proto__":{"polluted":true}}}`,
    });
    expect([201, 400]).toContain(response.statusCode);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('creates, rotates and revokes a staff token, shown once and stored hashed', async () => {
    await call('POST', '/api/admin/partners', farmacia('farmacia-staff'));
    const first = await call('POST', '/api/admin/partners/farmacia-staff/api-token');
    expect(first.statusCode).toBe(201);
    const token = first.json().api_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.app.db.query.clients.findFirst({
      where: (c, { eq }) => eq(c.id, 'farmacia-staff'),
    });
    expect(stored?.apiTokenHash).not.toContain(token);
    expect((await call('GET', '/api/admin/partners/farmacia-staff')).json().has_api_token).toBe(true);

    const staff = (bearer: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/alliances/clients/farmacia-staff/patients/?search=a',
        headers: { authorization: `Bearer ${bearer}` },
      });
    expect((await staff(token)).statusCode).toBe(200);
    const second = (await call('POST', '/api/admin/partners/farmacia-staff/api-token')).json()
      .api_token as string;
    expect(second).not.toBe(token);
    expect((await staff(token)).statusCode).not.toBe(200);
    expect((await staff(second)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/admin/partners/farmacia-staff/api-token')).statusCode).toBe(204);
    expect((await staff(second)).statusCode).not.toBe(200);
  });

  it('keeps every change in the audit log: who, when, before and after, secrets masked', async () => {
    await call('POST', '/api/admin/partners', farmacia('farmacia-audit'));
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/partners/farmacia-audit',
      payload: { name: 'Farmacia Auditada' },
      headers: { ...auth, 'x-operator': 'Ana Pérez' },
    });
    await call('POST', '/api/admin/partners/farmacia-audit/api-token');
    const log = await call('GET', '/api/admin/audit?partner_id=farmacia-audit');
    expect(log.statusCode).toBe(200);
    const entries = log.json().results as Array<{
      action: string;
      actor: string;
      before: { name: string } | null;
      after: { name: string } | null;
    }>;
    expect(entries.map((entry) => entry.action)).toEqual([
      'partner.api_token_rotated',
      'partner.updated',
      'partner.created',
    ]);
    const [, updated, created] = entries;
    expect(created?.before).toBeNull();
    expect(created?.after?.name).toBe('Farmacia Norte');
    expect(updated?.before?.name).toBe('Farmacia Norte');
    expect(updated?.after?.name).toBe('Farmacia Auditada');
    expect(updated?.actor).toMatch(/^operator:[0-9a-f]{12} \(Ana Pérez\)$/);
    expect(log.body).not.toContain('whsec_farmacia');
    expect(log.body).not.toContain(ADMIN_TOKEN);
  });

  it('answers 404 for a partner that does not exist', async () => {
    expect((await call('GET', '/api/admin/partners/no-existe')).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/partners/no-existe', { name: 'X' })).statusCode).toBe(404);
  });

  it("replaces a company's roster in one audited change and refuses bad documents", async () => {
    const url = '/api/admin/partners/demo-split/employees';
    const replaced = await call('PUT', url, {
      documents: ['12.345.678-5', ' 9.876.543-3 ', '12.345.678-5', '16.000.000-k'],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    // Trimmed, upper case, each person once.
    expect(replaced.json()).toEqual({ count: 3, documents: ['12.345.678-5', '16.000.000-K', '9.876.543-3'] });
    expect((await call('GET', url)).json().count).toBe(3);
    const audit = (await call('GET', '/api/admin/audit?partner_id=demo-split')).json().results[0];
    expect(audit).toMatchObject({ action: 'partner.employees_replaced', after: { employees: 3 } });
    const bad = await call('PUT', url, { documents: ['<script>'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ err: expect.any(String), msg: expect.any(String) });
    expect((await call('GET', url)).json().count).toBe(3);
    expect((await call('PUT', '/api/admin/partners/no-existe/employees', { documents: [] })).statusCode).toBe(
      404,
    );
    expect((await call('GET', url, undefined, { authorization: 'Bearer otro' })).statusCode).toBe(403);
  });

  describe('rules that hold for a whole sales source', () => {
    beforeAll(() => insertTestCatalogue(t.testDb.database.db));

    /** What a person buying a hemograma (8000) through a source pays at the address. */
    const paidAtHome = async (source: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/cart-price/',
        payload: {
          country: 'cl',
          locality: 'Las Condes',
          source,
          coupon_code: null,
          patients: [{ is_fonasa: false, items: [T.hemograma], packs: [] }],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payment_at_home as number;
    };
    const onSource = (id: string, salesSource: string, rules: Record<string, unknown> = {}) => ({
      id,
      name: `Socio ${id}`,
      country: 'cl',
      sales_source: salesSource,
      profile: { rules },
    });
    const create = async (body: ReturnType<typeof onSource>, query = '') => {
      const response = await call('POST', `/api/admin/partners${query}`, body);
      return response;
    };
    const paidAtHomeRule = { exams_paid_at_home: true };

    it("refuses one partner's rule that changes another partner's prices, unless the operator names them", async () => {
      expect((await create(onSource('fuente-a', 'fuente-compartida'))).statusCode).toBe(201);
      expect((await create(onSource('fuente-b', 'fuente-compartida'))).statusCode).toBe(201);
      expect(await paidAtHome('fuente-compartida')).toBe(0);

      const refused = await call('PATCH', '/api/admin/partners/fuente-a', {
        profile: { rules: paidAtHomeRule },
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({
        err: 'source-rules-unconfirmed',
        msg:
          'Esta regla (exams_paid_at_home) se aplica a toda la fuente de venta fuente-compartida: ' +
          'afecta también a fuente-b. Confírmalo indicando esos socios.',
      });
      // Nothing changed: fuente-b's customers still pay the exams by card.
      expect(await paidAtHome('fuente-compartida')).toBe(0);
      expect(
        (await call('GET', '/api/admin/partners/fuente-a')).json().profile.rules.exams_paid_at_home,
      ).toBe(false);

      // A confirmation must name exactly the partners reached.
      const wrong = await call('PATCH', '/api/admin/partners/fuente-a?confirm_source_rules=demo', {
        profile: { rules: paidAtHomeRule },
      });
      expect(wrong.statusCode, wrong.body).toBe(409);
      expect(wrong.json().msg).toContain('La confirmación debe indicar exactamente esos socios.');
      const bad = await call('PATCH', '/api/admin/partners/fuente-a?confirm_source_rules=Fuente B', {
        profile: { rules: paidAtHomeRule },
      });
      expect(bad.statusCode, bad.body).toBe(400);

      const confirmed = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/partners/fuente-a?confirm_source_rules=fuente-b',
        payload: { profile: { rules: paidAtHomeRule } },
        headers: { ...auth, 'x-operator': 'Ana Pérez' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await paidAtHome('fuente-compartida')).toBe(8000);
      const [entry] = (await call('GET', '/api/admin/audit?partner_id=fuente-a')).json().results;
      expect(entry).toMatchObject({
        action: 'partner.updated',
        actor: expect.stringContaining('Ana Pérez'),
        before: { profile: { rules: { exams_paid_at_home: false } } },
        after: { profile: { rules: { exams_paid_at_home: true } }, source_rules_confirmed_for: ['fuente-b'] },
      });

      // Stating what the others already state needs no confirmation, and then both agree.
      const same = await call('PATCH', '/api/admin/partners/fuente-b', {
        profile: { rules: paidAtHomeRule },
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(
        (await call('GET', '/api/admin/audit?partner_id=fuente-b')).json().results[0].after,
      ).not.toHaveProperty('source_rules_confirmed_for');
      for (const id of ['fuente-a', 'fuente-b'])
        expect((await call('GET', `/api/admin/partners/${id}`)).json().profile.rules.exams_paid_at_home).toBe(
          true,
        );
      // A new partner joining the source stating the same passes; one stating otherwise does not.
      expect((await create(onSource('fuente-c', 'fuente-compartida', paidAtHomeRule))).statusCode).toBe(201);
      const otherwise = await create(onSource('fuente-d', 'fuente-compartida'));
      expect(otherwise.statusCode, otherwise.body).toBe(409);
      expect(otherwise.json().msg).toContain('afecta también a fuente-a, fuente-b y fuente-c.');
      expect((await call('GET', '/api/admin/partners/fuente-d')).statusCode).toBe(404);
    });

    it('a partner alone on its source sets them freely, and moving it onto a shared source is checked', async () => {
      const alone = await create(onSource('fuente-sola', 'fuente-sola', paidAtHomeRule));
      expect(alone.statusCode, alone.body).toBe(201);
      const fund = { fund: { name: 'Caja Sola', affiliation_check: false } };
      const patched = await call('PATCH', '/api/admin/partners/fuente-sola', {
        profile: { rules: { ...paidAtHomeRule, ...fund } },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(await paidAtHome('fuente-sola')).toBe(8000);

      expect((await create(onSource('fuente-e', 'fuente-otra'))).statusCode).toBe(201);
      const moved = await call('PATCH', '/api/admin/partners/fuente-sola', { sales_source: 'fuente-otra' });
      expect(moved.statusCode, moved.body).toBe(409);
      expect(moved.json().msg).toBe(
        'Estas reglas (exams_paid_at_home y fund) se aplican a toda la fuente de venta fuente-otra: ' +
          'afecta también a fuente-e. Confírmalo indicando esos socios.',
      );
      expect(await paidAtHome('fuente-otra')).toBe(0);
    });
  });
});
