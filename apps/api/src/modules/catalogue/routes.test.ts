import {
  type CatalogueItem,
  itemsAnswerSchema,
  packsAnswerSchema,
  searchAnswerSchema,
} from '@visita/domain/contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_CATALOGUE, DEMO_ITEM_IDS as ID } from '../../db/seed/demo-catalogue-items.ts';
import { insertCatalogueItems, insertItemPrices } from './queries.ts';
import { SEARCH_LIMIT } from './service.ts';

describe.each(TEST_ENGINES)('catalogue calls on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api${url}` });
    return { status: response.statusCode, body: response.json(), raw: response.body };
  };
  const search = async (query: string) => {
    const { status, body } = await get(`/v2/search/client/?${query}`);
    expect(status).toBe(200);
    const answer = searchAnswerSchema.parse(body);
    expect(answer).toEqual(body);
    return answer.data;
  };
  const names = (data: CatalogueItem[]) => data.map((item) => item.name);

  describe('demo catalogue', () => {
    it('has at least 30 Chilean items, 5 packs with sub-items and 15 Mexican items', () => {
      const cl = DEMO_CATALOGUE.filter((item) => item.country === 'cl');
      expect(
        cl.filter((item) => item.resourcetype && item.price !== null && item.active !== false).length,
      ).toBeGreaterThanOrEqual(30);
      expect(cl.filter((item) => !item.resourcetype && item.price !== null)).toHaveLength(5);
      expect(
        DEMO_CATALOGUE.filter((item) => item.country === 'mx' && item.resourcetype).length,
      ).toBeGreaterThanOrEqual(15);
      const ids = DEMO_CATALOGUE.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it.each([
      ['cl', 'hemograma', ID.hemograma],
      ['cl', 'perfil-lipidico', ID.perfilLipidico],
      ['cl', 'glicemia', ID.glicemia],
      ['cl', 'orina-completa', ID.orinaCompleta],
      ['cl', 'vacuna-contra-influenza', ID.vacunaInfluenza],
      ['cl', 'chequeo-preventivo', ID.chequeoPreventivo],
      ['mx', 'biometria-hematica', ID.biometriaHematica],
    ])('holds the slug other seeds look up: %s %s', (country, slug, id) => {
      expect(DEMO_CATALOGUE.find((item) => item.country === country && item.slug === slug)?.id).toBe(id);
    });
  });

  describe('GET /api/v2/items/', () => {
    it('answers the requested items in their order, with every field', async () => {
      const { status, body } = await get('/v2/items/?ids=3&ids=1&country=cl');
      expect(status).toBe(200);
      expect(itemsAnswerSchema.parse(body)).toEqual(body);
      expect(body.results.map((item: { id: number }) => item.id)).toEqual([3, 1]);
      const [glicemia, hemograma] = body.results;
      expect(Object.keys(hemograma).sort()).toEqual(
        [
          'id',
          'name',
          'short_name',
          'display_name',
          'description',
          'slug',
          'price',
          'is_promotion',
          'promotion_price',
          'category',
          'active',
          'country',
          'measures',
          'stackable',
          'fast_hours',
          'results_hours',
          'cms_data',
          'fonasa_copayment',
          'fonasa_price',
          'allows_fonasa',
          'image',
          'tags',
          'resourcetype',
          'allows_more_items_in_cart',
          'is_familiar',
          'number_of_patients',
          'service_fee',
          'fonasa_service_fee',
          'results_on_business_days',
        ].sort(),
      );
      expect(hemograma).toMatchObject({
        name: 'Hemograma',
        resourcetype: 'Panel',
        price: 8990,
        allows_fonasa: true,
        fonasa_price: 3260,
        fonasa_copayment: 1630,
        cms_data: { slug: 'hemograma' },
        measures: [
          { id: 20, name: 'Hematocrito' },
          { id: 21, name: 'Hemoglobina' },
          { id: 22, name: 'Recuento de plaquetas' },
          { id: 23, name: 'Velocidad de sedimentación' },
        ],
      });
      expect(glicemia).toMatchObject({ resourcetype: 'Measure', fast_hours: 8, results_hours: 24 });
      expect(glicemia).not.toHaveProperty('items');
      expect(glicemia).not.toHaveProperty('measures');
    });

    it('accepts the ids as a comma list and drops duplicates', async () => {
      const { body } = await get('/v2/items/?ids=1,2&ids=1&country=cl');
      expect(body.results.map((item: { id: number }) => item.id)).toEqual([1, 2]);
    });

    it.each([
      ['no source', '', 12990, false, null],
      ['clinicaalemana', '&source=clinicaalemana', 14490, false, null],
      ['redsalud (a promotion)', '&source=redsalud', 11990, true, 9990],
      ['an unknown source', '&source=otra', 12990, false, null],
    ])('prices the lipid profile for %s', async (_case, query, price, isPromotion, promotionPrice) => {
      const { body } = await get(`/v2/items/?ids=2&country=cl${query}`);
      expect(body.results[0]).toMatchObject({
        price,
        is_promotion: isPromotion,
        promotion_price: promotionPrice,
      });
    });

    it('uses the commune price, and the source-and-commune one above it', async () => {
      expect((await get('/v2/items/?ids=1&country=cl&locality=Talagante')).body.results[0].price).toBe(9490);
      expect((await get('/v2/items/?ids=1&country=cl&locality=Las%20Condes')).body.results[0].price).toBe(
        8990,
      );
      expect(
        (await get('/v2/packs/?ids=100&country=cl&source=clinicaalemana&locality=Vitacura')).body[0].price,
      ).toBe(26990);
      expect((await get('/v2/packs/?ids=100&country=cl&source=clinicaalemana')).body[0].price).toBe(27990);
    });

    it('leaves out unpriced, inactive, foreign-country, pack and unknown ids', async () => {
      const { body } = await get(
        `/v2/items/?ids=${ID.estudioCariotipo},${ID.perfilReumatologico},200,100,99999,3&country=cl`,
      );
      expect(body.results.map((item: { id: number }) => item.id)).toEqual([3]);
    });

    it('answers an item priced only for a partner to that partner', async () => {
      const { body } = await get(`/v2/items/?ids=${ID.estudioCariotipo}&country=cl&source=clinicaalemana`);
      expect(body.results).toMatchObject([{ id: ID.estudioCariotipo, price: 189990 }]);
    });

    it('answers the familiar vaccine, the vaccine with its stock source price and the single-item exam', async () => {
      const { body } = await get(
        `/v2/items/?ids=${ID.vacunaInfluenzaFamiliar},${ID.curvaGlucosa},${ID.vacunaInfluenza}&country=cl&source=cajalosandes`,
      );
      const [familiar, curva, influenza] = body.results;
      expect(familiar).toMatchObject({ is_familiar: true, number_of_patients: 2, category: 'vaccine' });
      expect(curva).toMatchObject({ allows_more_items_in_cart: false });
      // The fund's promotion: $6.990 plus the home-service fee.
      expect(influenza).toMatchObject({
        slug: 'vacuna-contra-influenza',
        price: 6990,
        allows_more_items_in_cart: true,
      });
    });

    it('answers Mexican items in pesos', async () => {
      const { body } = await get(`/v2/items/?ids=${ID.biometriaHematica},201&country=mx`);
      expect(body.results).toMatchObject([
        { name: 'Biometría hemática', price: 260, country: 'mx' },
        {
          name: 'Química sanguínea de 6 elementos',
          price: 450,
          measures: expect.arrayContaining([{ id: 202, name: 'Glucosa' }]),
        },
      ]);
      expect(
        (await get(`/v2/items/?ids=${ID.biometriaHematica}&country=mx&source=laboratoriochopo`)).body
          .results[0].price,
      ).toBe(230);
    });

    it("answers nothing found as an empty list, and without ids the country's items", async () => {
      expect((await get('/v2/items/?ids=99999&country=cl')).body).toEqual({ results: [] });
      const all = (await get('/v2/items/?country=mx')).body.results;
      expect(all.length).toBeGreaterThanOrEqual(15);
      expect(
        all.every(
          (item: { country: string; resourcetype?: string }) => item.country === 'mx' && item.resourcetype,
        ),
      ).toBe(true);
    });
  });

  describe('GET /api/v2/packs/', () => {
    it('answers a list of packs with their sub-items and no resourcetype', async () => {
      const { status, body } = await get(
        `/v2/packs/?ids=${ID.chequeoPreventivo}&ids=${ID.packDiabetes}&country=cl`,
      );
      expect(status).toBe(200);
      expect(packsAnswerSchema.parse(body)).toEqual(body);
      expect(body).toHaveLength(2);
      expect(body[0]).toMatchObject({
        id: 100,
        slug: 'chequeo-preventivo',
        category: 'pack',
        price: 24990,
        items: [
          { id: 1, name: 'Hemograma' },
          { id: 2, name: 'Perfil lipídico' },
          { id: 3, name: 'Glicemia' },
          { id: 9, name: 'Orina completa' },
        ],
      });
      expect(body[0]).not.toHaveProperty('resourcetype');
    });

    it("keeps only priced packs, and lists the country's packs without ids", async () => {
      expect(
        (await get(`/v2/packs/?ids=${ID.packControlPrenatal},${ID.packTiroides}&country=cl`)).body.map(
          (p: { id: number }) => p.id,
        ),
      ).toEqual([ID.packTiroides]);
      const all = (await get('/v2/packs/?country=cl')).body;
      expect(all.map((p: { slug: string }) => p.slug).sort()).toEqual([
        'chequeo-cardiovascular',
        'chequeo-preventivo',
        'pack-anemia',
        'pack-diabetes',
        'pack-tiroides',
      ]);
      expect((await get('/v2/packs/?country=mx')).body.map((p: { id: number }) => p.id)).toEqual([
        ID.checkUpBasicoMx,
      ]);
    });

    it('answers a pack promotion', async () => {
      expect((await get(`/v2/packs/?ids=${ID.packTiroides}&country=cl`)).body[0]).toMatchObject({
        price: 32990,
        is_promotion: true,
        promotion_price: 29990,
      });
    });

    it('does not answer an item as a pack', async () => {
      expect((await get('/v2/packs/?ids=1&country=cl')).body).toEqual([]);
    });
  });

  describe('GET /api/v2/search/client/', () => {
    it.each([
      ['hemograma', 'Hemograma'],
      ['Perfil lipidico', 'Perfil lipídico'],
      ['GLICEMIA', 'Glicemia'],
      ['perfil lipídico', 'Perfil lipídico'],
      ['ÁCIDO URICO', 'Ácido úrico'],
      ['tsh', 'Hormona tiroestimulante (TSH)'],
      ['pcr', 'Proteína C reactiva'],
    ])('finds %j first as %j', async (query, first) => {
      const data = await search(`query=${encodeURIComponent(query)}&country=Chile`);
      expect(data[0]?.name).toBe(first);
    });

    it('ranks exact name, then name prefix, then word prefix, then contains; ties by name', async () => {
      const data = await search('query=glicemia&country=Chile');
      // Exact, then the packs and panels that hold the word in their tags or short name only.
      expect(data[0]?.name).toBe('Glicemia');
      const hemo = names(await search('query=hemo&country=Chile'));
      expect(hemo.slice(0, 3)).toEqual(['Hemoglobina', 'Hemoglobina glicosilada', 'Hemograma']);
      const colesterol = names(await search('query=colesterol&country=Chile'));
      expect(colesterol.slice(0, 3)).toEqual(['Colesterol HDL', 'Colesterol LDL', 'Colesterol total']);
      // 'Perfil lipídico' is found by its short name 'Colesterol y triglicéridos' (a word prefix).
      expect(colesterol).toContain('Perfil lipídico');
      const tri = names(await search('query=trigli&country=Chile'));
      expect(tri[0]).toBe('Triglicéridos');
    });

    it('needs every word of the query to match, in any field', async () => {
      expect(names(await search('query=colesterol%20hdl&country=Chile'))).toEqual(['Colesterol HDL']);
      expect(await search('query=hemograma%20inexistente&country=Chile')).toEqual([]);
      // A tag ('diabetes') and a category word ('vacuna') find items too.
      expect(names(await search('query=diabetes&country=Chile'))).toContain('Pack diabetes');
      const vaccines = await search('query=vacuna%20influenza&country=Chile');
      expect(vaccines.map((item) => item.slug)).toEqual([
        'vacuna-contra-influenza',
        'vacunacion-familiar-influenza',
      ]);
    });

    it('filters by category (all means none) and by country', async () => {
      const vaccines = await search('category=vaccine&country=Chile');
      expect(vaccines.length).toBeGreaterThanOrEqual(5);
      expect(vaccines.every((item) => item.category === 'vaccine')).toBe(true);
      const all = await search('category=all&country=Chile&query=influenza');
      expect(all.map((item) => item.id)).toEqual([ID.vacunaInfluenza, ID.vacunaInfluenzaFamiliar]);
      // 'all' is sent as a null category: absent, or written out as 'null'.
      expect(await search('country=Chile&query=influenza')).toEqual(all);
      expect(await search('category=null&country=Chile&query=influenza')).toEqual(all);
      expect(await search('category=&country=Chile&query=influenza')).toEqual(all);
      const mx = await search(
        `query=${encodeURIComponent('biometría')}&country=${encodeURIComponent('México')}`,
      );
      expect(mx.map((item) => item.id)).toEqual([ID.biometriaHematica]);
      expect(await search('query=hemograma&country=M%C3%A9xico')).toEqual([]);
      expect((await search('query=biometria&country=mexico')).length).toBeGreaterThan(0);
    });

    it('answers packs with their items and panels with their measures', async () => {
      const [pack] = await search('query=chequeo%20preventivo&country=Chile');
      expect(pack).toMatchObject({ id: ID.chequeoPreventivo, items: expect.any(Array) });
      expect(pack?.items).toHaveLength(4);
      const [panel] = await search('query=perfil%20lipidico&country=Chile');
      expect(panel?.measures).toHaveLength(4);
    });

    it('prices for the source and the commune', async () => {
      const price = async (query: string) =>
        (await search(`query=hemograma&country=Chile${query}`))[0]?.price;
      expect(await price('')).toBe(8990);
      expect(await price('&source=clinicaalemana')).toBe(9990);
      expect(await price('&commune=Talagante')).toBe(9490);
      expect(await price('&source=clinicaalemana&commune=Talagante')).toBe(9990);
      expect(await price('&source=marketplace&commune=Las%20Condes')).toBe(8990);
    });

    it('never answers unpriced or inactive entries, unless a source prices them', async () => {
      expect(await search('query=cariotipo&country=Chile')).toEqual([]);
      expect(await search('query=reumatologico&country=Chile')).toEqual([]);
      expect(await search('query=prenatal&country=Chile')).toEqual([]);
      expect(names(await search('query=cariotipo&country=Chile&source=clinicaalemana'))).toEqual([
        'Estudio de cariotipo',
      ]);
    });

    it('with show_all=false restricts to item_ids; otherwise item_ids change nothing', async () => {
      expect((await search('country=Chile&show_all=false&item_ids=3,1,50')).map((item) => item.id)).toEqual([
        3, 1, 50,
      ]);
      expect(
        (await search('query=hemo&country=Chile&show_all=false&item_ids=1,3')).map((item) => item.id),
      ).toEqual([1]);
      expect((await search('query=hemo&country=Chile&show_all=true&item_ids=1')).length).toBeGreaterThan(1);
      expect((await search('query=hemo&country=Chile&show_all=false')).length).toBeGreaterThan(1);
    });

    it(`answers at most ${SEARCH_LIMIT} entries, by name without a query`, async () => {
      const data = await search('country=Chile');
      expect(data).toHaveLength(SEARCH_LIMIT);
      expect(data[0]?.name).toBe('Ácido úrico');
    });

    it('scales: 300 more items still answer the best match first, within the limit', async () => {
      const { db } = t.testDb.database;
      await insertCatalogueItems(
        db,
        Array.from({ length: 300 }, (_, index) => ({
          id: 5000 + index,
          name: `Examen de prueba ${index} hemograma`,
          slug: `examen-de-prueba-${index}`,
          category: 'exam',
          country: 'cl' as const,
          resourcetype: 'Measure' as const,
          price: 1000 + index,
        })),
      );
      await insertItemPrices(db, [{ itemId: 5001, salesSource: 'redsalud', commune: null, price: 1 }]);
      const data = await search('query=hemograma&country=Chile&source=redsalud');
      expect(data).toHaveLength(SEARCH_LIMIT);
      expect(data[0]?.name).toBe('Hemograma');
      expect(data.find((item) => item.id === 5001)?.price).toBe(1);
    });
  });

  describe('bad input', () => {
    it.each([
      ['items without a country', '/v2/items/?ids=1', /país \(country\)/],
      ['items with an unknown country', '/v2/items/?ids=1&country=ar', /país \(country\)/],
      ['packs with a country name', '/v2/packs/?ids=1&country=Chile', /país \(country\)/],
      ['non-numeric ids', '/v2/items/?ids=abc&country=cl', /números enteros/],
      ['a negative id', '/v2/items/?ids=-1&country=cl', /números enteros/],
      ['an id beyond the integer range', '/v2/items/?ids=99999999999&country=cl', /números enteros/],
      ['SQL in the ids', `/v2/items/?ids=${encodeURIComponent('1 OR 1=1')}&country=cl`, /números enteros/],
      [
        '1000 repeated ids',
        `/v2/items/?${Array.from({ length: 1000 }, (_, i) => `ids=${i}`).join('&')}&country=cl`,
        /hasta 200/,
      ],
      ['search without a country', '/v2/search/client/?query=hemo', /país \(country\)/],
      [
        'search with an unknown country',
        '/v2/search/client/?query=hemo&country=Argentina',
        /país \(country\)/,
      ],
      [
        'a query of 10 000 characters',
        `/v2/search/client/?country=Chile&query=${'a'.repeat(10_000)}`,
        /query/,
      ],
      ['non-numeric item_ids', '/v2/search/client/?country=Chile&item_ids=uno', /item_ids/],
      ['a bad show_all', '/v2/search/client/?country=Chile&show_all=quizas', /show_all/],
      ['a NUL in the commune', '/v2/search/client/?country=Chile&commune=Las%00Condes', /commune/],
      ['a NUL in the source', '/v2/items/?ids=1&country=cl&source=red%00salud', /source/],
      ['a repeated query', '/v2/search/client/?country=Chile&query=a&query=b', /query/],
    ])('answers %s with a clean 400 in Spanish', async (_case, url, field) => {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body).toEqual({ err: 'invalid-request', msg: expect.stringMatching(field) });
    });

    it.each([
      ['SQL fragments', "'; DROP TABLE catalogue_items; --"],
      ['a LIKE wildcard', '%'],
      ['an underscore', '_'],
      ['a script tag', '<script>alert(1)</script>'],
      ['emoji and a right-to-left override', '💉\u202ehemograma'],
      ['full-width letters', 'ｈｅｍｏｇｒａｍａ'],
      ['a NUL', 'hemo\u0000grama'],
      ['only spaces', '     '],
      ['200 characters of words', 'hemograma '.repeat(20)],
    ])('answers a query with %s normally', async (_case, query) => {
      const { status, body, raw } = await get(
        `/v2/search/client/?country=Chile&query=${encodeURIComponent(query)}`,
      );
      expect(status).toBe(200);
      expect(searchAnswerSchema.safeParse(body).success).toBe(true);
      expect(raw).not.toContain('<script>');
    });

    it.each([
      ['invalid UTF-8 bytes', '%ED%A0%80hemograma'],
      ['a lone percent sign', '%'],
      ['an overlong encoding', '%C0%AFhemograma'],
    ])('answers a query with %s without a 500', async (_case, encoded) => {
      const { status, body } = await get(`/v2/search/client/?country=Chile&query=${encoded}`);
      expect([200, 400]).toContain(status);
      if (status === 400) expect(body).toEqual({ err: expect.any(String), msg: expect.any(String) });
    });

    it('still has its catalogue after the SQL fragments', async () => {
      expect(await search("query=zzz'%20OR%20'1'%3D'1&country=Chile")).toEqual([]);
      expect((await search('query=hemograma&country=Chile')).length).toBeGreaterThan(0);
    });

    it.each([
      [
        'source',
        `/v2/search/client/?country=Chile&query=hemograma&source=${encodeURIComponent("x' OR '1'='1")}`,
      ],
      [
        'commune',
        `/v2/search/client/?country=Chile&query=hemograma&commune=${encodeURIComponent('<script>')}`,
      ],
      [
        'locality',
        `/v2/items/?ids=1&country=cl&locality=${encodeURIComponent("'; DELETE FROM item_prices; --")}`,
      ],
      ['category', `/v2/search/client/?country=Chile&category=${encodeURIComponent("exam' --")}`],
    ])('treats odd text in %s as data', async (_case, url) => {
      const { status } = await get(url);
      expect(status).toBe(200);
    });
  });
});
