import * as ERRORS from '@visita/domain/contract/api-errors';
import type { ConsoleCatalogueItem } from '@visita/domain/contract/console-catalogue';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { auditLog, catalogueItems, packItems } from '../../db/schema.ts';
import { consoleSessionFor, type ConsoleCredentials } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { catalogueSearchText } from './search-text.ts';

/** An item's fields as the form sends them, from an answer. */
const fieldsOf = (item: ConsoleCatalogueItem) => ({
  name: item.name,
  display_name: item.display_name,
  short_name: item.short_name,
  slug: item.slug,
  cms_slug: item.cms_slug,
  description: item.description,
  tags: item.tags,
  skill: item.skill,
  fast_hours: item.fast_hours,
  results_hours: item.results_hours,
  results_on_business_days: item.results_on_business_days,
  allows_more_items_in_cart: item.allows_more_items_in_cart,
  stackable: item.stackable,
  active: item.active,
  item_ids: item.items.map((sub) => sub.id),
});

const NEW_EXAM = {
  country: 'cl',
  kind: 'exam',
  id: null,
  name: 'Zinc sérico',
  display_name: 'Zinc en sangre',
  short_name: null,
  cms_slug: 'zinc-serico',
  description: 'Mide el zinc en sangre.',
  tags: ['huesos', 'sangre'],
  skill: 'lab',
  fast_hours: null,
  results_hours: 48,
  results_on_business_days: true,
  allows_more_items_in_cart: true,
  stackable: false,
  active: true,
  item_ids: [],
};

