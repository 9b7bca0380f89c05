import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATE = fileURLToPath(new URL('./migrate.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'visita-migrate-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a script of the API with `env` until it exits or prints `until`; its output. */
function run(script: string, env: Record<string, string>, until?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      WIDGET_DIST: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until && output.includes(until)) {
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('migrations as a step of their own (npm run migrate, MIGRATE_ON_START=false)', () => {
  it('the server refuses a database that lacks them; migrate applies them once; then the server starts', async () => {
    const refused = await run(SERVER, { MIGRATE_ON_START: 'false', SEED: 'none', LOG_LEVEL: 'info' });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Faltan migraciones en la base de datos: 0000_[a-z_]+, /);
    expect(refused.output).toContain('Ejecuta npm run migrate');

    const first = await run(MIGRATE, {});
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/Migraciones aplicadas \(\d+\): 0000_/);
    const again = await run(MIGRATE, {});
    expect(again.code).toBe(0);
    expect(again.output).toContain('La base de datos ya tiene todas las migraciones.');

    const started = await run(
      SERVER,
      { MIGRATE_ON_START: 'false', SEED: 'none', LOG_LEVEL: 'info' },
      '"ready"',
    );
    expect(started.output).toContain('Server listening');
    expect(started.output).not.toContain('Faltan migraciones');
  }, 120_000);

  it('refuses a bad MIGRATE_ON_START by name', async () => {
    const bad = await run(SERVER, { MIGRATE_ON_START: 'quizás' });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('MIGRATE_ON_START="quizás": debe ser true o false');
  });
});
