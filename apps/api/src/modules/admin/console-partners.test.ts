import { partnerDraftProblems } from '@visita/domain/contract/console-partners';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../db/schema.ts';
import {
  consoleCall,
  consoleSessionFor,
  type ConsoleCredentials,
} from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hashApiToken } from '../clients/api-token.ts';

/** A new partner as an admin writes it in the console. */
const farmacia = (id: string) => ({
  id,
  name: 'Farmacia Sur',
  country: 'cl',
  sales_source: id,
  domains: ['https://www.farmaciasur.cl'],
  sdk_config_v2: { main_color: '#0B6E4F' },
  profile: { copy: { introduction: { title: 'Exámenes de Farmacia Sur en tu casa' } } },
});

describe.each(TEST_ENGINES)("the console's partners on $name", (engine) => {
  let t: TestApp;
  let admin: ConsoleCredentials;
  let coordinator: ConsoleCredentials;
  let partner: ConsoleCredentials;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await consoleSessionFor(t.app, { role: 'admin' });
    coordinator = await consoleSessionFor(t.app, { role: 'coordinator' });
    partner = await consoleSessionFor(t.app, { role: 'partner', clientId: 'demo' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    who: ConsoleCredentials = admin,
  ) => consoleCall(t.app, method, url, who, payload);
  const sdkConfig = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/alliances/clients/sdk-config/?id=${id}` })).json();

  it('is for admins only: a coordinator and a partner operator are refused every route', async () => {
    for (const who of [coordinator, partner]) {
      expect((await call('GET', '/api/console/partner-documents', undefined, who)).statusCode).toBe(403);
      expect((await call('GET', '/api/console/partner-documents/demo', undefined, who)).statusCode).toBe(403);
      const patched = await call('PATCH', '/api/console/partner-documents/demo', { name: 'x' }, who);
      expect(patched.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/console/partner-documents' })).statusCode).toBe(
      401,
    );
  });

  it('lists every partner with its country, source, domains and whether it has a staff token', async () => {
    const list = await call('GET', '/api/console/partner-documents');
    expect(list.statusCode, list.body).toBe(200);
    const demo = list.json().results.find((row: { id: string }) => row.id === 'demo');
    expect(demo).toMatchObject({ id: 'demo', country: 'cl', has_api_token: expect.any(Boolean) });
    const document = await call('GET', '/api/console/partner-documents/demo');
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ id: 'demo', profile: { rules: expect.any(Object) } });
    expect((await call('GET', '/api/console/partner-documents/no-existe')).statusCode).toBe(404);
  });

  it('saves a changed colour and text in one audited change, with the operator as actor, and the widget serves it', async () => {
    const before = (await call('GET', '/api/console/partner-documents/demo')).json();
    const saved = await call('PATCH', '/api/console/partner-documents/demo', {
      sdk_config_v2: { ...before.sdk_config_v2, main_color: '#123456' },
      profile: {
        ...before.profile,
        copy: { ...before.profile.copy, introduction: { title: 'Tu laboratorio en casa' } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sdk_config_v2.main_color).toBe('#123456');
    const config = await sdkConfig('demo');
    expect(config.sdk_config_v2.main_color).toBe('#123456');
    expect(config.profile.copy.introduction.title).toBe('Tu laboratorio en casa');

    const trail = await call('GET', '/api/console/partner-documents/demo/audit');
    expect(trail.statusCode).toBe(200);
    const [entry] = trail.json().results;
    expect(entry).toMatchObject({
      action: 'partner.updated',
      entity_type: 'partner',
      entity_id: 'demo',
      actor: `console:${admin.operatorId} (${admin.email})`,
    });
    expect(entry.before.sdk_config_v2.main_color).toBe(before.sdk_config_v2?.main_color ?? undefined);
    expect(entry.after.sdk_config_v2.main_color).toBe('#123456');
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, 'demo'), eq(auditLog.action, 'partner.updated')));
    expect(row?.operatorId).toBe(admin.operatorId);
  });

  it('refuses bad values with every field in Spanish, as the draft check in the console does, and writes nothing', async () => {
    const body = {
      name: '',
      logo_url: 'http://logo.example/x.png',
      domains: ['http://socio.example', 'https://ok.example'],
      profile: { cancellation_cutoff_hours: -1, footer: 'otro' },
    };
    const refused = await call('PATCH', '/api/console/partner-documents/demo', body);
    expect(refused.statusCode, refused.body).toBe(400);
    const answer = refused.json();
    expect(answer.err).toBe('invalid-partner');
    expect(answer.fields).toMatchObject({
      logo_url: 'Debe ser una URL https.',
      'domains.0': 'Debe ser https (http solo en localhost).',
    });
    expect(answer.fields.name).toMatch(/[Dd]emasiado pequeñ|al menos|mínimo/);
    // The console checks a draft with the same schemas and names the same fields.
    expect(partnerDraftProblems(body)).toMatchObject({
      name: answer.fields.name,
      logo_url: answer.fields.logo_url,
      'domains.0': answer.fields['domains.0'],
    });
    const profileRefused = await call('PATCH', '/api/console/partner-documents/demo', {
      profile: { cancellation_cutoff_hours: -1, footer: 'otro' },
    });
    expect(profileRefused.statusCode).toBe(400);
    const profileFields = profileRefused.json().fields;
    expect(Object.keys(profileFields).sort()).toEqual([
      'profile.cancellation_cutoff_hours',
      'profile.footer',
    ]);
    expect(partnerDraftProblems({ profile: { cancellation_cutoff_hours: -1, footer: 'otro' } })).toEqual(
      profileFields,
    );
    // A masked webhook secret keeps the stored one: the draft check takes it as kept too.
    expect(
      partnerDraftProblems({
        profile: {
          webhook: { url: 'https://hooks.example/v', secret: '••••••••', include_personal_data: false },
        },
      }),
    ).toEqual({});
    expect((await sdkConfig('demo')).name).not.toBe('');
  });

  it('creates a partner (409 when the id is taken), audited as created by the operator', async () => {
    const created = await call('POST', '/api/console/partner-documents', farmacia('farmacia-sur'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id: 'farmacia-sur', has_api_token: false });
    expect((await sdkConfig('farmacia-sur')).sdk_config_v2.main_color).toBe('#0B6E4F');
    const again = await call('POST', '/api/console/partner-documents', farmacia('farmacia-sur'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ err: 'partner-exists', msg: expect.any(String) });
    const bad = await call('POST', '/api/console/partner-documents', { ...farmacia('api'), country: 'ar' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['country', 'id']);
    const trail = (await call('GET', '/api/console/partner-documents/farmacia-sur/audit')).json().results;
    expect(trail.map((entry: { action: string }) => entry.action)).toEqual(['partner.created']);
    expect(trail[0].actor).toContain(admin.email);
  });

  it('rotates the staff token (shown once, stored hashed, the old one dead) and revokes it, each audited', async () => {
    const first = await call('POST', '/api/console/partner-documents/farmacia-sur/api-token');
    expect(first.statusCode, first.body).toBe(201);
    const token = first.json().api_token as string;
    const stored = async () =>
      (await t.app.db.select().from(clients).where(eq(clients.id, 'farmacia-sur')))[0]?.apiTokenHash;
    expect(await stored()).toBe(hashApiToken(token));
    const second = (await call('POST', '/api/console/partner-documents/farmacia-sur/api-token')).json();
    expect(second.api_token).not.toBe(token);
    expect(await stored()).toBe(hashApiToken(second.api_token));
    const document = (await call('GET', '/api/console/partner-documents/farmacia-sur')).json();
    expect(document.has_api_token).toBe(true);
    expect(JSON.stringify(document)).not.toContain(second.api_token);
    expect((await call('DELETE', '/api/console/partner-documents/farmacia-sur/api-token')).statusCode).toBe(
      204,
    );
    expect(await stored()).toBeNull();
    const actions = (await call('GET', '/api/console/partner-documents/farmacia-sur/audit'))
      .json()
      .results.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual([
      'partner.api_token_revoked',
      'partner.api_token_rotated',
      'partner.api_token_rotated',
      'partner.created',
    ]);
    const trail = JSON.stringify(
      (await call('GET', '/api/console/partner-documents/farmacia-sur/audit')).json(),
    );
    expect(trail).not.toContain(token);
  });

  it('edits the embedding domains: kept as origins, repeated once, and the widget page may be framed by them', async () => {
    const saved = await call('PATCH', '/api/console/partner-documents/farmacia-sur', {
      domains: ['https://WWW.farmaciasur.cl/', 'https://tienda.farmaciasur.cl', 'https://www.farmaciasur.cl'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().domains).toEqual(['https://www.farmaciasur.cl', 'https://tienda.farmaciasur.cl']);
  });
  it("removes a mode's settings with null: stored as none, served as none, and audited", async () => {
    const before = (await call('GET', '/api/console/partner-documents/farmacia-sur')).json();
    expect(before.sdk_config_v2).toMatchObject({ main_color: '#0B6E4F' });
    const removed = await call('PATCH', '/api/console/partner-documents/farmacia-sur', {
      sdk_config_v2: null,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().sdk_config_v2).toBeNull();
    expect(
      (await call('GET', '/api/console/partner-documents/farmacia-sur')).json().sdk_config_v2,
    ).toBeNull();
    // The widget reads none: the product's defaults for that mode.
    expect((await sdkConfig('farmacia-sur')).sdk_config_v2).toBeNull();
    const [row] = await t.app.db.select().from(clients).where(eq(clients.id, 'farmacia-sur'));
    expect(row?.sdkConfig).toBeNull();
    const [entry] = (await call('GET', '/api/console/partner-documents/farmacia-sur/audit')).json().results;
    expect(entry.action).toBe('partner.updated');
    expect(entry.before.sdk_config_v2).toMatchObject({ main_color: '#0B6E4F' });
    expect(entry.after.sdk_config_v2).toBeNull();
    // Leaving the key out keeps what is stored (a PATCH sends only what it changes).
    const other = await call('PATCH', '/api/console/partner-documents/farmacia-sur', {
      laas_config_v2: { showBanner: false },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ sdk_config_v2: null, laas_config_v2: { showBanner: false } });
  });

  it("asks to confirm a whole source's rule by naming the partners it reaches, and audits who was named", async () => {
    for (const id of ['fuente-uno', 'fuente-dos'])
      expect(
        (
          await call('POST', '/api/console/partner-documents', {
            ...farmacia(id),
            sales_source: 'fuente-compartida',
          })
        ).statusCode,
      ).toBe(201);
    const rules = { profile: { rules: { exams_paid_at_home: true } } };
    const unconfirmed = await call('PATCH', '/api/console/partner-documents/fuente-uno', rules);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ err: 'source-rules-unconfirmed' });
    expect(unconfirmed.json().msg).toContain('fuente-dos');
    const confirmed = await call(
      'PATCH',
      '/api/console/partner-documents/fuente-uno?confirm_source_rules=fuente-dos',
      rules,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [entry] = (await call('GET', '/api/console/partner-documents/fuente-uno/audit')).json().results;
    expect(entry.after.source_rules_confirmed_for).toEqual(['fuente-dos']);
  });
});