describe.each(TEST_ENGINES)("the console's catalogue on $name", (engine) => {
  let t: TestApp;
  let admin: ConsoleCredentials;
  let coordinator: ConsoleCredentials;
  let finance: ConsoleCredentials;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { CATALOGUE_CACHE_MS: '60000' } });
    admin = await consoleSessionFor(t.app, { role: 'admin' });
    coordinator = await consoleSessionFor(t.app, { role: 'coordinator' });
    finance = await consoleSessionFor(t.app, { role: 'finance' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, { headers }: ConsoleCredentials = admin) =>
    t.app.inject({ method: 'GET', url, headers });
  const send = (method: 'PUT' | 'POST', url: string, payload: unknown, { headers } = admin) =>
    t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  const item = async (id: number) => {
    const response = await get(`/api/console/catalogue/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ConsoleCatalogueItem;
  };
  const expectRefusal = (
    response: Awaited<ReturnType<typeof get>>,
    status: number,
    entry?: { err: string; msg: string },
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json();
    if (entry) expect(body).toEqual({ err: entry.err, msg: entry.msg });
    else expect(body).toEqual({ err: expect.any(String), msg: expect.any(String) });
  };
  /** What the widget's catalogue call answers of an item (/v2/items/) or a pack (/v2/packs/). */
  const widgetItem = async (id: number, path: 'items' | 'packs' = 'items') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/${path}/?ids=${id}&country=cl` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as
      { results: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
    return (Array.isArray(body) ? body : body.results)[0];
  };

  it('lists a country by kind, activity, limited stock and words; only admins and coordinators', async () => {
    const packs = (await get('/api/console/catalogue?country=cl&kind=pack')).json();
    expect(packs.results.length).toBeGreaterThan(3);
    expect(packs.results.every((row: { kind: string }) => row.kind === 'pack')).toBe(true);
    const vaccines = (await get('/api/console/catalogue?country=cl&kind=vaccine', coordinator)).json();
    expect(vaccines.results.find((row: { id: number }) => row.id === ID.vacunaInfluenza)).toMatchObject({
      kind: 'vaccine',
      stock: 1000,
      stock_state: 'available',
    });
    const services = (await get('/api/console/catalogue?country=cl&kind=service')).json();
    expect(services.results.map((row: { id: number }) => row.id)).toContain(ID.consultaMedica);
    const exams = (await get('/api/console/catalogue?country=cl&kind=exam&q=hemograma')).json();
    expect(exams.results.map((row: { id: number }) => row.id)).toContain(ID.hemograma);
    const inactive = (await get('/api/console/catalogue?country=cl&active=false')).json();
    expect(inactive.results.map((row: { id: number }) => row.id)).toContain(ID.perfilReumatologico);
    const limited = (await get('/api/console/catalogue?country=cl&limited_stock=true')).json();
    expect(limited.results.map((row: { id: number }) => row.id)).toEqual([ID.vacunaInfluenza]);
    expectRefusal(await get('/api/console/catalogue?country=cl', finance), 403);
    expectRefusal(await get('/api/console/catalogue?country=ar'), 400);
    expectRefusal(await get('/api/console/catalogue?country=cl&kind=nada'), 400);
    expectRefusal(await get('/api/console/catalogue/abc'), 400);
    expectRefusal(await get('/api/console/catalogue/999999'), 404, ERRORS.CONSOLE_CATALOGUE_ITEM_NOT_FOUND);
  });

  it("shows a pack's items in order, the skills they need and the sources reading a stock", async () => {
    const pack = await item(ID.chequeoPreventivo);
    expect(pack).toMatchObject({ kind: 'pack', resourcetype: null, skills_needed: ['lab'] });
    expect(pack.items.map((sub) => sub.id)).toEqual([
      ID.hemograma,
      ID.perfilLipidico,
      ID.glicemia,
      ID.orinaCompleta,
    ]);
    expect(pack.more_info_path).toBe('/servicios-disponibles/packs/chequeo-preventivo');
    const vaccine = await item(ID.vacunaInfluenza);
    expect(vaccine).toMatchObject({
      stock_sources: ['cajalosandes'],
      once_per_patient_sources: ['cajalosandes'],
      skills_needed: ['vaccine'],
    });
    expect((await item(ID.hemograma)).in_packs.map((p) => p.id)).toContain(ID.chequeoPreventivo);
  });

  it('edits an exam, audited, search_text in step, and the widget shows it at once', async () => {
    expect(await widgetItem(ID.glicemia)).toMatchObject({ display_name: null, fast_hours: 8 });
    const current = await item(ID.glicemia);
    const response = await send('PUT', `/api/console/catalogue/${ID.glicemia}`, {
      ...fieldsOf(current),
      display_name: 'Glucosa en ayunas',
      fast_hours: 10,
      tags: [...current.tags, 'azucarillo'],
      allows_more_items_in_cart: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ display_name: 'Glucosa en ayunas', fast_hours: 10 });
    expect(await widgetItem(ID.glicemia)).toMatchObject({
      display_name: 'Glucosa en ayunas',
      fast_hours: 10,
      allows_more_items_in_cart: false,
    });
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v2/search/client/?query=azucarillo&country=cl',
    });
    expect(search.json().data.map((row: { id: number }) => row.id)).toContain(ID.glicemia);
    const [row] = await t.app.db.select().from(catalogueItems).where(eq(catalogueItems.id, ID.glicemia));
    expect(row).toBeDefined();
    if (row) expect(row.searchText).toBe(catalogueSearchText(row));
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogue.item_updated'), eq(auditLog.entityId, String(ID.glicemia))));
    expect(audit?.entityType).toBe('catalogue_item');
    expect(audit?.before).toMatchObject({ displayName: null, fastHours: 8 });
    expect(audit?.after).toMatchObject({ displayName: 'Glucosa en ayunas', fastHours: 10 });
    expect(audit?.operatorId).toBe(admin.operatorId);
  });

  it("changes a pack's more-info page at once, its text escaped", async () => {
    const pack = await item(ID.packAnemia);
    const response = await send('PUT', `/api/console/catalogue/${ID.packAnemia}`, {
      ...fieldsOf(pack),
      description: 'Hierro & vitamina B12 "en un solo pinchazo"',
      item_ids: [ID.hemograma, ...pack.items.map((sub) => sub.id).filter((id) => id !== ID.hemograma)],
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/servicios-disponibles/packs/${pack.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hierro &amp; vitamina B12 &quot;en un solo pinchazo&quot;');
    // Once inactive, the page is gone (the widget lists it no more).
    await send('PUT', `/api/console/catalogue/${ID.packAnemia}`, { ...fieldsOf(pack), active: false });
    const gone = await t.app.inject({ method: 'GET', url: `/servicios-disponibles/packs/${pack.slug}` });
    expect(gone.statusCode).toBe(404);
    expect(await widgetItem(ID.packAnemia, 'packs')).toBeUndefined();
  });

  it('creates an exam with the next free id and a pack with its items in order', async () => {
    const options = (await get('/api/console/catalogue/options?country=cl')).json();
    const created = await send('POST', '/api/console/catalogue', NEW_EXAM);
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json() as ConsoleCatalogueItem;
    expect(exam).toMatchObject({
      id: options.next_id,
      slug: 'zinc-serico',
      kind: 'exam',
      resourcetype: 'Measure',
      more_info_path: '/wiki/zinc-serico',
    });
    // Unpriced, it is kept out of the widget until the prices section gives it a price.
    expect(await widgetItem(exam.id)).toBeUndefined();
    const pack = await send('POST', '/api/console/catalogue', {
      ...NEW_EXAM,
      kind: 'pack',
      id: 150,
      name: 'Pack huesos',
      display_name: null,
      cms_slug: null,
      item_ids: [exam.id, ID.hemograma, ID.glicemia],
    });
    expect(pack.statusCode, pack.body).toBe(201);
    expect(pack.json()).toMatchObject({ id: 150, kind: 'pack', resourcetype: null, slug: 'pack-huesos' });
    const links = await t.app.db.select().from(packItems).where(eq(packItems.packId, 150));
    expect(links.sort((a, b) => a.position - b.position).map((link) => link.itemId)).toEqual([
      exam.id,
      ID.hemograma,
      ID.glicemia,
    ]);
    // Reordered and one removed, by a coordinator.
    const edited = await send(
      'PUT',
      '/api/console/catalogue/150',
      { ...fieldsOf(pack.json()), item_ids: [ID.glicemia, exam.id] },
      coordinator,
    );
    expect(edited.json().items.map((sub: { id: number }) => sub.id)).toEqual([ID.glicemia, exam.id]);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, '150'));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'catalogue.item_created',
      'catalogue.item_updated',
    ]);
    expectRefusal(
      await send('POST', '/api/console/catalogue', { ...NEW_EXAM, id: 150, name: 'Otro' }),
      409,
      ERRORS.CONSOLE_CATALOGUE_ID_TAKEN,
    );
    expectRefusal(
      await send('POST', '/api/console/catalogue', { ...NEW_EXAM, slug: 'hemograma' }),
      409,
      ERRORS.CONSOLE_CATALOGUE_SLUG_TAKEN,
    );
  });

  it('refuses bad and hostile values with a Spanish message, and writes nothing', async () => {
    const before = await t.app.db.select().from(catalogueItems);
    const pack = await item(ID.packDiabetes);
    const bad: Array<[unknown, number, { err: string; msg: string }?]> = [
      [{ ...NEW_EXAM, name: '<script>alert(1)</script>' }, 400],
      [{ ...NEW_EXAM, name: 'x'.repeat(201) }, 400],
      [{ ...NEW_EXAM, description: 'y'.repeat(100_000) }, 400],
      [{ ...NEW_EXAM, fast_hours: -1 }, 400],
      [{ ...NEW_EXAM, results_hours: 4.5 }, 400],
      [{ ...NEW_EXAM, id: -3 }, 400],
      [{ ...NEW_EXAM, slug: '../../etc' }, 400],
      [{ ...NEW_EXAM, tags: ['ok', '<b>'] }, 400],
      [{ ...NEW_EXAM, kind: 'Panel' }, 400],
      [{ ...NEW_EXAM, skill: 'surgery' }, 400],
      [{ ...NEW_EXAM, item_ids: [ID.hemograma, ID.hemograma] }, 400],
      [{ ...NEW_EXAM, kind: 'pack', item_ids: [] }, 400, ERRORS.CONSOLE_CATALOGUE_PACK_NEEDS_ITEMS],
      [
        { ...NEW_EXAM, kind: 'vaccine', item_ids: [ID.hemograma] },
        400,
        ERRORS.CONSOLE_CATALOGUE_NO_SUB_ITEMS,
      ],
      [
        { ...NEW_EXAM, kind: 'pack', item_ids: [999_999, ID.chequeoPreventivo, ID.biometriaHematica] },
        400,
        ERRORS.consoleCatalogueUnknownItems(`999999, ${ID.chequeoPreventivo}, ${ID.biometriaHematica}`),
      ],
    ];
    for (const [body, status, entry] of bad)
      expectRefusal(await send('POST', '/api/console/catalogue', body), status, entry);
    expectRefusal(
      await send('PUT', `/api/console/catalogue/${ID.packDiabetes}`, {
        ...fieldsOf(pack),
        item_ids: [ID.glicemia, ID.packDiabetes],
      }),
      400,
      ERRORS.CONSOLE_CATALOGUE_PACK_CONTAINS_ITSELF,
    );
    expectRefusal(await send('PUT', '/api/console/catalogue/999999', fieldsOf(pack)), 404);
    expectRefusal(await send('POST', '/api/console/catalogue', NEW_EXAM, finance), 403);
    expect(await t.app.db.select().from(catalogueItems)).toEqual(before);
    expect((await item(ID.packDiabetes)).items).toEqual(pack.items);
  });

  it('sets a vaccine stock, audited; at 0 the source that follows it closes, as the widget reads it', async () => {
    const operative = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v2/operative/cajalosandes/status/' })).json();
    expect(await operative()).toEqual({ active: true, reason: null });
    const set = await send('PUT', `/api/console/catalogue/${ID.vacunaInfluenza}/stock`, { stock: 0 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ stock: 0, stock_state: 'out' });
    expect(await operative()).toEqual({ active: false, reason: 'stockout' });
    const out = (await get('/api/console/catalogue?country=cl&kind=vaccine')).json();
    expect(out.results.find((row: { id: number }) => row.id === ID.vacunaInfluenza).stock_state).toBe('out');
    const unlimited = await send('PUT', `/api/console/catalogue/${ID.vacunaInfluenza}/stock`, {
      stock: null,
    });
    expect(unlimited.json()).toMatchObject({ stock: null, stock_state: 'unlimited' });
    expect(await operative()).toEqual({ active: true, reason: null });
    for (const stock of [-1, 2.5, '10', 1e12])
      expectRefusal(await send('PUT', `/api/console/catalogue/${ID.vacunaInfluenza}/stock`, { stock }), 400);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'catalogue.stock_set'), eq(auditLog.entityId, String(ID.vacunaInfluenza))),
      );
    expect(audits.map((row) => [row.before, row.after])).toEqual(
      expect.arrayContaining([
        [{ stock: 1000 }, { stock: 0 }],
        [{ stock: 0 }, { stock: null }],
      ]),
    );
  });
});

