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

function builtApp(title: string): string {
  const dist = mkdtempSync(join(tmpdir(), `visita-${title}-`));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeFileSync(join(dist, 'assets', `${title}-abc123.js`), 'console.log(1)');
  return dist;
}

describe('the built console, served by the API beside the widget', () => {
  let t: TestApp;
  const script = 'console.log("consola");'.repeat(100);
  beforeAll(async () => {
    const consoleDist = builtApp('consola');
    // What scripts/precompress.mjs writes next to a built asset.
    writeFileSync(join(consoleDist, 'assets', 'big-def456.js'), script);
    writeFileSync(join(consoleDist, 'assets', 'big-def456.js.br'), brotliCompressSync(script));
    writeFileSync(join(consoleDist, 'assets', 'big-def456.js.gz'), gzipSync(script));
    writeFileSync(join(consoleDist, 'favicon.svg'), '<svg/>');
    t = await createTestApp(pglite, { widgetDist: builtApp('widget'), consoleDist, seed: false });
  });
  afterAll(() => t?.close());

  it.each([
    '/console',
    '/console/',
    '/console/ingresar',
    '/console/citas/6f1c2d3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  ])('answers the console page, never cached, at %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>consola</title>');
  });

  it('sends the console page with its own policy: no framing, scripts and calls only from Visita', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/console/agenda' });
    const directives = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim());
    expect(directives).toEqual(
      expect.arrayContaining([
        "frame-ancestors 'none'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
      ]),
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the widget at /{clientId} and /demo', async () => {
    for (const url of ['/', '/demo', '/clinica']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>widget</title>');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/widget-abc123.js' });
    expect(asset.statusCode).toBe(200);
  });

  it('serves hashed assets for a year, precompressed, and other files fresh', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/console/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/console/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const icon = await t.app.inject({ method: 'GET', url: '/console/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/console/assets/missing-000.js', '/console/missing.js', '/console/citas/x.map'])(
    'answers a missing file (%s) with 404 JSON, not the page',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ err: 'not-found', msg: 'El recurso solicitado no existe.' });
    },
  );

  it('leaves /api/console to the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/console/auth/csrf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
