// Compiles the API ahead of time into dist/: one ESM bundle with the domain package inlined (it
// ships TypeScript sources), npm dependencies left to node_modules, and lazily imported modules
// (the S3 adapter) in their own chunks so a server that does not use them never loads them. The
// thread that reads uploaded PDFs is an entry of its own, dist/pdf-worker.js, beside the server
// that starts it (src/modules/orders/pdf-reader.ts); dist/migrate.js is `npm run migrate` compiled.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const { dependencies } = JSON.parse(readFileSync(join(apiRoot, 'package.json'), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@visita/'));

rmSync(join(apiRoot, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    server: join(apiRoot, 'src/server.ts'),
    'pdf-worker': join(apiRoot, 'src/modules/orders/pdf-worker.ts'),
    // `node apps/api/dist/migrate.js`: a deploy's migration step, without the dev tools.
    migrate: join(apiRoot, 'src/cli/migrate.ts'),
  },
  outdir: join(apiRoot, 'dist'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Subpath imports (drizzle-orm/pg-core, …) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  // The packages left external may be CommonJS: give the bundle a require for esbuild's interop.
  banner: {
    js: "import { createRequire as __visitaRequire } from 'node:module'; const require = __visitaRequire(import.meta.url);",
  },
});
console.info('api: built dist/server.js, dist/pdf-worker.js and dist/migrate.js');
