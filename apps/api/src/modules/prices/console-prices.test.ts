import * as ERRORS from '@visita/domain/contract/api-errors';
import {
  PRICE_CSV_HEADERS,
  PRICE_IMPORT_MAX_ROWS,
  PRICE_ROW_REFUSALS,
  type ConsolePriceDiff,
} from '@visita/domain/contract/console-prices';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { auditLog, itemPrices } from '../../db/schema.ts';
import { consoleSessionFor, type ConsoleCredentials } from '../../test-support/console-session.ts';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertCatalogueItems } from '../catalogue/queries.ts';

const HEADER = PRICE_CSV_HEADERS.join(',');
const csvOf = (...lines: string[]) => [HEADER, ...lines].join('\r\n');

describe.each(TEST_ENGINES)("the console's prices on $name", (engine) => {
  let t: TestApp;
  let admin: ConsoleCredentials;
  let coordinator: ConsoleCredentials;
  let finance: ConsoleCredentials;
  let partner: ConsoleCredentials;

  beforeAll(async () => {
    // The widget's catalogue kept for a minute, as in production: only a told change refreshes it.
    t = await createTestApp(engine, { env: { CATALOGUE_CACHE_MS: '60000' } });
    admin = await consoleSessionFor(t.app, { role: 'admin' });
    coordinator = await consoleSessionFor(t.app, { role: 'coordinator' });
    finance = await consoleSessionFor(t.app, { role: 'finance' });
    partner = await consoleSessionFor(t.app, { role: 'partner', clientId: 'demo' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, { headers }: ConsoleCredentials = admin) =>
    t.app.inject({ method: 'GET', url, headers });
  const send = (method: 'PUT' | 'POST', url: string, payload: unknown, { headers } = admin) =>
    t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  const setPrice = (body: Record<string, unknown>, who = admin) =>
    send('PUT', '/api/console/prices', { country: 'cl', ...body }, who);
  const dryRun = (body: Record<string, unknown>, who = admin) =>
    send('POST', '/api/console/prices/import', { country: 'cl', ...body }, who);
  const apply = (body: Record<string, unknown>, who = admin) =>
    send('POST', '/api/console/prices/import/apply', { country: 'cl', ...body }, who);
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
  /** What the widget quotes for an item, through the public catalogue call (the cached snapshot). */
  const widgetPrice = async (id: number, source: string, locality?: string) => {
    const query = new URLSearchParams({ ids: String(id), country: 'cl', source });
    if (locality) query.set('locality', locality);
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/items/?${query.toString()}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: Array<{ price: number }> }).results[0]?.price;
  };
  const storedPrice = async (itemId: number, source: string | null, commune: string | null) => {
    const [row] = await t.app.db
      .select()
      .from(itemPrices)
      .where(
        and(
          eq(itemPrices.itemId, itemId),
          source === null ? sql`${itemPrices.salesSource} is null` : eq(itemPrices.salesSource, source),
          commune === null ? sql`${itemPrices.commune} is null` : eq(itemPrices.commune, commune),
        ),
      );
    return row ? { price: row.price, promotion_price: row.promotionPrice } : null;
  };

  it('lists items with base price, Fonasa and the overrides of a source; only admins and coordinators', async () => {
    const response = await get('/api/console/prices?country=cl&sales_source=clinicaalemana&q=chequeo');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.sales_sources).toEqual(expect.arrayContaining(['clinicaalemana', 'redsalud', 'marketplace']));
    const chequeo = body.results.find((item: { id: number }) => item.id === ID.chequeoPreventivo);
    expect(chequeo.overrides).toEqual([
      { sales_source: null, commune: 'Talagante', price: 26490, promotion_price: null },
      { sales_source: 'clinicaalemana', commune: null, price: 27990, promotion_price: null },
      { sales_source: 'clinicaalemana', commune: 'Vitacura', price: 26990, promotion_price: null },
    ]);
    expect(chequeo).toMatchObject({ kind: 'pack', allows_fonasa: expect.any(Boolean) });
    const byId = await get(`/api/console/prices?country=cl&q=${ID.hemograma}`, coordinator);
    expect(byId.json().results.map((item: { id: number }) => item.id)).toEqual([ID.hemograma]);
    expect(byId.json().results[0]).toMatchObject({ name: 'Hemograma', price: 8990 });
    expectRefusal(await get('/api/console/prices?country=cl', finance), 403);
    expectRefusal(await get('/api/console/prices?country=cl', partner), 403);
    expectRefusal(await get('/api/console/prices?country=ar'), 400);
    expectRefusal(await get("/api/console/prices?country=cl&sales_source=x'%20or%201=1--"), 400);
  });

  it('sets one price (the commune as the gazetteer spells it), audited, quoted by the widget at once', async () => {
    // The widget answers once, and keeps that snapshot for a minute.
    expect(await widgetPrice(ID.glicemia, 'redsalud', 'Ñuñoa')).toBe(4990);
    const response = await setPrice({
      item_id: ID.glicemia,
      sales_source: 'redsalud',
      commune: 'nunoa',
      price: 4490,
      promotion_price: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().overrides).toContainEqual({
      sales_source: 'redsalud',
      commune: 'Ñuñoa',
      price: 4490,
      promotion_price: null,
    });
    expect(await widgetPrice(ID.glicemia, 'redsalud', 'Ñuñoa')).toBe(4490);
    expect(await widgetPrice(ID.glicemia, 'redsalud', 'Providencia')).toBe(4990);
    const changed = await setPrice(
      {
        item_id: ID.glicemia,
        sales_source: 'redsalud',
        commune: 'Ñuñoa',
        price: 4290,
        promotion_price: 3990,
      },
      coordinator,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await storedPrice(ID.glicemia, 'redsalud', 'Ñuñoa')).toEqual({
      price: 4290,
      promotion_price: 3990,
    });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'price.set'), eq(auditLog.entityId, String(ID.glicemia))));
    expect(audit.map((row) => [row.before, row.after])).toEqual(
      expect.arrayContaining([
        [null, { sales_source: 'redsalud', commune: 'Ñuñoa', price: 4490, promotion_price: null }],
        [
          { sales_source: 'redsalud', commune: 'Ñuñoa', price: 4490, promotion_price: null },
          { sales_source: 'redsalud', commune: 'Ñuñoa', price: 4290, promotion_price: 3990 },
        ],
      ]),
    );
  });

  it('refuses a bad price with a Spanish message and writes nothing', async () => {
    const base = { item_id: ID.glicemia, sales_source: 'redsalud', commune: null, promotion_price: null };
    for (const bad of [
      { ...base, price: -1 },
      { ...base, price: 4.5 },
      { ...base, price: '4990' },
      { ...base, price: 1e12 },
      { ...base, price: 5000, promotion_price: 5000 },
      { ...base, sales_source: null, price: 5000 },
      { ...base, sales_source: "redsalud'; drop table item_prices; --", price: 5000 },
      { ...base, item_id: 'uno', price: 5000 },
    ]) {
      const response = await setPrice(bad);
      expectRefusal(response, 400);
      expect(response.json().err).toBe('invalid-request');
    }
    expectRefusal(
      await setPrice({ ...base, sales_source: 'nadie', price: 5000 }),
      400,
      ERRORS.CONSOLE_PRICE_UNKNOWN_SOURCE,
    );
    expectRefusal(
      await setPrice({ ...base, commune: 'Atlantida', price: 5000 }),
      400,
      ERRORS.CONSOLE_PRICE_UNKNOWN_COMMUNE,
    );
    expectRefusal(
      await setPrice({ ...base, item_id: 999_999, price: 5000 }),
      404,
      ERRORS.CONSOLE_PRICE_ITEM_NOT_FOUND,
    );
    // An item of Mexico is not Chile's.
    expectRefusal(
      await setPrice({ ...base, item_id: 200, price: 5000 }),
      404,
      ERRORS.CONSOLE_PRICE_ITEM_NOT_FOUND,
    );
    expectRefusal(await setPrice({ ...base, price: 5000 }, finance), 403);
    expect(await storedPrice(ID.glicemia, 'redsalud', null)).toBeNull();
  });

  it('exports the prices as CSV, a formula never left to run in a spreadsheet', async () => {
    await insertCatalogueItems(t.app.db, [
      {
        id: 9001,
        name: '=HYPERLINK("http://malo.example","clic")',
        slug: 'formula-item',
        category: 'Pruebas',
        country: 'cl',
        price: 1000,
      },
    ]);
    await t.app.db
      .insert(itemPrices)
      .values({ itemId: 9001, salesSource: 'redsalud', commune: null, price: 900 });
    const response = await get('/api/console/prices.csv?country=cl&sales_source=redsalud');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="precios-cl-redsalud.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain(`${ID.perfilLipidico},Perfil lipídico,redsalud,,11990,9990`);
    expect(lines).toContain('9001,"\'=HYPERLINK(""http://malo.example"",""clic"")",redsalud,,900,');
    expect(lines.every((line, index) => index === 0 || line.includes(',redsalud,'))).toBe(true);
    expectRefusal(await get('/api/console/prices.csv?country=cl', partner), 403);
  });

  it('answers a dry run: added, changed, unchanged and every refused row with its reason; writes nothing', async () => {
    const file = csvOf(
      `${ID.hemograma},Hemograma,redsalud,,7990,`,
      `${ID.perfilLipidico},Perfil lipídico,redsalud,,11490,9490`,
      `${ID.orinaCompleta},Orina completa,redsalud,,6490,`,
      `999999,No existe,redsalud,,1000,`,
      `abc,Id malo,redsalud,,1000,`,
      `${ID.glicemia},Glicemia,redsalud,Las Condes,9.990,`,
      `${ID.glicemia},Glicemia,redsalud,Providencia,-100,`,
      `${ID.glicemia},Glicemia,redsalud,Vitacura,=1+1,`,
      `${ID.glicemia},Glicemia,redsalud,La Reina,,`,
      `${ID.glicemia},Glicemia,redsalud,Macul,5000,5000`,
      `${ID.glicemia},Glicemia,nadie,,1000,`,
      `${ID.glicemia},Glicemia,"redsalud'; DROP TABLE item_prices; --",,1000,`,
      `${ID.glicemia},Glicemia,redsalud,Gotham,1000,`,
      `${ID.glicemia},Glicemia,,,1000,`,
      `${ID.glicemia},Glicemia,redsalud`,
      `${ID.perfilBioquimico},Perfil bioquímico,redsalud,,20000,`,
      `${ID.perfilBioquimico},Perfil bioquímico,redsalud,,21000,`,
      `${ID.curvaGlucosa},Curva,@SUM(1+1),,1000,`,
    );
    const response = await dryRun({ csv: file });
    expect(response.statusCode, response.body).toBe(200);
    const diff = response.json() as ConsolePriceDiff;
    expect(diff).toMatchObject({ country: 'cl', covers_source: null, rows: 18, unchanged: 1, removed: [] });
    expect(diff.added).toEqual([
      {
        line: 2,
        item_id: ID.hemograma,
        item_name: 'Hemograma',
        sales_source: 'redsalud',
        commune: null,
        new: { price: 7990, promotion_price: null },
      },
    ]);
    expect(diff.changed).toEqual([
      {
        line: 3,
        item_id: ID.perfilLipidico,
        item_name: 'Perfil lipídico',
        sales_source: 'redsalud',
        commune: null,
        old: { price: 11990, promotion_price: 9990 },
        new: { price: 11490, promotion_price: 9490 },
      },
    ]);
    expect(diff.refused.map((row) => [row.line, row.reason])).toEqual([
      [5, 'unknown_item'],
      [6, 'bad_item_id'],
      [7, 'bad_price'],
      [8, 'negative_price'],
      [9, 'bad_price'],
      [10, 'missing_price'],
      [11, 'promotion_not_lower'],
      [12, 'unknown_source'],
      [13, 'unknown_source'],
      [14, 'unknown_commune'],
      [15, 'no_source_nor_commune'],
      [16, 'wrong_columns'],
      [17, 'duplicate'],
      [18, 'duplicate'],
      [19, 'unknown_source'],
    ]);
    for (const row of diff.refused) expect(row.message).toBe(PRICE_ROW_REFUSALS[row.reason]);
    expect(diff.refused.find((row) => row.line === 9)?.cells[4]).toBe('=1+1');
    expect(diff.diff_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await storedPrice(ID.hemograma, 'redsalud', null)).toBeNull();
    expect(await storedPrice(ID.perfilLipidico, 'redsalud', null)).toEqual({
      price: 11990,
      promotion_price: 9990,
    });
    // The same file gives the same hash; the table is still there.
    expect((await dryRun({ csv: file })).json().diff_hash).toBe(diff.diff_hash);
  });

  it('removes only what a file covering a whole source leaves out, never a price a refused row names', async () => {
    const file = csvOf(
      `${ID.hemograma},Hemograma,clinicaalemana,,9990,`,
      `${ID.perfilLipidico},Perfil lipídico,clinicaalemana,,abc,`,
      `${ID.glicemia},Glicemia,redsalud,,1000,`,
    );
    const response = await dryRun({ csv: file, covers_source: 'clinicaalemana' });
    expect(response.statusCode, response.body).toBe(200);
    const diff = response.json() as ConsolePriceDiff;
    expect(diff.unchanged).toBe(1);
    expect(diff.refused.map((row) => [row.line, row.reason])).toEqual([
      [3, 'bad_price'],
      [4, 'other_source'],
    ]);
    const removed = diff.removed.map((row) => [row.item_id, row.commune]);
    expect(removed).toEqual(
      expect.arrayContaining([
        [ID.glicemia, null],
        [ID.orinaCompleta, null],
        [ID.chequeoPreventivo, null],
        [ID.chequeoPreventivo, 'Vitacura'],
        [ID.estudioCariotipo, null],
      ]),
    );
    expect(removed).not.toContainEqual([ID.perfilLipidico, null]);
    expect(diff.removed.every((row) => row.sales_source === 'clinicaalemana')).toBe(true);
    expectRefusal(
      await dryRun({ csv: file, covers_source: 'nadie' }),
      400,
      ERRORS.CONSOLE_PRICE_UNKNOWN_SOURCE,
    );
  });

  it('applies a reviewed file in one transaction, audited, and the widget quotes it at once', async () => {
    expect(await widgetPrice(ID.orinaCompleta, 'redsalud')).toBe(6490);
    const file = csvOf(
      `${ID.orinaCompleta},Orina completa,redsalud,,5990,`,
      `${ID.hemograma},Hemograma,cajalosandes,Puente Alto,8490,7990`,
      `999999,No existe,redsalud,,1000,`,
    );
    const diff = (await dryRun({ csv: file })).json() as ConsolePriceDiff;
    const response = await apply({ csv: file, diff_hash: diff.diff_hash });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ added: 1, changed: 1, removed: 0, refused: 1 });
    expect(await storedPrice(ID.orinaCompleta, 'redsalud', null)).toEqual({
      price: 5990,
      promotion_price: null,
    });
    expect(await storedPrice(ID.hemograma, 'cajalosandes', 'Puente Alto')).toEqual({
      price: 8490,
      promotion_price: 7990,
    });
    expect(await widgetPrice(ID.orinaCompleta, 'redsalud')).toBe(5990);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'prices.imported'), eq(auditLog.entityId, 'cl')));
    expect(audit?.after).toMatchObject({
      country: 'cl',
      diff_hash: diff.diff_hash,
      refused: 1,
      added: [[ID.hemograma, 'cajalosandes', 'Puente Alto', 8490, 7990]],
      changed: [[ID.orinaCompleta, 'redsalud', null, 5990, null]],
    });
    expect(audit?.before).toMatchObject({ changed: [[ID.orinaCompleta, 'redsalud', null, 6490, null]] });
    expect(audit?.operatorId).toBe(admin.operatorId);
    // Applied again with the same hash: the diff is now another (nothing to add), so it is refused.
    expectRefusal(
      await apply({ csv: file, diff_hash: diff.diff_hash }),
      409,
      ERRORS.CONSOLE_PRICE_IMPORT_STALE,
    );
  });

  it('refuses the apply when the prices changed since the dry run, and writes nothing', async () => {
    const file = csvOf(
      `${ID.curvaGlucosa},Curva,redsalud,,15000,`,
      `${ID.glicemia},Glicemia,redsalud,Macul,3990,`,
    );
    const diff = (await dryRun({ csv: file })).json() as ConsolePriceDiff;
    expect(diff.added).toHaveLength(2);
    const meanwhile = await setPrice({
      item_id: ID.glicemia,
      sales_source: 'redsalud',
      commune: 'Macul',
      price: 3890,
      promotion_price: null,
    });
    expect(meanwhile.statusCode).toBe(200);
    expectRefusal(
      await apply({ csv: file, diff_hash: diff.diff_hash }),
      409,
      ERRORS.CONSOLE_PRICE_IMPORT_STALE,
    );
    expect(await storedPrice(ID.curvaGlucosa, 'redsalud', null)).toBeNull();
    expect(await storedPrice(ID.glicemia, 'redsalud', 'Macul')).toEqual({
      price: 3890,
      promotion_price: null,
    });
    expectRefusal(await apply({ csv: file, diff_hash: 'abc' }), 400);
    expectRefusal(await apply({ csv: file, diff_hash: diff.diff_hash }, finance), 403);
  });

  it("imports a file of 1,200 rows: each written once, its answer whole, the removed rows in the export's order", async () => {
    const source = 'lote-prueba';
    const names = ['Ñandú', 'ábaco', 'Zeta', 'árbol', 'nube', 'Ola'];
    await insertCatalogueItems(
      t.app.db,
      Array.from({ length: 1200 }, (_, index) => ({
        id: 20_000 + index,
        name: `${names[index % names.length]} ${index}`,
        slug: `lote-${index}`,
        category: 'Pruebas',
        country: 'cl' as const,
        price: 1000,
      })),
    );
    // Stored before: 400 rows the file changes, 300 it leaves alone, 100 it leaves out (removed).
    await t.app.db.insert(itemPrices).values(
      Array.from({ length: 800 }, (_, index) => ({
        itemId: 20_000 + index,
        salesSource: source,
        commune: index % 2 === 0 ? null : 'Ñuñoa',
        price: 5000 + index,
      })),
    );
    const lines = Array.from({ length: 1100 }, (_, index) => {
      const commune = index < 800 && index % 2 === 1 ? 'Ñuñoa' : '';
      const price = index < 400 ? 6000 + index : 5000 + index;
      const promotion = index >= 800 && index % 3 === 0 ? String(4000 + index) : '';
      return `${20_000 + (index < 700 ? index : index + 100)},x,${source},${commune},${price},${promotion}`;
    });
    const file = csvOf(...lines);
    const response = await dryRun({ csv: file, covers_source: source });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const diff = response.json() as ConsolePriceDiff;
    expect(diff).toMatchObject({ rows: 1100, unchanged: 300, refused: [] });
    expect(diff.changed).toHaveLength(400);
    expect(diff.added).toHaveLength(400);
    expect(diff.changed[399]).toMatchObject({ line: 401, item_id: 20_399, old: { price: 5399 } });
    expect(diff.added[0]).toMatchObject({ line: 702, item_id: 20_800, sales_source: source, commune: null });
    expect(diff.added[0]?.new).toEqual({ price: 5700, promotion_price: null });
    const removed = diff.removed.map((row) => row.item_name);
    expect(removed).toHaveLength(100);
    expect(removed).toEqual([...removed].sort(new Intl.Collator('es').compare));
    expect(diff.diff_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await dryRun({ csv: file, covers_source: source })).json().diff_hash).toBe(diff.diff_hash);

    const applied = await apply({ csv: file, covers_source: source, diff_hash: diff.diff_hash });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ added: 400, changed: 400, removed: 100, refused: 0 });
    const stored = await t.app.db.select().from(itemPrices).where(eq(itemPrices.salesSource, source));
    expect(stored).toHaveLength(1100);
    const byItem = new Map(stored.map((row) => [row.itemId, row]));
    expect(byItem.get(20_001)).toMatchObject({ commune: 'Ñuñoa', price: 6001, promotionPrice: null });
    expect(byItem.get(20_500)).toMatchObject({ commune: null, price: 5500 });
    expect(byItem.get(20_700)).toBeUndefined();
    expect(byItem.get(20_901)).toMatchObject({ commune: null, price: 5801, promotionPrice: 4801 });
    // Reviewed again, the same file now changes nothing.
    const again = (await dryRun({ csv: file, covers_source: source })).json() as ConsolePriceDiff;
    expect(again).toMatchObject({ unchanged: 1100, added: [], changed: [], removed: [] });

    // A source stored by other means with characters an array literal quotes: written intact.
    const odd = 'fuente "rara" \\ {x, y} null';
    await t.app.db.insert(itemPrices).values({ itemId: 21_000, salesSource: odd, commune: null, price: 100 });
    const oddFile = csvOf(
      `21001,x,"${odd.replaceAll('"', '""')}",,200,`,
      `21002,x,"${odd.replaceAll('"', '""')}",Ñuñoa,300,250`,
    );
    const oddDiff = (await dryRun({ csv: oddFile })).json() as ConsolePriceDiff;
    expect(oddDiff.added.map((row) => row.sales_source)).toEqual([odd, odd]);
    const oddApplied = await apply({ csv: oddFile, diff_hash: oddDiff.diff_hash });
    expect(oddApplied.json()).toEqual({ added: 2, changed: 0, removed: 0, refused: 0 });
    expect(await storedPrice(21_001, odd, null)).toEqual({ price: 200, promotion_price: null });
    expect(await storedPrice(21_002, odd, 'Ñuñoa')).toEqual({ price: 300, promotion_price: 250 });
  });

  it('imports its own export back unchanged (BOM, quotes and formula-escaped cells included)', async () => {
    const exported = await get('/api/console/prices.csv?country=cl&sales_source=redsalud');
    expect(exported.statusCode).toBe(200);
    expect(exported.body.startsWith('\uFEFF')).toBe(true);
    const rows = exported.body.trim().split('\r\n').length - 1;
    const response = await dryRun({ csv: exported.body, covers_source: 'redsalud' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      rows,
      unchanged: rows,
      added: [],
      changed: [],
      removed: [],
      refused: [],
    });
  });

  it('reads an inch mark in a name as itself, and names the line a broken quote is on, in a file read over many turns', async () => {
    const inch = await dryRun({ csv: csvOf(`${ID.hemograma},Tubo 5"x,redsalud,,7990,`) });
    expect(inch.statusCode, inch.body).toBe(200);
    expect((inch.json() as ConsolePriceDiff).added).toEqual([
      expect.objectContaining({ line: 2, item_id: ID.hemograma, sales_source: 'redsalud' }),
    ]);
    // A broken line in the first of several turns of the parser, the rest of the file after it:
    // the failure is this request's 400, and both the review and the apply say where it is.
    const filler = Array.from(
      { length: 3000 },
      (_, index) => `${30_000 + index},Examen ${index},redsalud,,1000,`,
    );
    const huge = `${ID.hemograma},${'x'.repeat(20_000)},redsalud,,7990,`;
    const broken = csvOf(huge, ...filler);
    expect(broken.length).toBeGreaterThan(64 * 1024);
    expectRefusal(await dryRun({ csv: broken }), 400, ERRORS.consolePriceImportBadCsvAt(2));
    expectRefusal(
      await apply({ csv: broken, diff_hash: '0'.repeat(64) }),
      400,
      ERRORS.consolePriceImportBadCsvAt(2),
    );
    const middle = csvOf(...filler.slice(0, 1500), huge, ...filler.slice(1500));
    expectRefusal(await dryRun({ csv: middle }), 400, ERRORS.consolePriceImportBadCsvAt(1502));
    // The server answers on: the failure was this request's.
    expect((await get('/api/console/prices?country=cl&q=hemograma')).statusCode).toBe(200);
  });

  it('refuses files an attacker would send: wrong columns, broken quotes, empty, too many rows, too big', async () => {
    expectRefusal(
      await dryRun({ csv: 'id,precio\r\n1,1000' }),
      400,
      ERRORS.consolePriceImportBadHeader(PRICE_CSV_HEADERS),
    );
    expectRefusal(
      await dryRun({ csv: csvOf().replace('Precio,', 'Costo,') + '\r\n1,x,redsalud,,1,' }),
      400,
      ERRORS.consolePriceImportBadHeader(PRICE_CSV_HEADERS),
    );
    expectRefusal(
      await dryRun({ csv: csvOf('1,"Hemograma,redsalud,,1000,') }),
      400,
      ERRORS.consolePriceImportBadCsvAt(2),
    );
    expectRefusal(await dryRun({ csv: csvOf() }), 400, ERRORS.CONSOLE_PRICE_IMPORT_NO_ROWS);
    expectRefusal(await dryRun({ csv: '' }), 400);
    expectRefusal(await dryRun({ csv: 12 }), 400);
    expectRefusal(await dryRun({ csv: csvOf('1,a,redsalud,,1,'), country: 'cl; drop table' }), 400);
    const many = Array.from({ length: PRICE_IMPORT_MAX_ROWS + 1 }, (_, index) => `${index},x,redsalud,,1,`);
    expectRefusal(
      await dryRun({ csv: csvOf(...many) }),
      413,
      ERRORS.consolePriceImportTooManyRows(PRICE_IMPORT_MAX_ROWS),
    );
    // Over the file's characters but under the route's body limit: the schema refuses it.
    const big = await dryRun({ csv: csvOf(`1,${'x'.repeat(1_000_001)},redsalud,,1,`) });
    expectRefusal(big, 400);
    expect(big.json().msg).toContain('demasiado grande');
    // Over the route's body limit: refused before it is read.
    const huge = await dryRun({ csv: 'x'.repeat(3_000_000) });
    expectRefusal(huge, 413, ERRORS.PAYLOAD_TOO_LARGE);
    // A spreadsheet in Spanish saves with semicolons: read as well.
    const semicolons = await dryRun({
      csv: [PRICE_CSV_HEADERS.join(';'), `${ID.hemograma};Hemograma;redsalud;;7790;`].join('\n'),
    });
    expect(semicolons.statusCode, semicolons.body).toBe(200);
    expect(semicolons.json().added).toHaveLength(1);
    // Without the session, nothing is said about the route.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/console/prices/import',
      payload: { country: 'cl', csv: csvOf() },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});

