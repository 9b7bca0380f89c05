import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The partner CLI as docs/admin-api.md shows it, run through npm from the repository's root
 * against the embedded database of a real server's DATA_DIR.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'visita-partner-commands-'));
const LOCK = join(dataDir, 'pglite.pid');
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATA_DIR: dataDir };

let server: { child: ChildProcess; exited: Promise<number | null> } | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server on DATA_DIR (it seeds the demo dataset), once it listens. */
async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WIDGET_DIST: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + 60_000;
  while (!output.includes('Server listening')) {
    if (Date.now() > until || child.exitCode !== null)
      throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited };
}

/** A command line as a person types it in the repository's root. */
function sh(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run partner beside the server on the embedded database', () => {
  const file = join(dataDir, 'demo.json');

  it('refuses while the server holds the database, saying so in Spanish and touching nothing', async () => {
    server = await startServer();
    const refused = await sh(`npm run partner -- export demo --out ${file}`);
    expect(refused.code).toBe(1);
    const pid = server.child.pid;
    expect(refused.stderr).toContain(
      `La base de datos embebida de ${dataDir} está abierta por el servidor (pid ${pid}) y solo un ` +
        'proceso puede abrirla a la vez. Detén el servidor antes de usar este comando',
    );
    expect(existsSync(file)).toBe(false);
    // The server's claim is left as it was.
    expect(JSON.parse(readFileSync(LOCK, 'utf8'))).toEqual({ pid, role: 'server' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = undefined;
    expect(existsSync(LOCK)).toBe(false);
  }, 120_000);

  it('exports to a file with --out that imports back unchanged, as the documentation writes them', async () => {
    const exported = await sh(`npm run partner -- export demo --out ${file}`);
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ id: 'demo', country: 'cl' });
    const imported = await sh(`npm run partner -- import ${file}`);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Socio demo: 0 cambio(s)\nNada que guardar.');
    // Printing it needs npm's own banner off.
    const printed = await sh(`npm run --silent partner -- export demo`);
    expect(JSON.parse(printed.stdout)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  }, 120_000);

  it('takes the database over from a server that was killed', async () => {
    server = await startServer();
    server.child.kill('SIGKILL');
    await server.exited;
    server = undefined;
    expect(existsSync(LOCK)).toBe(true);
    const exported = await sh(`npm run partner -- export demo --out ${file}`);
    expect(exported.code, exported.stderr).toBe(0);
    expect(existsSync(LOCK)).toBe(false);
  }, 120_000);
});
