import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// PGlite is always first; serving files does not depend on the engine.
const [pglite] = TEST_ENGINES;
if (!pglite) throw new Error('no test engine');

describe('the built widget, served by the API', () => {
  let t: TestApp;
  let distDir = '';
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'visita-dist-'));
    distDir = dist;
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>widget</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // What scripts/precompress.mjs writes next to a built asset.
    const script = 'console.log("comprimido");'.repeat(100);
    writeFileSync(join(dist, 'assets', 'big-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'visita-logo.svg'), '<svg/>');
    t = await createTestApp(pglite, { widgetDist: dist, seed: false });
  });
  afterAll(() => t?.close());

  it.each(['/', '/demo', '/clinicaalemana', '/no-existe', '/demo/'])(
    'serves the widget page at %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>widget</title>');
    },
  );

  it('sends the widget page with a strict script policy, nosniff and a referrer policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/demo' });
    const policy = String(response.headers['content-security-policy']);
    const directives = policy.split(';').map((directive) => directive.trim());
    expect(directives).toContain("default-src 'self'");
    expect(directives).toContain("script-src 'self'");
    expect(directives).toContain("object-src 'none'");
    expect(directives).toContain("base-uri 'none'");
    expect(directives.some((directive) => directive.startsWith("frame-ancestors 'self'"))).toBe(true);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Over plain HTTP HSTS means nothing (and must not be sent).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when the request came over HTTPS', async () => {
    const secure = await createTestApp(pglite, {
      seed: false,
      widgetDist: distDir,
      env: { TRUST_PROXY: '10.0.0.1' },
    });
    try {
      const viaProxy = await secure.app.inject({
        method: 'GET',
        url: '/demo',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '10.0.0.1',
      });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // A client naming https itself, not through the trusted proxy, is not believed.
      const direct = await secure.app.inject({
        method: 'GET',
        url: '/demo',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '198.51.100.9',
      });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await secure.close();
    }
  });

  it('serves hashed assets for a year and other files fresh', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await t.app.inject({ method: 'GET', url: '/visita-logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, Brotli first, and the plain file otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("comprimido");'.repeat(100));
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("comprimido");'.repeat(100));
  });

  it('answers a missing file with 404 JSON, not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/missing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ err: 'not-found', msg: 'El recurso solicitado no existe.' });
  });

  it('keeps /api answers as JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'pglite' });
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(pglite, { seed: false });
  });
  afterAll(() => t?.close());

  it('is browsable at /api/docs (Swagger UI, under a strict CSP) and its JSON at /api/docs/json', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.body).toMatch(/^openapi: 3\./m);
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const sdkConfig = document.paths['/api/alliances/clients/sdk-config/'];
    expect(sdkConfig.get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'query', required: true })]),
    );
    expect(Object.keys(sdkConfig.get.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(document.paths['/api/health']).toBeDefined();
  });
});
