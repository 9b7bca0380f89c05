import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertCatalogueItems } from '../catalogue/queries.ts';

describe.each(TEST_ENGINES)("the catalogue's 'Más información' pages on $name", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertCatalogueItems(t.app.db, [
      {
        id: 9001,
        resourcetype: 'Measure',
        name: '<script>alert("x")</script> Examen & co',
        description: 'Una "descripción" <b>con</b> marcas',
        slug: 'examen-con-marcas',
        cmsSlug: 'examen-con-marcas',
        category: 'exam',
        country: 'cl',
        price: 1000,
      },
    ]);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves a pack as an HTML page: name, description, what it includes, preparation, price from', async () => {
    const response = await get('/servicios-disponibles/packs/chequeo-preventivo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<h1>Chequeo preventivo</h1>');
    expect(html).toContain('Hemograma, perfil lipídico, glicemia y orina completa');
    expect(html).toMatch(/Desde \$\s?24\.990/);
    expect(html).toContain('Requiere ayuno de 12 horas.');
    expect(html).toContain('<h2>Incluye</h2>');
    expect(html).toContain('<li>Hemograma</li>');
  });

  it('serves an exam at /wiki/{slug}, with no fasting said so', async () => {
    const response = await get('/wiki/vacuna-contra-influenza');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Vacuna contra la influenza</h1>');
    expect(response.body).toContain('No requiere ayuno.');
    expect(response.body).toMatch(/Desde \$\s?14\.990/);
  });

  it("uses the partner's colours and name when the link names the client", async () => {
    const plain = (await get('/wiki/hemograma')).body;
    const partner = (await get('/wiki/hemograma?client=cajalosandes')).body;
    expect(plain).toContain('<p>Visita</p>');
    expect(partner).toContain('<p>Caja Los Andes</p>');
    expect(partner).toContain('background:#0072CE');
    expect(partner).not.toContain('background:#134E4A');
  });

  it('escapes every catalogue text', async () => {
    const response = await get('/wiki/examen-con-marcas');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('<b>');
    expect(response.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Examen &amp; co');
    expect(response.body).toContain('Una &quot;descripción&quot; &lt;b&gt;con&lt;/b&gt; marcas');
  });

  it('answers an unknown slug, or an unknown client, with an HTML 404 page and never JSON', async () => {
    for (const url of [
      '/wiki/no-existe',
      '/servicios-disponibles/packs/no-existe',
      // A pack's slug is not an exam's page, nor the other way round.
      '/wiki/chequeo-preventivo',
      '/servicios-disponibles/packs/hemograma',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toMatch(/No encontramos este (examen|pack)/);
    }
    const unknownClient = await get(`/wiki/hemograma?client=${'z'.repeat(500)}`);
    expect(unknownClient.statusCode).toBe(200);
    expect(unknownClient.body).toContain('<h1>Hemograma</h1>');
  });
});