describe.each(TEST_ENGINES)('a price set on one instance, on $name', (engine) => {
  // Both instances keep the catalogue for a minute, as in production: only a told change refreshes it.
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

  const quoted = async (app: FastifyInstance) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/items/?ids=${ID.glicemia}&country=cl&source=confuturo`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: Array<{ price: number }> }).results[0]?.price;
  };

  it("is quoted by every instance's widget at once, and so is an import", async () => {
    expect(await quoted(second)).toBe(4990);
    const admin = await consoleSessionFor(first.app, { role: 'admin' });
    const set = await first.app.inject({
      method: 'PUT',
      url: '/api/console/prices',
      headers: admin.headers,
      payload: {
        country: 'cl',
        item_id: ID.glicemia,
        sales_source: 'confuturo',
        commune: null,
        price: 4590,
        promotion_price: null,
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    await expect.poll(() => quoted(second), { timeout: 3000, interval: 50 }).toBe(4590);

    const csv = csvOf(`${ID.glicemia},Glicemia,confuturo,,4390,`);
    const dry = await first.app.inject({
      method: 'POST',
      url: '/api/console/prices/import',
      headers: admin.headers,
      payload: { country: 'cl', csv },
    });
    const applied = await first.app.inject({
      method: 'POST',
      url: '/api/console/prices/import/apply',
      headers: admin.headers,
      payload: { country: 'cl', csv, diff_hash: (dry.json() as ConsolePriceDiff).diff_hash },
    });
    expect(applied.json()).toEqual({ added: 0, changed: 1, removed: 0, refused: 0 });
    await expect.poll(() => quoted(second), { timeout: 3000, interval: 50 }).toBe(4390);
    expect(await quoted(first.app)).toBe(4390);
  });
});
