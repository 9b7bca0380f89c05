import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which process holds the embedded database of a DATA_DIR. PGlite's files belong to one process
 * (a second one opening them corrupts them), and its own postmaster.pid cannot tell: it always
 * says pid -42 and outlives a killed process. So the server and the command-line tools each write their
 * pid here before opening the database, refuse while a live process holds it, and remove it at
 * exit; a file left by a process that was killed names a dead pid and is taken over.
 */
const LOCK_FILE = 'pglite.pid';

export type EmbeddedDatabaseHolder = 'server' | 'cli';

const HOLDER_NAMES: Record<EmbeddedDatabaseHolder, string> = {
  server: 'el servidor',
  cli: 'una orden de la línea de comandos (npm run partner, operator, backup, restore u otra)',
};

export class EmbeddedDatabaseInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; role: EmbeddedDatabaseHolder } | null,
  ) {
    const who = holder ? `${HOLDER_NAMES[holder.role]} (pid ${holder.pid})` : 'otro proceso';
    super(
      `La base de datos embebida de ${dataDir} está abierta por ${who} y solo un proceso puede ` +
        'abrirla a la vez.',
    );
    this.name = 'EmbeddedDatabaseInUse';
  }
}

/** Whether a process with this pid runs (one of another user's answers EPERM, and runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): { pid: number; role: EmbeddedDatabaseHolder } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; role?: unknown };
    const { pid, role } = parsed;
    if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0 && (role === 'server' || role === 'cli'))
      return { pid, role };
    return null;
  } catch {
    return null;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the embedded database of `dataDir` for this process, or throws EmbeddedDatabaseInUse.
 * Answers the release (also run at exit); it removes the file only while it is still this one's.
 */
export function lockEmbeddedDatabase(dataDir: string, role: EmbeddedDatabaseHolder): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, role });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      const release = () => {
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A file another process is still writing reads empty for an instant: look once more.
    const holder = readHolder(file) ?? (pause(50), readHolder(file));
    // This pid in it is a file left by an earlier process that had it (a container's pid 1).
    if (holder && holder.pid !== process.pid && isRunning(holder.pid))
      throw new EmbeddedDatabaseInUse(dataDir, holder);
    rmSync(file, { force: true });
  }
  // Others kept taking it between our looks: someone is starting right now.
  throw new EmbeddedDatabaseInUse(dataDir, readHolder(file));
}
