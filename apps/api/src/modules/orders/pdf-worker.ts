import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { isInertPdf } from './pdf-content.ts';

// A thread of its own reads uploaded PDFs, one at a time (pdf-reader.ts starts it, with its
// limits): a file built to take more memory or time than it should ends this thread, never the
// server. With each answer goes the heap it is left with, by which the server retires it.
const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread (see pdf-reader.ts)');
port.on('message', (bytes: Uint8Array) => {
  isInertPdf(bytes).then(
    (inert) => port.postMessage({ inert, heapBytes: getHeapStatistics().used_heap_size }),
    () => port.postMessage({ inert: false, heapBytes: Infinity }),
  );
});
// The library is loaded (a static import above): the time a reading is given starts now.
port.postMessage('ready');
