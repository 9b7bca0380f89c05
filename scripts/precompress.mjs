// Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of a built folder, so the
// API's static files (preCompressed) send the smaller one the browser accepts without compressing
// on each request. Usage: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
// Below this the headers cost more than compression saves.
const MIN_BYTES = 1024;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name) && statSync(path).size >= MIN_BYTES) {
      const body = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      );
    }
  }
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/precompress.mjs <dir>');
  process.exit(2);
}
walk(dir);
