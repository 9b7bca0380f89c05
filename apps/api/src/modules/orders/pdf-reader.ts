import { Worker } from 'node:worker_threads';

/**
 * What reading one PDF may take. Past either limit its thread is ended and the PDF refused: the
 * library reads the whole file at once with no limits of its own, and a small file can be built
 * to take gigabytes or minutes. The memory is the thread's JavaScript heap (what the library
 * decodes is bounded apart, in pdf-content.ts); files a person sends read in well under a second.
 */
const LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16, timeoutMs: 5_000 };

type Limits = typeof LIMITS;

/** A thread that has not loaded the library by then will not: the server, not the file, is at fault. */
const START_TIMEOUT_MS = 30_000;

/**
 * A thread reads this many PDFs at most, and none once its heap holds more than this after one:
 * the library keeps every name and reference it ever read, so what one upload left must not
 * crowd the next out of its memory.
 */
const READS_PER_THREAD = 50;
const RETIRING_HEAP_BYTES = 64 * 1024 * 1024;

interface ReaderThread {
  worker: Worker;
  /** Settles when the thread has loaded the library and waits for a PDF. */
  ready: Promise<void>;
  reads: number;
}

/**
 * The compiled server runs dist/pdf-worker.js, built beside it (scripts/build.mjs); from the
 * sources (tsx, Vitest) the thread loads the TypeScript through tsx.
 */
function spawn({ maxOldGenerationSizeMb, maxYoungGenerationSizeMb }: Limits): Worker {
  const resourceLimits = { maxOldGenerationSizeMb, maxYoungGenerationSizeMb };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pdf-worker.js', import.meta.url), { resourceLimits });
  }
  const entry = JSON.stringify(new URL('./pdf-worker.ts', import.meta.url).href);
  const loader = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${loader}).then(({ register }) => { register(); return import(${entry}); })`, {
    eval: true,
    resourceLimits,
  });
}

function startThread(limits: Limits): ReaderThread {
  const worker = spawn(limits);
  // A thread that runs out of memory reports it as an error; unheard, it would end the process.
  worker.on('error', () => {});
  // A thread waiting for work does not keep the process alive.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the PDF reader thread did not start')),
      START_TIMEOUT_MS,
    );
    timer.unref();
    worker.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the PDF reader thread stopped (${code}) before it started`));
    });
  });
  const thread = { worker, ready, reads: 0 };
  worker.once('exit', () => {
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
  });
  return thread;
}

/** Threads with the library loaded, waiting for a PDF (as many as read at once, at most). */
const idle: ReaderThread[] = [];

/**
 * Whether a PDF does nothing but show its pages (pdf-content.ts), read on a thread of its own.
 * False when the reading runs out of memory or time. The caller bounds how many run at once;
 * `limits` other than the server's are for tests, on a thread of their own.
 */
export async function isInertPdfApart(bytes: Uint8Array, limits: Limits = LIMITS): Promise<boolean> {
  const thread = (limits === LIMITS && idle.pop()) || startThread(limits);
  const { worker } = thread;
  let keep = false;
  try {
    await thread.ready;
    worker.ref();
    thread.reads += 1;
    return await new Promise<boolean>((resolve) => {
      const done = (inert: boolean) => {
        clearTimeout(timer);
        worker.off('message', onAnswer);
        worker.off('exit', onExit);
        resolve(inert);
      };
      const onAnswer = ({ inert, heapBytes }: { inert: boolean; heapBytes: number }) => {
        keep = limits === LIMITS && thread.reads < READS_PER_THREAD && heapBytes < RETIRING_HEAP_BYTES;
        done(inert);
      };
      const onExit = () => done(false);
      const timer = setTimeout(() => done(false), limits.timeoutMs);
      worker.on('message', onAnswer);
      worker.once('exit', onExit);
      // A copy moved to the thread: the caller's buffer may share its memory with others.
      const copy = new Uint8Array(bytes);
      worker.postMessage(copy, [copy.buffer]);
    });
  } finally {
    if (keep) {
      worker.unref();
      idle.push(thread);
    } else {
      void worker.terminate();
    }
  }
}
