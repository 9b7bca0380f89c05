import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

/** The partner script stays at or under 5 KB gzip. */
const BUDGET_BYTES = 5 * 1024;

describe('the built embed script', () => {
  it('is one file of at most 5 KB gzip that defines the global Visita and nothing else', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'visita-embed-'));
    await build({
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      root: fileURLToPath(new URL('..', import.meta.url)),
      logLevel: 'silent',
      build: { outDir },
    });
    expect(readdirSync(outDir)).toEqual(['embed.js']);
    const code = readFileSync(join(outDir, 'embed.js'));
    const gzipped = gzipSync(code, { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(code.toString()).toMatch(/^var Visita=/);
    expect(code.toString()).not.toMatch(/\bimport\b|\brequire\(/);
  }, 60_000);
});
