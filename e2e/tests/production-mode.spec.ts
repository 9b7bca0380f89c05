import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The compiled server, as an operator starts it in production: it refuses to start with the demo
 * seed or a missing secret, naming each variable, and starts with a complete setting.
 */
const SERVER = join(import.meta.dirname, '..', '..', 'apps', 'api', 'dist', 'server.js');
const STRONG = 'f3a9c1d7e5b2460a8c9d1e3f5a7b9c0d2e4f6a8b';

interface Run {
  code: number | null;
  output: string;
}

/** Starts the server with `env` and waits for it to exit, or for `ready` in its output. */
function start(env: Record<string, string>, ready?: RegExp): Promise<Run & { stop: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'visita-production-'));
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () => {
    child.kill('SIGTERM');
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server neither stopped nor started:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready?.test(output)) {
        clearTimeout(timer);
        resolve({ code: null, output, stop });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output, stop });
    });
  });
}

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://reservas.visita.example',
  ADMIN_TOKEN: STRONG,
  CONSOLE_SECRET: `${STRONG}-console`,
  PAYMENTS: 'mercadopago',
  MP_ACCESS_TOKEN: 'APP_USR-not-used',
  MP_PUBLIC_KEY_CL: 'APP_USR-cl',
  MP_PUBLIC_KEY_MX: 'APP_USR-mx',
  MP_WEBHOOK_SECRET: `${STRONG}-mp`,
};

test('in production the server refuses the demo seed and weak settings, naming each, and does not start', async () => {
  const refused = await start({
    ...production,
    SEED: 'demo',
    PUBLIC_URL: 'http://reservas.visita.example',
    ADMIN_TOKEN: 'x'.repeat(40),
  });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('SEED="demo": no se permite con NODE_ENV=production');
  expect(refused.output).toContain('PUBLIC_URL="http://reservas.visita.example": debe ser https');
  expect(refused.output).toContain('ADMIN_TOKEN: es débil');
  expect(refused.output).not.toMatch(/listening|Server listening/i);

  const sandbox = await start({ ...production, PAYMENTS: 'sandbox' });
  expect(sandbox.code).toBe(1);
  expect(sandbox.output).toContain('PAYMENTS: debe ser mercadopago con NODE_ENV=production');
});

test('in production with every setting it starts, with no demo partner', async () => {
  const run = await start(production, /listening/i);
  try {
    expect(run.code).toBeNull();
    const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(run.output)?.[1];
    expect(port).toBeTruthy();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    // No demo seed ran: the operators' API lists no partner at all.
    const partners = await fetch(`http://127.0.0.1:${port}/api/admin/partners`, {
      headers: { authorization: `Bearer ${STRONG}`, 'x-operator': 'e2e' },
    });
    expect(partners.status).toBe(200);
    const listed = (await partners.json()) as { results?: unknown[] } | unknown[];
    expect(Array.isArray(listed) ? listed : (listed.results ?? ['?'])).toEqual([]);
  } finally {
    run.stop();
  }
});
