import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from './embedded-lock.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'visita-lock-'));
  dirs.push(dir);
  return dir;
};

/** A process that runs until killed, and one that has already ended (its pid names nobody). */
function runningProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return { pid: child.pid ?? 0, stop: () => child.kill('SIGKILL') };
}
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 0;
}

describe('the embedded database lock', () => {
  it('is taken, names this process, and is gone once released', () => {
    const dir = dataDir();
    const release = lockEmbeddedDatabase(dir, 'cli');
    expect(JSON.parse(readFileSync(join(dir, 'pglite.pid'), 'utf8'))).toEqual({
      pid: process.pid,
      role: 'cli',
    });
    release();
    expect(existsSync(join(dir, 'pglite.pid'))).toBe(false);
  });

  it('is refused while a running process holds it, naming it in Spanish', () => {
    const dir = dataDir();
    const holder = runningProcess();
    try {
      writeFileSync(join(dir, 'pglite.pid'), JSON.stringify({ pid: holder.pid, role: 'server' }));
      let refusal: unknown;
      try {
        lockEmbeddedDatabase(dir, 'cli');
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(EmbeddedDatabaseInUse);
      expect((refusal as Error).message).toBe(
        `La base de datos embebida de ${dir} está abierta por el servidor (pid ${holder.pid}) y solo ` +
          'un proceso puede abrirla a la vez.',
      );
      // The holder's file is left alone.
      expect(JSON.parse(readFileSync(join(dir, 'pglite.pid'), 'utf8'))).toEqual({
        pid: holder.pid,
        role: 'server',
      });
    } finally {
      holder.stop();
    }
  });

  it('is taken over from a process that was killed, or from a file that is not one of ours', async () => {
    for (const left of [JSON.stringify({ pid: await endedPid(), role: 'server' }), '', 'basura']) {
      const dir = dataDir();
      writeFileSync(join(dir, 'pglite.pid'), left);
      const release = lockEmbeddedDatabase(dir, 'server');
      expect(JSON.parse(readFileSync(join(dir, 'pglite.pid'), 'utf8'))).toEqual({
        pid: process.pid,
        role: 'server',
      });
      release();
    }
  });

  it('released late, leaves alone a lock that another process has taken since', () => {
    const dir = dataDir();
    const release = lockEmbeddedDatabase(dir, 'cli');
    const other = JSON.stringify({ pid: 1, role: 'server' });
    writeFileSync(join(dir, 'pglite.pid'), other);
    release();
    expect(readFileSync(join(dir, 'pglite.pid'), 'utf8')).toBe(other);
  });
});