describe.each(TEST_ENGINES)('a catalogue edit on one instance, on $name', (engine) => {
  const CACHED = { CATALOGUE_CACHE_MS: '60000' };
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp(engine, { env: CACHED });
    const config = loadConfig({ SEED: 'none', DATA_DIR: '/tmp/visita-test-unused', ...CACHED });
    second = await buildApp({ config, database: await first.testDb.openAnother() });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const listed = async (app: FastifyInstance) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/items/?ids=${ID.hemograma}&country=cl`,
    });
    return (response.json() as { results: Array<{ display_name: string | null }> }).results[0]?.display_name;
  };

  it("is read by every instance's widget at once", async () => {
    expect(await listed(second)).toBe('Hemograma completo');
    const admin = await consoleSessionFor(first.app, { role: 'admin' });
    const current = await first.app.inject({
      method: 'GET',
      url: `/api/console/catalogue/${ID.hemograma}`,
      headers: admin.headers,
    });
    const set = await first.app.inject({
      method: 'PUT',
      url: `/api/console/catalogue/${ID.hemograma}`,
      headers: admin.headers,
      payload: { ...fieldsOf(current.json()), display_name: 'Hemograma con recuento' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await expect.poll(() => listed(second), { timeout: 3000, interval: 50 }).toBe('Hemograma con recuento');
  });
});
