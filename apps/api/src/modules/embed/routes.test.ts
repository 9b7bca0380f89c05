import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { clients } from '../../db/schema.ts';
import { DEMO_SEEDS } from '../../db/seed/demo.ts';
import { runSeeds } from '../../db/seed/run-seeds.ts';
import { TEST_ENGINES, type TestDatabase } from '../../test-support/databases.ts';
import { frameAncestorsPolicy, registeredOrigins } from './service.ts';

const LOCAL = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://console.localhost:3000'];

describe.each(TEST_ENGINES)('embedding on $name', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let demoApp: FastifyInstance;
  beforeAll(async () => {
    testDb = await engine.create();
    await testDb.database.migrate();
    await runSeeds(testDb.database.db, DEMO_SEEDS);
    // A partner with real domains, one of them a staff console, and an entry an operator mistyped.
    await testDb.database.db
      .update(clients)
      .set({
        domains: [
          'https://www.partner.cl',
          'https://console.partner.cl/',
          'https://bad.cl/path',
          'x; script-src *',
        ],
      })
      .where(eq(clients.id, 'clinicaalemana'));
    const dist = mkdtempSync(join(tmpdir(), 'visita-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>widget</title>');
    const embedDir = mkdtempSync(join(tmpdir(), 'visita-embed-'));
    writeFileSync(join(embedDir, 'embed.js'), 'var Visita={};');
    mkdirSync(join(embedDir, 'nested'));
    const build = (env: Record<string, string>) =>
      buildApp({
        config: loadConfig({
          SEED: 'none',
          DATA_DIR: '/tmp/visita-test-unused',
          LAAS_HOSTS: 'console.localhost:3000,console.partner.cl',
          ...env,
        }),
        database: testDb.database,
        widgetDist: dist,
        embedDir,
      });
    app = await build({});
    demoApp = await build({ SEED: 'demo' });
  });
  afterAll(async () => {
    await app?.close();
    await demoApp?.close();
    await testDb?.dispose();
  });

  const host = (query: string) => app.inject({ method: 'GET', url: `/api/embed/host/${query}` });

  describe('GET /api/embed/host/', () => {
    it('lets a registered partner page talk to the widget as an sdk session', async () => {
      const response = await host('?client_id=demo&parent_origin=http://localhost:3000');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ allowed: true, origin: 'sdk' });
    });

    it('makes a registered page on a LAAS_HOSTS host a staff (laas) session', async () => {
      expect((await host('?client_id=demo-laas&parent_origin=http://console.localhost:3000')).json()).toEqual(
        {
          allowed: true,
          origin: 'laas',
        },
      );
      expect(
        (await host('?client_id=clinicaalemana&parent_origin=https://console.partner.cl')).json(),
      ).toEqual({
        allowed: true,
        origin: 'laas',
      });
    });

    it('refuses a page that is not a registered domain, even on a staff host', async () => {
      for (const origin of [
        'http://evil.localhost:3000',
        'http://localhost:3001',
        'https://localhost:3000',
      ]) {
        expect((await host(`?client_id=demo&parent_origin=${encodeURIComponent(origin)}`)).json()).toEqual({
          allowed: false,
          origin: 'sdk',
        });
      }
      // console.partner.cl is a staff host, but not one of demo's domains.
      expect((await host('?client_id=demo&parent_origin=https://console.partner.cl')).json()).toEqual({
        allowed: false,
        origin: 'sdk',
      });
    });

    it('answers an unknown client with 404 and the invalid-client text', async () => {
      const response = await host('?client_id=no-existe&parent_origin=http://localhost:3000');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        err: 'client-not-found',
        msg: 'El identificador de cliente no es válido.',
      });
    });

    it.each([
      ['no parent origin', '?client_id=demo'],
      ['no client', '?parent_origin=http://localhost:3000'],
      ['a path', '?client_id=demo&parent_origin=http://localhost:3000/page'],
      ['credentials', '?client_id=demo&parent_origin=http://user:pw@localhost:3000'],
      ['another scheme', '?client_id=demo&parent_origin=javascript:alert(1)'],
      ['an opaque origin', '?client_id=demo&parent_origin=null'],
      [
        'a header injection',
        `?client_id=demo&parent_origin=${encodeURIComponent('http://localhost:3000\r\nx: y')}`,
      ],
      ['a client id too long', `?client_id=${'a'.repeat(101)}&parent_origin=http://localhost:3000`],
    ])('answers %s with 400 {err, msg}', async (_name, query) => {
      const response = await host(query);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(['err', 'msg']);
    });
  });

  describe('the widget page', () => {
    /** The page's frame-ancestors directive, and that the rest of its policy stays strict. */
    const frameAncestors = (header: unknown) => {
      const directives = String(header).split(/;\s*/);
      expect(directives).toContain("default-src 'self'");
      expect(directives).toContain("script-src 'self'");
      return directives.find((directive) => directive.startsWith('frame-ancestors'));
    };

    it("may be framed only by Visita and the client's registered domains", async () => {
      const response = await app.inject({ method: 'GET', url: '/demo' });
      expect(response.statusCode).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy'])).toBe(
        `frame-ancestors 'self' ${LOCAL.join(' ')}`,
      );
    });

    it('drops a registered domain that is not an origin rather than let it into the header', async () => {
      const response = await app.inject({ method: 'GET', url: '/clinicaalemana' });
      expect(frameAncestors(response.headers['content-security-policy'])).toBe(
        "frame-ancestors 'self' https://www.partner.cl https://console.partner.cl",
      );
    });

    it.each(['/no-existe', '/'])(
      'at %s (no known client) may be framed only by Visita itself',
      async (url) => {
        const response = await app.inject({ method: 'GET', url });
        expect(frameAncestors(response.headers['content-security-policy'])).toBe("frame-ancestors 'self'");
      },
    );
  });

  describe('/embed.js', () => {
    it('is served as JavaScript, cached briefly and revalidated, loadable from any partner page', async () => {
      const response = await app.inject({ method: 'GET', url: '/embed.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
      expect(response.headers.etag).toBeTruthy();
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.body).toBe('var Visita={};');
      const again = await app.inject({
        method: 'GET',
        url: '/embed.js',
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('/demo-host/', () => {
    it('serves the demo partner pages with the demo dataset', async () => {
      for (const url of ['/demo-host/', '/demo-host/console.html', '/demo-host/unregistered.html']) {
        const response = await demoApp.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain('/embed.js');
      }
      expect((await demoApp.inject({ method: 'GET', url: '/demo-host/console.html' })).body).toContain(
        "'demo-laas': 'demo-laas-token'",
      );
    });

    it('is not there without it (a production database has no demo token to show)', async () => {
      const response = await app.inject({ method: 'GET', url: '/demo-host/console.html' });
      expect(response.statusCode).toBe(404);
    });
  });
});

describe('frame-ancestors policy', () => {
  it("is 'self' and each registered origin once, canonical", () => {
    expect(frameAncestorsPolicy(['HTTPS://Partner.cl:443/', 'https://partner.cl', 'http://a.cl:8080'])).toBe(
      "frame-ancestors 'self' https://partner.cl http://a.cl:8080",
    );
    expect(frameAncestorsPolicy(null)).toBe("frame-ancestors 'self'");
    expect(registeredOrigins(['*', 'https://*.partner.cl', "'none'", 'ftp://x.cl', ''])).toEqual([]);
  });
});
